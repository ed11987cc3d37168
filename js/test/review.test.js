// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../src/index.js";
import { control, snapshot, click, mountTable } from "./fake-model.js";

/** The controls ReviewSession lists on turn 2 of 5, a mistake. */
const REVIEW_ACTIONS = [
  control("back", "◀ Previous turn", { key: "[" }),
  control("forward", "Next turn ▶", { key: "]" }),
  control("show", "Show the better turn", { key: "M", primary: true }),
  control("next", "Next mistake", { key: "N" }),
  control("practise", "Practise these"),
];

let el;
let model;
let cleanup;

const lines = (...pairs) => pairs.map(([notation, words]) => ({ notation, words }));

/** A review snapshot as ReviewSession sends it: turn 2 of 5, a mistake. */
function reviewSnapshot(overrides = {}, review = {}) {
  return snapshot({
    mode: "review",
    title: "Review of P1",
    actions: REVIEW_ACTIONS,
    hands: [
      { player: 1, name: "You", title: "Your hand", whose: "your hand", count: 3, cards: ["Th", "Ks", "4h"], computer: false, kept: 0 },
      { player: 2, name: "P2", title: "P2's hand", whose: "P2's hand", count: 7, cards: null, computer: false, kept: 0 },
    ],
    review: {
      turn: 2,
      turns: 5,
      hand: 1,
      match: false,
      who: "P1",
      heading: "Review of P1",
      verdict: "mistake",
      words: "You shed 1 card; the best turn here sheds 3 and goes out.",
      played: lines(["Th>N", "the ten of hearts to the north pile"], ["draw", "draw a card to end the turn"]),
      best: lines(["4h>S", "the four of hearts to the south pile"], ["Th>N", "the ten of hearts to the north pile"], ["Ks>NE", "the king of spades to the north-east corner"]),
      shed: 1,
      bestShed: 3,
      proven: true,
      showing: false,
      shown: false,
      mistakes: [2, 4],
      nextMistake: 4,
      summary: { accuracy: 0.6, counts: { best: 2, inaccuracy: 1, mistake: 2 }, shed: 6, possible: 10 },
      resume: null,
      ...review,
    },
    ...overrides,
  });
}

function mount(snap) {
  ({ model, el, cleanup } = mountTable(widget, { snapshot: snap, legal: [], status: "Turn 2 of 5. A mistake." }));
}

const $ = (selector) => el.querySelector(selector);
const $$ = (selector) => [...el.querySelectorAll(selector)];
const action = (name) => $(`[data-action="${name}"]`);

afterEach(() => {
  vi.useRealTimers();
  cleanup?.();
  el?.remove();
  cleanup = undefined;
});

