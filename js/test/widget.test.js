// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import widget, { targetsOf } from "../src/index.js";
import { markdown } from "../src/log.js";
import { LEGAL, PLAY_ACTIONS, control, isOff, snapshot, tick, click, mountTable } from "./fake-model.js";

let el;
let model;
let cleanup;

function mount(snap = snapshot(), legal = LEGAL, extra = {}) {
  ({ model, el, cleanup } = mountTable(widget, { snapshot: snap, legal, status: "Your turn.", ...extra }));
}

const $ = (selector) => el.querySelector(selector);
const $$ = (selector) => [...el.querySelectorAll(selector)];
const key = (node, k) => node.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
const legalPiles = () => $$("[data-legal]").map((p) => p.dataset.pile).sort();

beforeEach(() => vi.useRealTimers());
afterEach(() => {
  cleanup?.();
  el?.remove();
  cleanup = undefined;
});

describe("rendering from a snapshot", () => {
  it("draws all eight piles, even empty ones, and the stock count", () => {
    mount();
    expect($$("[data-pile]").map((p) => p.dataset.pile).sort()).toEqual(["E", "N", "NE", "NW", "S", "SE", "SW", "W"]);
    expect($('[data-pile="NE"]').getAttribute("aria-label")).toBe("the north-east corner, empty");
    expect($(".kcw-stock").getAttribute("aria-label")).toBe("the stock, 39 cards");
  });

  it("shows the viewer's hand with data-card and words, other hands only as counts", () => {
    mount();
    const hand = $$("[data-hand] [data-card]").map((c) => c.dataset.card);
    expect(hand).toEqual(["Th", "Ks", "4h"]);
    expect($('[data-hand] [data-card="Th"]').getAttribute("aria-label")).toBe("ten of hearts, in your hand");
    const seat = $('[data-player="2"]');
    expect(seat.getAttribute("aria-label")).toBe("P2 (computer), 7 cards");
    expect(seat.querySelectorAll("[data-card]").length).toBe(0);
    expect(seat.querySelectorAll(".kcw-back").length).toBe(7);
  });

  it("fans a pile so every card shows, with its top card, label and count", () => {
    mount(snapshot({ piles: { ...snapshot().piles, W: ["8c", "7h", "6s"] } }));
    const pile = $('[data-pile="W"]');
    expect([...pile.querySelectorAll("[data-card]")].map((c) => c.dataset.card)).toEqual(["8c", "7h", "6s"]);
    expect(pile.querySelector('[data-card="7h"]').getAttribute("aria-label")).toBe("seven of hearts, card 2 of 3 on the west pile");
    expect(pile.querySelector(".kcw-pile-name").textContent).toBe("W");
    expect($('[data-pile="NE"] .kcw-pile-name').textContent).toBe("NE ♔"); // empty: it waits for a king
    expect($('[data-pile="N"] .kcw-pile-name').textContent).toBe("N");
    expect(pile.querySelector(".kcw-top").getAttribute("aria-label")).toBe("six of spades on the west pile");
    expect(pile.querySelector(".kcw-count").textContent).toBe("3");
    expect(pile.getAttribute("aria-label")).toBe("six of spades on the west pile, 3 cards, eight of clubs at the bottom");
    expect($('[data-pile="N"] .kcw-top').getAttribute("aria-label")).toBe("jack of clubs on the north pile");
  });

  it("draws suits by symbol as well as colour", () => {
    mount();
    const ten = $('[data-hand] [data-card="Th"]');
    expect(ten.textContent).toContain("♥");
    expect(ten.textContent).toContain("10");
    expect(ten.classList.contains("kcw-red")).toBe(true);
    expect($('[data-card="Ks"]').classList.contains("kcw-black")).toBe(true);
  });

  it("has the status line (read out by the live log, not itself live) and every action button", () => {
    mount();
    expect($("[data-status]").getAttribute("role")).toBe("status");
    expect($("[data-status]").getAttribute("aria-live")).toBe("off");
    expect($("[data-announce]").getAttribute("role")).toBe("log");
    expect($("[data-status]").textContent).toBe("Your turn.");
    for (const action of ["draw", "hint", "undo", "back", "forward", "new", "daily"]) expect($(`[data-action="${action}"]`)).not.toBeNull();
    expect($('[data-action="draw"]').textContent).toBe("Draw & end turn");
  });

  it("draws exactly the controls Python lists, in its order, with its words", () => {
    const actions = [control("draw", "Pass", { key: "D", primary: true }), control("reveal", "Show all hands", { teacher: true })];
    mount(snapshot({ end: "pass", stock: 0, actions }), ["pass"]);
    expect($$(".kcw-controls [data-action]").map((b) => [b.dataset.action, b.textContent])).toEqual([
      ["draw", "Pass"],
      ["reveal", "Show all hands"],
      ["keys", "Keys"],
    ]);
    expect($('[data-action="draw"]').classList.contains("kcw-primary")).toBe(true);
    expect($('[data-action="draw"]').getAttribute("aria-keyshortcuts")).toBe("D");
  });

  it("draws a disabled control focusable, with its reason on hover and focus", () => {
    mount();
    const undo = $('[data-action="undo"]');
    expect(isOff(undo)).toBe(true);
    expect(undo.disabled).toBe(false); // focusable, so the reason can be read
    expect(undo.title).toBe("Undo (key U): A card once played stays on the table.");
    const why = el.querySelector(`#${undo.getAttribute("aria-describedby")}`);
    expect(why.textContent).toBe("A card once played stays on the table.");
    click(undo);
    expect(model.sent).toEqual([]); // nothing is sent: the reason is said instead
    expect($("[data-status]").textContent).toBe("A card once played stays on the table.");
    expect(isOff($('[data-action="hint"]'))).toBe(false);
  });

  it("shows every hand face up when the snapshot holds them", () => {
    const snap = snapshot({ mode: "explore" });
    snap.hands[1] = { ...snap.hands[1], cards: ["2c", "3d"], count: 2, computer: false };
    mount(snap);
    expect([...$('[data-player="2"]').querySelectorAll("[data-card]")].map((c) => c.dataset.card)).toEqual(["2c", "3d"]);
  });

  it("updates the status line and the table when Python sends new state", async () => {
    mount();
    model.set({ status: "Ks cannot go on Jc." });
    expect($("[data-status]").textContent).toBe("Ks cannot go on Jc.");
    model.set({ snapshot: snapshot({ version: 8, piles: { ...snapshot().piles, N: ["Jc", "Th"] } }) });
    await tick();
    expect($('[data-pile="N"] .kcw-count').textContent).toBe("2");
  });

  it("keeps one status element, so screen readers announce each new line", async () => {
    mount();
    const status = $("[data-status]");
    model.set({ snapshot: snapshot({ version: 8 }), status: "P2 plays the nine of spades on the north pile." });
    await tick();
    expect($("[data-status]")).toBe(status);
    expect(status.textContent).toBe("P2 plays the nine of spades on the north pile.");
  });

  it("marks the hinted card and pile", () => {
    mount(snapshot({ hint: { move: "Th>N", reason: "r" } }));
    expect($('[data-hand] [data-card="Th"]').classList.contains("kcw-hinted")).toBe(true);
    expect($('[data-pile="N"]').classList.contains("kcw-hinted")).toBe(true);
  });

  it("draws no notation chip where a lesson's log is in words alone", () => {
    mount(snapshot({ log: [{ player: 1, notation: "", words: "You play the four of spades on the south pile" }] }));
    expect($(".kcw-log .kcw-moves li").textContent).toBe("You play the four of spades on the south pile");
    expect($(".kcw-log .kcw-moves li code")).toBeNull();
  });

  it("shows the log in words and notation, the score sheet and lesson narration", () => {
    mount(
      snapshot({
        log: [{ player: 2, notation: "9s>N", words: "P2 plays the nine of spades on the north pile" }],
        score: { seats: ["You", "P2"], rows: [{ hand: 1, points: [3, 0], winners: [2] }], totals: [3, 0], target: 25, end: "lowest", hand: 2, scored: false, over: false, winners: [], caption: "Hand 2. When a total reaches 25, the lowest total wins." },
        lesson: { title: "Kings", narration: "A **king** opens a `corner`.\n\n- one\n- two", progress: [1, 4] },
      }),
    );
    expect($(".kcw-log .kcw-moves li").textContent).toBe("P2 plays the nine of spades on the north pile 9s>N");
    expect($(".kcw-score tbody").textContent).toContain("Total");
    expect($(".kcw-score caption").textContent).toBe("Hand 2. When a total reaches 25, the lowest total wins.");
    expect($(".kcw-narration strong").textContent).toBe("king");
    expect($(".kcw-narration li:last-child").textContent).toBe("two");
  });

  it("draws a finished lesson's stars, said in Python's sentence and hidden as glyphs", () => {
    mount(snapshot({ lesson: { title: "Kings", narration: "Done.", progress: [4, 4], done: true, stars: 2, starsSaid: "You earned 2 of 3 stars." } }));
    const stars = $(".kcw-lesson .kcw-stars");
    expect(stars.dataset.stars).toBe("2");
    expect($$(".kcw-stars .kcw-star-won")).toHaveLength(2);
    expect($$(".kcw-stars .kcw-star")).toHaveLength(3);
    expect($(".kcw-stars-drawn").getAttribute("aria-hidden")).toBe("true");
    expect($(".kcw-stars-said").textContent).toBe("You earned 2 of 3 stars.");
  });

  it("lists a homework's items, the current one marked", () => {
    const parts = [
      { title: "A worked turn", first: 1, steps: 3, current: false },
      { title: "Puzzle 1 (pile transfer)", first: 4, steps: 1, current: true },
    ];
    mount(snapshot({ lesson: { title: "Week 3", narration: "Go.", progress: [4, 4], parts, partsTitle: "In Week 3" } }));
    expect($$(".kcw-parts li").map((li) => li.textContent)).toEqual(["A worked turn", "Puzzle 1 (pile transfer)"]);
    expect($(".kcw-parts [aria-current='step']").textContent).toBe("Puzzle 1 (pile transfer)");
    expect($(".kcw-parts").getAttribute("aria-label")).toBe("In Week 3");
  });

  it("draws no stars while the lesson goes on", () => {
    mount(snapshot({ lesson: { title: "Kings", narration: "Go.", progress: [1, 4], stars: null, starsSaid: null } }));
    expect($(".kcw-stars")).toBeNull();
  });

  it("says how many moves a shortened log leaves out", () => {
    const entry = { player: 1, notation: "draw", words: "P1 draws a card and ends the turn" };
    mount(snapshot({ log: [entry, entry], logStart: 31 }));
    expect($(".kcw-log").closest("section").textContent).toContain("30 earlier moves not shown");
  });

  it("escapes markdown so a lesson cannot inject markup", () => {
    expect(markdown("<img src=x onerror=alert(1)> **b**")).toBe("<p>&#60;img src=x onerror=alert(1)&#62; <strong>b</strong></p>");
  });
});

