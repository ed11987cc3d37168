// @vitest-environment jsdom
// Every learner at the table: the live log reads each line once and in order, picking a card says
// where it fits in Python's words, the focus never drops to the page's body, keys stay in the
// table and Escape hands the focus back, and each table's ids are its own.
import { afterEach, describe, expect, it } from "vitest";
import { KEPT, announcer } from "../src/announce.js";
import { focusAfter, focusBefore, focusKey } from "../src/focus.js";
import widget from "../src/index.js";
import { keepKeys, leaveTable } from "../src/keep.js";
import { LEGAL, mountTable, snapshot, tick } from "./fake-model.js";

const mounted = [];
afterEach(() => {
  for (const { cleanup, el } of mounted.splice(0)) {
    cleanup?.();
    el.remove();
  }
  document.body.replaceChildren();
});

function mount(snap = snapshot(), extra = {}) {
  const table = mountTable(widget, { snapshot: snap, legal: LEGAL, status: "Your turn.", ...extra });
  mounted.push(table);
  return table;
}

const key = (node, k) => node.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
const lines = (el) => [...el.querySelectorAll("[data-announce] p")].map((p) => p.textContent);

describe("the live log", () => {
  it("reads each new line once, in order, and keeps only the latest few", () => {
    const { el, announce } = announcer();
    expect(el.getAttribute("role")).toBe("log");
    expect(el.getAttribute("aria-live")).toBe("polite");
    expect(announce("P2 plays the king of hearts.")).toBe(true);
    expect(announce("P2 plays the king of hearts.")).toBe(false); // the same line again: not news
    expect(announce("")).toBe(false);
    expect(announce(null)).toBe(false);
    announce("P2 draws a card and ends the turn.");
    expect([...el.children].map((p) => p.textContent)).toEqual(["P2 plays the king of hearts.", "P2 draws a card and ends the turn."]);
    for (let i = 0; i < KEPT + 5; i += 1) announce(`line ${i}`);
    expect(el.childElementCount).toBe(KEPT);
    expect(el.lastElementChild?.textContent).toBe(`line ${KEPT + 4}`);
  });

  it("says every status Python sends, each once, and the hand's score when it ends", async () => {
    const { el, model } = mount();
    expect(lines(el)).toEqual([]); // the line there at the start is not news
    model.set({ status: "P2 plays the king of hearts into the south-east corner." });
    model.set({ status: "P2 draws a card and ends the turn. Your turn." });
    model.set({ snapshot: snapshot({ version: 8 }) });
    await tick();
    const summary = { reason: "out", why: "You went out.", line: "", hands: [], row: null, said: "This hand's points: You 0 points, P2 16 points." };
    model.set({ snapshot: snapshot({ version: 9, over: true, summary }) });
    await tick();
    model.set({ snapshot: snapshot({ version: 10, over: true, summary }) });
    await tick();
    expect(lines(el)).toEqual([
      "P2 plays the king of hearts into the south-east corner.",
      "P2 draws a card and ends the turn. Your turn.",
      "This hand's points: You 0 points, P2 16 points.",
    ]);
    expect(el.querySelector("[data-status]").getAttribute("aria-live")).toBe("off");
  });

  it("says where a picked card fits, in the snapshot's words", () => {
    const fits = { Th: "The ten of hearts fits on the north pile and the west space." };
    const { el } = mount(snapshot({ fits }));
    key(el.querySelector('[data-hand] [data-card="Th"]'), "Enter");
    expect(lines(el).at(-1)).toBe(fits.Th);
    expect(el.querySelector("[data-status]").textContent).toBe(fits.Th);
  });
});

describe("the focus", () => {
  it("finds the same control, card, pile or box again", () => {
    const { el } = mount();
    expect(focusKey(el.querySelector('[data-hand] [data-card="Th"]'))).toBe('[data-hand] [data-card="Th"]');
    expect(focusKey(el.querySelector('[data-pile="N"]'))).toBe('[data-pile="N"]');
    expect(focusKey(el.querySelector('[data-action="draw"]'))).toBe('[data-action="draw"]');
    expect(focusKey(el.querySelector(".kcw-log"))).toBe(".kcw-log");
  });

  it("goes to the review when the control that opened it is gone, never to the body", async () => {
    const { el, model } = mount();
    const button = el.querySelector('[data-action="draw"]');
    button.focus();
    const before = focusBefore(el.querySelector(".kcw-table"));
    expect(before?.key).toBe('[data-action="draw"]');
    const review = {
      heading: "Review", turn: 1, turns: 2, match: false, hand: 1, verdict: "best", words: "", played: [], best: [], judge: "cards",
      summary: { accuracy: 1, counts: { best: 2 }, shed: 2, possible: 2, estimated: 2, judge: "cards", note: null },
    };
    model.set({ snapshot: snapshot({ version: 8, mode: "review", review, actions: [] }) });
    await tick();
    expect(document.activeElement).toBe(el.querySelector("[data-review]"));
  });

  it("falls back to the next sensible place when nothing was kept", () => {
    const { el } = mount();
    const root = el.querySelector(".kcw-table");
    el.querySelector('[data-hand] [data-card="Th"]').focus();
    const before = focusBefore(root);
    el.querySelector('[data-hand] [data-card="Th"]').remove(); // played
    document.body.focus();
    focusAfter(root, before);
    expect(root.contains(document.activeElement)).toBe(true);
  });
});

describe("keys stay in the table", () => {
  it("no key reaches the page, and Escape with nothing picked up hands the focus back", () => {
    const cell = document.createElement("div");
    cell.className = "jp-Cell";
    cell.tabIndex = -1;
    document.body.append(cell);
    const { el } = mountTable(widget, { snapshot: snapshot(), legal: LEGAL, status: "" });
    mounted.push({ el, cleanup: undefined });
    cell.append(el);
    const outside = [];
    const listen = (e) => outside.push(e.key);
    document.addEventListener("keydown", listen, true);
    document.addEventListener("keydown", listen);
    const ten = el.querySelector('[data-hand] [data-card="Th"]');
    for (const k of ["x", "m", "0", "a", "b", "j", "Enter"]) key(ten, k);
    expect(outside).toEqual([]);
    key(ten, "Escape"); // puts the ten back: the table used it
    expect(outside).toEqual([]);
    ten.focus();
    key(ten, "Escape"); // nothing picked up: back to the cell, and the notebook hears it
    expect(document.activeElement).toBe(cell);
    expect(outside).toEqual(["Escape", "Escape"]);
    document.removeEventListener("keydown", listen, true);
    document.removeEventListener("keydown", listen);
  });

  it("keeps a table's keys from another table on the page", () => {
    const root = document.createElement("div");
    const other = document.createElement("div");
    document.body.append(root, other);
    const seen = [];
    const stop = keepKeys(root, (e) => seen.push(e.key));
    key(other, "x");
    key(root, "y");
    expect(seen).toEqual(["y"]);
    stop();
    key(root, "z");
    expect(seen).toEqual(["y"]);
    expect(leaveTable(root)).toBe(false); // no notebook around it: the focus stays
  });

  it("gives each table on the page ids of its own", () => {
    const why = { kind: "undo", label: "Undo", enabled: false, primary: false, key: "U", teacher: false, why: "No.", input: null };
    const first = mount(snapshot({ actions: [why] }));
    const second = mount(snapshot({ actions: [why] }));
    const ids = [...document.querySelectorAll("[id]")].map((node) => node.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.el.querySelector("[aria-describedby]").getAttribute("aria-describedby")).not.toBe(
      second.el.querySelector("[aria-describedby]").getAttribute("aria-describedby"),
    );
  });
});
