// @vitest-environment jsdom
// The teacher's pieces: the log by turn, the end-of-hand summary, reveal, the table's question,
// a refusal kept in view and hints lit up on the table.
import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../src/index.js";
import { followLog, logEl, logPlace, turnsOf } from "../src/log.js";
import { summaryEl } from "../src/summary.js";
import { LEGAL, PLAY_ACTIONS, control, snapshot, tick, click, mountTable } from "./fake-model.js";

let el;
let model;
let cleanup;

function mount(snap = snapshot(), legal = LEGAL, extra = {}) {
  ({ model, el, cleanup } = mountTable(widget, { snapshot: snap, legal, status: "Your turn.", ...extra }));
}

const $ = (selector) => el.querySelector(selector);
const $$ = (selector) => [...el.querySelectorAll(selector)];

afterEach(() => {
  cleanup?.();
  el?.remove();
  cleanup = undefined;
});

const LOG = [
  { player: null, notation: "N>NE", words: "The rules move the dealt king of clubs from the north pile to the north-east corner" },
  { player: 1, notation: "Th>N", words: "You play the ten of hearts on the north pile" },
  { player: 1, notation: "draw", words: "You draw a card and end your turn" },
  { player: 2, notation: "9s>N", words: "P2 plays the nine of spades on the north pile" },
  { player: 2, notation: "draw", words: "P2 draws a card and ends the turn" },
];
const TURNS = [
  { player: null, name: "", start: 0, count: 1, recap: "The rules move the dealt kings to the corners" },
  { player: 1, name: "You", start: 1, count: 2, recap: "You played 1 card and drew" },
  { player: 2, name: "P2", start: 3, count: 2, recap: "P2 played 1 card and drew" },
];

const SUMMARY = {
  reason: "out",
  why: "P2 played their last card, so the hand ended at once.",
  line: "P2 went out and wins. Left in hand: You 2 cards (11 points).",
  hands: [
    { player: 1, name: "You", cards: ["Ks", "4h"], count: 2, points: 11, out: false, won: false, kept: 0 },
    { player: 2, name: "P2", cards: [], count: 0, points: 0, out: true, won: true, kept: 0 },
  ],
  row: { label: "Hand 2", names: ["You", "P2"], points: [11, 0], totals: [14, 6], winners: ["P2"] },
};

describe("the log", () => {
  it("groups the whole log by turn, headed by what each turn did", () => {
    mount(snapshot({ log: LOG, turns: TURNS }));
    const turns = $$(".kcw-turn");
    expect(turns.map((t) => t.querySelector(".kcw-turn-head").textContent)).toEqual([
      "The rules move the dealt kings to the corners",
      "You played 1 card and drew",
      "P2 played 1 card and drew · computer",
    ]);
    expect(turns[2].querySelectorAll(".kcw-moves li")).toHaveLength(2);
    expect(turns[1].classList.contains("kcw-mine")).toBe(true);
    expect(turns[2].classList.contains("kcw-computer")).toBe(true);
    // a log region that is not a list, holding real lists (no list items outside a list)
    const region = $('[role="log"]');
    expect(region.tagName).toBe("DIV");
    expect($$("li").every((li) => ["OL", "UL"].includes(li.parentElement.tagName))).toBe(true);
  });

  it("groups by player in a row when the snapshot sends no turns", () => {
    expect(turnsOf({ log: LOG }).map((t) => [t.start, t.count])).toEqual([
      [0, 1],
      [1, 2],
      [3, 2],
    ]);
  });

  it("marks the computer turn being played as live", () => {
    mount(snapshot({ log: LOG, turns: TURNS, turn: 2, waiting: 2 }));
    expect($$(".kcw-turn.kcw-live").map((t) => t.dataset.turn)).toEqual(["3"]);
  });

  it("follows the newest move, but keeps the place a reader scrolled back to", () => {
    const root = document.createElement("div");
    const fake = (top, client, height) => {
      const log = logEl({ log: LOG, turns: TURNS, hands: [] }).querySelector(".kcw-log");
      Object.defineProperty(log, "clientHeight", { value: client });
      Object.defineProperty(log, "scrollHeight", { value: height });
      log.scrollTop = top;
      root.replaceChildren(log);
      return log;
    };
    fake(0, 100, 500);
    const back = logPlace(root);
    expect(back.atEnd).toBe(false);
    const next = fake(0, 100, 600);
    followLog(root, { ...back, top: 120 });
    expect(next.scrollTop).toBe(120);
    fake(400, 100, 500);
    const end = logPlace(root);
    expect(end.atEnd).toBe(true);
    const grown = fake(0, 100, 700);
    followLog(root, end);
    expect(grown.scrollTop).toBe(700);
  });
});