describe("gold targets come from the legal moves only", () => {
  it("filters legal moves by the picked card or pile", () => {
    expect([...targetsOf({ kind: "card", id: "Ks" }, LEGAL)].sort()).toEqual(["NE", "NW", "SE", "SW", "W"]);
    expect([...targetsOf({ kind: "pile", id: "S" }, LEGAL)]).toEqual(["E"]);
    expect(targetsOf(null, LEGAL).size).toBe(0);
    expect(targetsOf({ kind: "card", id: "Th" }, []).size).toBe(0);
  });

  it("outlines the targets of a clicked card, and clears them on a second click", () => {
    mount();
    click($('[data-hand] [data-card="Th"]'));
    expect(legalPiles()).toEqual(["N", "W"]);
    expect($('[data-hand] [data-card="Th"]').getAttribute("aria-pressed")).toBe("true");
    expect($('[data-pile="N"]').getAttribute("aria-label")).toBe("jack of clubs on the north pile, a legal target");
    click($('[data-hand] [data-card="Th"]'));
    expect(legalPiles()).toEqual([]);
  });

  it("outlines the targets of a clicked pile", () => {
    mount();
    click($('[data-pile="S"]'));
    expect(legalPiles()).toEqual(["E"]);
  });

  it("marks nothing when it is not the viewer's turn", () => {
    const actions = [control("draw", "Draw & end turn", { enabled: false, why: "It is P2's turn, not yours." })];
    mount(snapshot({ turn: 2, waiting: 2, actions }), []);
    click($('[data-hand] [data-card="Th"]'));
    expect(legalPiles()).toEqual([]);
    expect(isOff($('[data-action="draw"]'))).toBe(true);
  });
});

