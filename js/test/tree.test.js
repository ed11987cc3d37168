// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { treeEl, treeIntent } from "../src/tree.js";
import { LEGAL, control, isOff, snapshot, tick, click, mountTable } from "./fake-model.js";

/** The outline Python sends: Th>N then 4h>W, with Ks>NE tried as move 2 in another line. */
const TREE = {
  at: 3,
  start: { id: 0, comment: "" },
  comment: "Into the space.",
  first: 0,
  last: 0,
  lines: 2,
  hidden: null,
  moves: [
    { id: 1, n: 1, move: "Th>N", comment: "Red on black." },
    { id: 3, n: 2, move: "4h>W", comment: "Into the space.", alts: [{ id: 2, move: "Ks>NE" }] },
  ],
};

const explore = (overrides = {}) => snapshot({ mode: "explore", acting: true, tree: TREE, ...overrides });

let el;
let model;
let cleanup;

function mount(snap) {
  ({ model, el, cleanup } = mountTable(widget, { snapshot: snap, legal: LEGAL, status: "", mode: snap.mode }));
}

const $ = (selector) => el.querySelector(selector);
const $$ = (selector) => [...el.querySelectorAll(selector)];

afterEach(() => {
  cleanup?.();
  el?.remove();
  cleanup = undefined;
});

describe("the Lines panel", () => {
  it("is drawn only when the snapshot has a tree (explore)", () => {
    expect(treeEl(snapshot())).toBeNull();
    mount(snapshot());
    expect($(".kcw-tree")).toBeNull();
  });

  it("lists the current line with the table's place, its branch points and comments", () => {
    mount(explore());
    const moves = $$(".kcw-lines > li > .kcw-jump:first-child").map((b) => b.textContent);
    expect(moves).toEqual(["Start", "1. Th>N", "2. 4h>W"]);
    expect($('[aria-current="step"]').textContent).toBe("2. 4h>W");
    expect($$(".kcw-alts .kcw-jump").map((b) => [b.textContent, b.dataset.node])).toEqual([["Ks>NE", "2"]]);
    expect($$(".kcw-lines .kcw-comment").map((p) => p.textContent)).toEqual(["Red on black.", "Into the space."]);
    expect($(".kcw-tree h3").textContent).toBe("Lines (2 lines)");
  });

  it("shows comments as text, never as markup", () => {
    const tree = { ...TREE, moves: [{ id: 1, n: 1, move: "Th>N", comment: "<img src=x onerror=alert(1)>" }] };
    mount(explore({ tree }));
    expect($(".kcw-lines .kcw-comment").textContent).toBe("<img src=x onerror=alert(1)>");
    expect($(".kcw-lines img")).toBeNull();
  });

  it("jumps by click, and by keyboard: every move is a button", () => {
    mount(explore());
    click($('.kcw-alts [data-node="2"]'));
    expect(model.sent.at(-1)).toEqual({ kind: "jump", node: 2, version: 7 });
    const start = $('[data-action="jump"][data-node="0"]');
    expect(start.tagName).toBe("BUTTON");
    start.focus();
    expect(document.activeElement).toBe(start);
  });

  it("says what is left out of a long line", () => {
    mount(explore({ tree: { ...TREE, first: 12, last: 1 } }));
    expect($$(".kcw-lines .kcw-note").map((n) => n.textContent)).toEqual(["… 12 earlier moves", "… 1 later move"]);
  });

  it("saves a comment on the table's position, and keeps a draft across a redraw", async () => {
    mount(explore());
    const box = $('[data-form="comment"] textarea');
    expect(box.value).toBe("Into the space.");
    expect(box.getAttribute("maxlength")).toBe("500");
    box.value = "A better idea";
    model.set({ snapshot: explore({ version: 8 }) });
    await tick();
    expect($('[data-form="comment"] textarea').value).toBe("A better idea");
    click($('[data-action="comment"]'));
    expect(model.sent.at(-1)).toEqual({ kind: "comment", text: "A better idea", version: 8 });
    model.set({ snapshot: explore({ version: 9, tree: { ...TREE, at: 1, comment: "Red on black." } }) });
    await tick();
    expect($('[data-form="comment"] textarea').value).toBe("Red on black.");
  });

  it("says when a face-down hand is to play; the toolbar's control lets the computer play it", () => {
    const actions = [
      control("draw", "Draw & end turn", { key: "D" }),
      control("hint", "Hint", { key: "H", enabled: false, why: "P2's hand is face down: there is no hint for it." }),
      control("skip", "Computer plays P2's turn", { key: "K" }),
    ];
    mount(explore({ turn: 2, tree: { ...TREE, hidden: "P2" }, actions }));
    expect($(".kcw-hidden-turn").textContent).toContain("P2's hand is face down");
    expect($$(".kcw-tree button[data-action='skip']")).toEqual([]);
    click($('.kcw-controls [data-action="skip"]'));
    expect(model.sent.at(-1)).toEqual({ kind: "skip", version: 7 });
    expect(isOff($('[data-action="hint"]'))).toBe(true); // a hint would name their cards
  });

  it("lets the mover's hand in view be played from its seat", () => {
    const hands = [
      { player: 1, name: "P1", title: "P1's hand", whose: "P1's hand", count: 3, cards: ["Th", "Ks", "4h"], computer: false, kept: 0 },
      { player: 2, name: "P2", title: "P2's hand", whose: "P2's hand", count: 2, cards: ["9d", "Qs"], computer: false, kept: 0 },
    ];
    mount(explore({ turn: 2, hands }));
    model.set({ legal: ["9d>E", "draw"] });
    const card = $('[data-player="2"] [data-card="9d"]');
    expect(card.getAttribute("role")).toBe("button");
    click(card);
    click($('[data-pile="E"]'));
    expect(model.sent.at(-1)).toEqual({ kind: "play", move: "9d>E", version: 7 });
  });

  it("makes no intent for other actions", () => {
    expect(treeIntent("draw", document.createElement("div"))).toBeNull();
  });
});