describe("the end of a hand", () => {
  it("lists every hand with its cards and count, why the hand ended, and the score row", () => {
    const section = summaryEl(SUMMARY);
    expect(section.querySelector(".kcw-summary-why").textContent).toBe(SUMMARY.why);
    const rows = [...section.querySelectorAll(".kcw-summary-hands tbody tr")];
    expect(rows.map((r) => [...r.querySelectorAll("[data-card]")].map((c) => c.dataset.card))).toEqual([["Ks", "4h"], []]);
    expect(rows[0].textContent).toContain("2 cards");
    expect(rows[0].textContent).toContain("11 points");
    expect(rows[1].textContent).toContain("went out");
    expect(rows[1].textContent).toContain("wins");
    const sheet = section.querySelector(".kcw-summary-row");
    expect(sheet.querySelector("caption").textContent).toBe("Hand 2 on the score sheet");
    expect([...sheet.querySelectorAll("tbody tr")].map((r) => r.textContent)).toEqual(["Hand 2110", "Total146"]);
    expect(summaryEl(null)).toBeNull();
  });

  it("adds nothing to the felt while a hand is played", () => {
    mount(snapshot());
    expect($(".kcw-felt").textContent).not.toContain("null");
    expect($(".kcw-felt > .kcw-overlay")).toBeNull();
  });

  it("is drawn beside the felt, never over it, and Hide summary puts it away until the next hand", async () => {
    mount(snapshot({ over: true, summary: SUMMARY, reveal: { allowed: true, on: false } }));
    expect($(".kcw-felt [data-summary]")).toBeNull();
    expect($(".kcw-side > [data-summary]")).not.toBeNull();
    click($('[data-summary] [data-action="summary"]'));
    expect($("[data-summary]")).toBeNull();
    expect(model.sent).toEqual([]); // a view of the table only: nothing goes to Python
    click($('.kcw-controls [data-action="summary"]'));
    expect($("[data-summary]")).not.toBeNull();
  });

  it("comes right after the message line, before the buttons, when the side column drops below the table", () => {
    const width = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(600); // a narrow column
    try {
      mount(snapshot({ over: true, summary: SUMMARY, reveal: { allowed: true, on: false } }));
      expect($(".kcw-table").classList.contains("kcw-side-below")).toBe(true);
      expect($(".kcw-side [data-summary]")).toBeNull();
      const dock = [...$(".kcw-dock").children].filter((child) => !child.hidden);
      expect(dock.map((child) => child.className)).toEqual(["kcw-status-box", "kcw-summary-slot", "kcw-controls-slot"]);
      expect(dock[1].querySelector("[data-summary]")).not.toBeNull();
      click($('[data-summary] [data-action="summary"]'));
      expect($("[data-summary]")).toBeNull();
    } finally {
      width.mockRestore();
    }
  });
});

describe("reveal", () => {
  it("draws the button only when Python lists it (a teacher's table), and sends reveal", async () => {
    mount();
    expect($('[data-action="reveal"]')).toBeNull();
    cleanup();
    el.remove();
    const reveal = (label) => [...PLAY_ACTIONS, control("reveal", label, { teacher: true })];
    mount(snapshot({ actions: reveal("Show all hands") }));
    const button = $('[data-action="reveal"]');
    expect(button.textContent).toBe("Show all hands");
    expect(button.classList.contains("kcw-teacher")).toBe(true);
    click(button);
    expect(model.sent).toEqual([{ kind: "reveal", version: 7 }]);
    model.set({ snapshot: snapshot({ version: 8, actions: reveal("Hide hands") }) });
    await tick();
    expect($('[data-action="reveal"]').textContent).toBe("Hide hands");
  });
});