describe("the review panel", () => {
  it("shows the turn, the verdict in words, both turns as moves and the summary", () => {
    mount(reviewSnapshot());
    const panel = $("[data-review]");
    expect(panel.querySelector("h3").textContent).toBe("Review of P1");
    expect(panel.querySelector("progress").getAttribute("aria-label")).toBe("Turn 2 of 5");
    expect($("[data-verdict]").dataset.verdict).toBe("mistake");
    expect($("[data-verdict]").textContent).toBe("Mistake You shed 1 card; the best turn here sheds 3 and goes out.");
    const played = [...panel.querySelectorAll('[aria-label="You played"] code')].map((c) => c.textContent);
    const best = [...panel.querySelectorAll('[aria-label="The best turn"] code')].map((c) => c.textContent);
    expect(played).toEqual(["Th>N", "draw"]);
    expect(best).toEqual(["4h>S", "Th>N", "Ks>NE"]);
    expect(panel.querySelector('[aria-label="The best turn"] li').textContent).toBe("the four of hearts to the south pile 4h>S");
    expect(panel.querySelector('[aria-label="Summary"]').textContent).toBe(
      "Accuracy 60% (6 of 10 cards that could be played)2 best · 1 small slip · 2 mistakes",
    );
    expect($(".kcw-title").textContent).toBe("Review of P1");
  });

  it("says under the summary why the accuracy is under the cards shed, in Python's words", () => {
    const note = "Every card that could be shed was shed, but turn 1 lost on the corners: it counts half a card short in the accuracy.";
    mount(reviewSnapshot({}, { summary: { accuracy: 0.75, counts: { best: 0, inaccuracy: 1, mistake: 0 }, shed: 2, possible: 2, judge: "cards", note, estimated: 1 } }));
    const summary = $('[data-review] [aria-label="Summary"]');
    expect(summary.textContent).toBe(`Accuracy 75% (2 of 2 cards that could be played)0 best · 1 small slip · 0 mistakes${note}`);
    mount(reviewSnapshot({}, { summary: { accuracy: 1, counts: { best: 1, inaccuracy: 0, mistake: 0 }, shed: 2, possible: 2, judge: "cards", note: "", estimated: 1 } }));
    expect($('[data-review] [aria-label="Summary"]').querySelectorAll("br")).toHaveLength(1);
  });

  it("draws no button of its own: the toolbar is the controls Python lists", () => {
    mount(reviewSnapshot());
    expect($$("[data-review] button")).toEqual([]);
    const actions = $$(".kcw-controls [data-action]").map((b) => b.dataset.action);
    expect(actions).toEqual(["back", "forward", "show", "next", "practise", "keys"]);
    expect(action("show").textContent).toBe("Show the better turn");
    expect(action("show").classList.contains("kcw-primary")).toBe(true);
  });

  it("sends an intent for each button, with the snapshot's version", () => {
    mount(reviewSnapshot({ actions: [...REVIEW_ACTIONS, control("resume", "Back to the match")] }));
    for (const name of ["back", "forward", "show", "next", "practise", "resume"]) click(action(name));
    expect(model.sent.map((m) => m.kind)).toEqual(["back", "forward", "show", "next", "practise", "resume"]);
    expect(model.sent.every((m) => m.version === 7)).toBe(true);
    expect(action("resume").textContent).toBe("Back to the match");
  });

  it("keys step the turns and jump to the next mistake", () => {
    mount(reviewSnapshot());
    for (const key of ["[", "]", "n", "m"]) {
      $(".kcw-table").dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    }
    expect(model.sent.map((m) => m.kind)).toEqual(["back", "forward", "next", "show"]);
  });

  it("while the better turn is shown, the timer asks for each move", () => {
    vi.useFakeTimers();
    mount(reviewSnapshot({ waiting: 1, history: { at: 12, length: 12 } }, { showing: true }));
    vi.advanceTimersByTime(900);
    expect(model.sent).toEqual([{ kind: "step", version: 7 }]);
  });
});

describe("a review by win chance", () => {
  it("a review by win chance says it is estimating, then shows each chance as a bar", () => {
    const estimating = { judge: "win", estimating: true, verdict: null, win: null, summary: { accuracy: 1, counts: { best: 0, inaccuracy: 0, mistake: 0, blunder: 0 }, shed: 0, possible: 0, judge: "cards", estimated: 1 } };
    mount(reviewSnapshot({ actions: [{ kind: "show", label: "Estimating...", enabled: false, primary: false, key: "M", teacher: false, why: "Still estimating." }] }, estimating));
    expect($("[data-estimating]").textContent).toBe("Estimating the chances of winning…");
    expect($("[data-verdict]")).toBeNull();
    expect(action("show").textContent).toBe("Estimating...");
    expect(action("show").getAttribute("aria-disabled")).toBe("true");
    expect($('[aria-label="Summary"]').textContent).toBe("Estimating: 1 of 5 turns by chance of winning");
    const win = { before: 0.41, played: 0.35, mostCards: 0.35, best: 0.44, loss: 0.09, stderr: 0.02, worlds: 240, shed: 3, mostCardsShed: 3 };
    model.set({ snapshot: reviewSnapshot({ version: 8 }, { judge: "win", estimating: false, win, summary: { accuracy: 0.7, counts: { best: 3, inaccuracy: 0, mistake: 1, blunder: 1 }, shed: 6, possible: 10, judge: "win", estimated: 5 } }) });
    return Promise.resolve().then(() => {
      expect($("[data-estimating]")).toBeNull();
      const rows = $$("[data-chance]").map((row) => [row.dataset.chance, row.querySelector(".kcw-chance-value").textContent]);
      expect(rows).toEqual([["before", "41%"], ["played", "35%"], ["most", "35%"], ["best", "44%"]]);
      expect($('[data-chance="best"] .kcw-chance-fill').style.width).toBe("44%");
      expect($('[data-chance="most"]').textContent).toContain("3 cards");
      expect($('[data-chance="played"] [role="img"]').getAttribute("aria-label")).toBe("Your turn: 35% chance of winning");
      expect($('[aria-label="Summary"]').textContent).toBe("Accuracy 70% by chance of winning3 best · 0 small slips · 1 mistake · 1 big mistake");
      expect($('[aria-label="The best turn found"]')).not.toBeNull();
    });
  });
});