describe("intents", () => {
  it("sends a play with the snapshot version: card then pile", () => {
    mount();
    click($('[data-hand] [data-card="Th"]'));
    click($('[data-pile="N"]'));
    expect(model.sent).toEqual([{ kind: "play", move: "Th>N", version: 7 }]);
    expect(legalPiles()).toEqual([]);
  });

  it("sends a pile move: pile then pile", () => {
    mount();
    click($('[data-pile="S"]'));
    click($('[data-pile="E"]'));
    expect(model.sent).toEqual([{ kind: "play", move: "S>E", version: 7 }]);
  });

  it("sends a move to a pile that is not gold too, so Python can say why it is refused", () => {
    mount();
    click($('[data-hand] [data-card="4h"]'));
    click($('[data-pile="N"]'));
    expect(model.sent).toEqual([{ kind: "play", move: "4h>N", version: 7 }]);
  });

  it("does not send anything for a click on an empty pile with nothing picked", () => {
    mount();
    click($('[data-pile="W"]'));
    expect(model.sent).toEqual([]);
    expect($("[data-status]").textContent).toMatch(/Pick a card/);
  });

  it("sends each enabled button's kind, with the snapshot's version", () => {
    mount(snapshot({ actions: PLAY_ACTIONS.map((c) => ({ ...c, enabled: true, why: null })) }));
    for (const action of ["draw", "hint", "undo", "back", "forward", "new", "daily"]) click($(`[data-action="${action}"]`));
    expect(model.sent.map((m) => m.kind)).toEqual(["draw", "hint", "undo", "back", "forward", "new", "daily"]);
    expect(model.sent.every((m) => m.version === 7)).toBe(true);
  });

  it("sends any kind Python lists, and nothing for a disabled one", () => {
    const actions = [control("next", "Next", { enabled: false }), control("show", "Show me"), control("skip", "Skip step", { teacher: true }), control("back", "Back")];
    mount(snapshot({ mode: "lesson", actions }));
    for (const action of ["next", "show", "skip", "back"]) click($(`[data-action="${action}"]`));
    expect(model.sent.map((m) => m.kind)).toEqual(["show", "skip", "back"]);
  });

  it("loads a position typed beside the control that carries it", () => {
    const input = { name: "position", prompt: "Position to load, in notation", example: "N:Jc …" };
    mount(snapshot({ actions: [control("load", "Load", { input })] }));
    expect($('[data-form="load"] input').getAttribute("aria-label")).toBe("Position to load, in notation");
    $('[data-form="load"] input').value = "N:- turn:P1";
    click($('[data-action="load"]'));
    expect(model.sent).toEqual([{ kind: "load", position: "N:- turn:P1", version: 7 }]);
  });

  it("steps computer players on a timer at the chosen speed, and can go faster or skip", () => {
    vi.useFakeTimers();
    const actions = [control("speed", "Faster", { key: "+" }), control("skip", "Skip", { key: "K" })];
    mount(snapshot({ turn: 2, waiting: 2, actions }), [], { speed: 0.5 });
    vi.advanceTimersByTime(400);
    expect(model.sent).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(model.sent).toEqual([{ kind: "step", version: 7 }]);
    click($('[data-action="speed"]'));
    click($('[data-action="skip"]'));
    expect(model.sent.slice(1)).toEqual([{ kind: "speed", value: 0.25, version: 7 }, { kind: "skip", version: 7 }]);
  });

  it("does not step while the viewer looks back through the history", () => {
    vi.useFakeTimers();
    mount(snapshot({ turn: 2, waiting: 2, history: { at: 1, length: 4 } }), []);
    vi.advanceTimersByTime(5000);
    expect(model.sent).toEqual([]);
  });
});