describe("the table's question", () => {
  const confirm = { kind: "new", question: "Start a new match? That throws away the match in progress (hand 1 begun).", yes: "Yes, start it", no: "No, keep playing" };

  it("asks on the table, focuses the safe answer, and sends the answer with its version", async () => {
    mount(snapshot({ confirm }));
    const box = $(".kcw-felt [data-confirm]");
    expect(box.getAttribute("role")).toBe("alertdialog");
    expect(box.textContent).toContain("throws away the match in progress");
    expect(document.activeElement).toBe($('[data-action="cancel"]'));
    click($('[data-action="confirm"]'));
    expect(model.sent).toEqual([{ kind: "confirm", version: 7 }]);
  });

  it("keeps asking through a computer's move (a new version), and goes once answered", async () => {
    mount(snapshot({ confirm }));
    model.set({ snapshot: snapshot({ version: 9, confirm }) });
    await tick();
    expect($("[data-confirm]")).not.toBeNull();
    click($('[data-action="cancel"]'));
    expect(model.sent).toEqual([{ kind: "cancel", version: 9 }]);
    model.set({ snapshot: snapshot({ version: 10 }) });
    await tick();
    expect($("[data-confirm]")).toBeNull();
  });
});

describe("a refusal", () => {
  it("stays in view when a computer's move replaces the status line", async () => {
    mount(snapshot({ waiting: 2, turn: 2 }), []);
    model.set({ status: "It is P2's turn, not yours: wait for them (or skip)." });
    expect($("[data-refusal]").hidden).toBe(true); // the status line says it
    model.set({
      snapshot: snapshot({ version: 8, waiting: 2, turn: 2, refusal: "It is P2's turn, not yours: wait for them (or skip)." }),
      status: "P2 plays the nine of spades on the north pile.",
    });
    await tick();
    expect($("[data-status]").textContent).toBe("P2 plays the nine of spades on the north pile.");
    expect($("[data-refusal]").hidden).toBe(false);
    expect($("[data-refusal]").textContent).toBe("Not done: It is P2's turn, not yours: wait for them (or skip).");
    model.set({ snapshot: snapshot({ version: 9, refusal: null }), status: "Your turn." });
    await tick();
    expect($("[data-refusal]").hidden).toBe(true);
  });
});

describe("hints on the table", () => {
  it("a lesson's early hint lights the card only; the whole hint the pile too", async () => {
    mount(snapshot({ mode: "lesson", hint: { move: "Th>N", reason: "r", exact: true, whole: false } }));
    expect($('[data-hand] [data-card="Th"]').classList.contains("kcw-hinted")).toBe(true);
    expect($('[data-pile="N"]').classList.contains("kcw-hinted")).toBe(false);
    expect([...document.querySelectorAll("[data-hint]")].map((n) => n.dataset.card ?? n.dataset.pile)).toEqual(["Th"]);
    model.set({ snapshot: snapshot({ version: 8, mode: "lesson", hint: { move: "Th>N", reason: "r", exact: true, whole: true } }) });
    await tick();
    expect($('[data-pile="N"]').classList.contains("kcw-hinted")).toBe(true);
    expect($('[data-pile="N"]').hasAttribute("data-hint")).toBe(true);
    expect($('[data-hand] [data-card="Th"]').hasAttribute("data-hint")).toBe(true);
  });

  it("a move show me outlines stays outlined for a beat before the table asks for it", async () => {
    vi.useFakeTimers();
    try {
      mount(snapshot({ mode: "lesson", waiting: 1, hint: { move: "Th>N", reason: "r", exact: true, whole: true, shown: true } }), LEGAL, { speed: 0 });
      expect($('[data-pile="N"]').hasAttribute("data-hint")).toBe(true);
      vi.advanceTimersByTime(500);
      expect(model.sent).toEqual([]);
      vi.advanceTimersByTime(500);
      expect(model.sent.map((m) => m.kind)).toEqual(["step"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a pile move lights its pile; an end of turn lights the button", async () => {
    mount(snapshot({ hint: { move: "S>E", reason: "r", exact: true } }));
    expect($('[data-pile="S"]').classList.contains("kcw-hinted")).toBe(true);
    expect($('[data-pile="E"]').classList.contains("kcw-hinted")).toBe(true);
    model.set({ snapshot: snapshot({ version: 8, hint: { move: "draw", reason: "r", exact: true } }) });
    await tick();
    expect($('[data-action="draw"]').classList.contains("kcw-hinted")).toBe(true);
  });
});