describe("drag and drop", () => {
  const drag = (type, node) => node.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));

  it("plays a card dropped on a pile, outlining targets while dragging", () => {
    mount();
    drag("dragstart", $('[data-hand] [data-card="Ks"]'));
    expect(legalPiles()).toEqual(["NE", "NW", "SE", "SW", "W"]);
    const over = new Event("dragover", { bubbles: true, cancelable: true });
    $('[data-pile="NE"]').dispatchEvent(over);
    expect(over.defaultPrevented).toBe(true);
    drag("drop", $('[data-pile="NE"]'));
    expect(model.sent).toEqual([{ kind: "play", move: "Ks>NE", version: 7 }]);
    expect(legalPiles()).toEqual([]);
  });

  it("moves a dragged pile onto another pile", () => {
    mount();
    drag("dragstart", $('[data-pile="S"] .kcw-top'));
    drag("drop", $('[data-pile="E"] .kcw-top'));
    expect(model.sent).toEqual([{ kind: "play", move: "S>E", version: 7 }]);
  });

  it("sends nothing when a drag ends outside a pile", () => {
    mount();
    drag("dragstart", $('[data-hand] [data-card="Ks"]'));
    drag("dragend", $('[data-hand] [data-card="Ks"]'));
    drag("drop", $('[data-pile="NE"]'));
    expect(model.sent).toEqual([]);
    expect(legalPiles()).toEqual([]);
  });
});

describe("keyboard", () => {
  it("picks a card with Enter and plays it with Enter on a pile", () => {
    mount();
    const ten = $('[data-hand] [data-card="Th"]');
    ten.focus();
    key(ten, "Enter");
    expect(legalPiles()).toEqual(["N", "W"]);
    key($('[data-pile="N"]'), "Enter");
    expect(model.sent).toEqual([{ kind: "play", move: "Th>N", version: 7 }]);
  });

  it("plays onto piles by their number-pad keys and moves with arrows", () => {
    mount();
    const ten = $('[data-hand] [data-card="Th"]');
    ten.focus();
    key(ten, "ArrowRight");
    expect(document.activeElement.dataset.card).toBe("Ks");
    key(document.activeElement, " ");
    key(document.activeElement, "9");
    expect(model.sent).toEqual([{ kind: "play", move: "Ks>NE", version: 7 }]);
    expect(document.activeElement.dataset.pile).toBe("NE");
    key(document.activeElement, "ArrowLeft");
    expect(document.activeElement.dataset.pile).toBe("N");
    key(document.activeElement, "ArrowDown");
    expect(document.activeElement.dataset.pile).toBe("S");
  });

  it("keeps the keyboard focus on the same pile across a redraw", async () => {
    mount();
    $('[data-pile="E"]').focus();
    model.set({ snapshot: snapshot({ version: 9 }) });
    await tick();
    expect(document.activeElement.dataset.pile).toBe("E");
    expect(document.activeElement.isConnected).toBe(true);
  });

  it("has the keys Python gives each control, and Escape to put a card back", () => {
    mount(snapshot({ actions: PLAY_ACTIONS.map((c) => ({ ...c, enabled: true, why: null })) }));
    const ten = $('[data-hand] [data-card="Th"]');
    key(ten, "Enter");
    expect(legalPiles()).toEqual(["N", "W"]);
    const esc = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
    ten.dispatchEvent(esc);
    expect(legalPiles()).toEqual([]);
    for (const k of ["d", "h", "u", "[", "]", "n", "k"]) key(ten, k);
    expect(model.sent.map((m) => m.kind)).toEqual(["draw", "hint", "undo", "back", "forward"]); // no N or K control here
  });

  it("keeps keys from reaching the notebook, and takes no table key from the position field", () => {
    const input = { name: "position", prompt: "Position", example: "N:…" };
    mount(snapshot({ actions: [...PLAY_ACTIONS, control("load", "Load", { input })] }));
    const outside = vi.fn();
    document.addEventListener("keydown", outside);
    key($('[data-hand] [data-card="Th"]'), "d");
    expect(outside).not.toHaveBeenCalled();
    key($('[data-form="load"] input'), "d");
    for (const k of ["x", "m", "0", "a"]) key($('[data-pile="N"]'), k);
    expect(outside).not.toHaveBeenCalled();
    expect(model.sent.map((m) => m.kind)).toEqual(["draw"]);
    document.removeEventListener("keydown", outside);
    expect(el.querySelector(".kcw-table").hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
  });

  it("shows the list of keys with ?", () => {
    mount();
    key($('[data-hand] [data-card="Th"]'), "?");
    expect($(".kcw-keys").textContent).toContain("number pad");
  });
});

describe("cleanup", () => {
  it("removes every listener it added, clears its timer and its elements", () => {
    vi.useFakeTimers();
    const added = [];
    const removed = [];
    const realAdd = EventTarget.prototype.addEventListener;
    const realRemove = EventTarget.prototype.removeEventListener;
    EventTarget.prototype.addEventListener = function (type, fn, opts) {
      added.push([this, type, fn]);
      return realAdd.call(this, type, fn, opts);
    };
    EventTarget.prototype.removeEventListener = function (type, fn, opts) {
      removed.push([this, type, fn]);
      return realRemove.call(this, type, fn, opts);
    };
    try {
      mount(snapshot({ turn: 2, waiting: 2 }), []);
      expect(model.listenerCount()).toBeGreaterThan(0);
      cleanup();
      cleanup = undefined;
    } finally {
      EventTarget.prototype.addEventListener = realAdd;
      EventTarget.prototype.removeEventListener = realRemove;
    }
    expect(added.length).toBeGreaterThan(0);
    for (const [target, type, fn] of added) {
      expect(removed.some(([t, ty, f]) => t === target && ty === type && f === fn)).toBe(true);
    }
    expect(model.listenerCount()).toBe(0);
    expect(el.children.length).toBe(0);
    vi.advanceTimersByTime(10000);
    expect(model.sent).toEqual([]);
  });
});
