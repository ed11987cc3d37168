// @vitest-environment jsdom
// A computer player's move travels across the table (or lights its pile, with less motion).
import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../src/index.js";
import { computerMove, logCount, moveParts } from "../src/travel.js";
import { LEGAL, mountTable, snapshot, tick } from "./fake-model.js";

let el;
let model;
let cleanup;

afterEach(() => {
  cleanup?.();
  el?.remove();
  cleanup = undefined;
  vi.unstubAllGlobals();
});

const line = (player, notation) => ({ player, notation, words: `P${player} ${notation}` });

describe("which move travels", () => {
  it("reads a card move and a pile move from the notation, and nothing from an end of turn", () => {
    expect(moveParts("7c>E")).toEqual({ card: "7c", to: "E" });
    expect(moveParts("S>E")).toEqual({ pile: "S", to: "E" });
    expect(moveParts("draw")).toBeNull();
  });

  it("is the one new log line, when a computer player made it", () => {
    const snap = snapshot({ log: [line(2, "7c>E")], logStart: 1 });
    expect(logCount(snap)).toBe(1);
    expect(computerMove(0, snap)).toEqual({ card: "7c", to: "E", player: 2 });
    expect(computerMove(null, snap)).toBeNull(); // the first table drawn: nothing moved
    expect(computerMove(1, snap)).toBeNull(); // already shown
    expect(computerMove(0, snapshot({ log: [line(1, "Th>N")] }))).toBeNull(); // the viewer's own
    const two = snapshot({ log: [line(2, "7c>E"), line(2, "draw")] });
    expect(computerMove(0, two)).toBeNull(); // a skip: many at once, none travels
  });
});

function mount(snap, extra = {}) {
  ({ model, el, cleanup } = mountTable(widget, { snapshot: snap, legal: LEGAL, status: "", ...extra }));
}

describe("on the table", () => {
  const before = snapshot({ turn: 2, waiting: 2, log: [] });
  const after = snapshot({
    version: 8,
    turn: 2,
    waiting: 2,
    piles: { ...before.piles, E: ["6h", "5c"] },
    log: [line(2, "5c>E")],
  });

  it("the card flies from the player's seat to its pile", async () => {
    const flights = [];
    const animate = vi.fn(function (frames, options) {
      flights.push({ card: this.dataset.card, frames, options });
      return { onfinish: null, oncancel: null };
    });
    vi.stubGlobal("matchMedia", () => ({ matches: false }));
    Element.prototype.animate = animate;
    try {
      mount(before, { speed: 0.8 });
      model.set({ snapshot: after });
      await tick();
      expect(flights.map((f) => f.card)).toEqual(["5c"]);
      expect(flights[0].options.duration).toBe(600); // three quarters of the table's 0.8 s
      expect(el.querySelector('[data-pile="E"] [data-card="5c"]').classList.contains("kcw-travelling")).toBe(true);
    } finally {
      delete Element.prototype.animate;
    }
  });

  it("with less motion, the pile it reached is lit instead", async () => {
    vi.stubGlobal("matchMedia", (query) => ({ matches: query.includes("reduce") }));
    mount(before);
    model.set({ snapshot: after });
    await tick();
    expect(el.querySelector('[data-pile="E"]').classList.contains("kcw-arrived")).toBe(true);
  });

  it("a click on a card while the computers play says whose turn it is", async () => {
    mount(before);
    el.querySelector('[data-hand] [data-card="Th"]').click();
    expect(el.querySelector("[data-status]").textContent).toContain("It is P2's turn");
    expect(el.querySelector(".kcw-selected")).toBeNull();
  });
});

describe("pausing the computer players", () => {
  const PAUSE = { kind: "pause", label: "Play on", enabled: true, primary: false, key: "P", teacher: false, why: null };
  const STEP = { kind: "step", label: "Next move", enabled: true, primary: false, key: ".", teacher: false, why: null };

  it("draws Pause and Next move as the session declares them, and the timer waits while paused", async () => {
    vi.useFakeTimers();
    try {
      mount(snapshot({ turn: 2, waiting: 2, paused: true, actions: [PAUSE, STEP] }), { speed: 0.1 });
      expect(el.querySelector('[data-action="pause"]').textContent).toBe("Play on");
      expect(el.querySelector('[data-action="step"]').textContent).toBe("Next move");
      vi.advanceTimersByTime(2000);
      expect(model.sent).toEqual([]); // paused: no computer move until asked for
      el.querySelector('[data-action="step"]').click();
      expect(model.sent.map((m) => m.kind)).toEqual(["step"]);
      el.querySelector('[data-action="pause"]').click();
      expect(model.sent.map((m) => m.kind)).toEqual(["step", "pause"]);
      model.set({ snapshot: snapshot({ version: 9, turn: 2, waiting: 2, paused: false, actions: [{ ...PAUSE, label: "Pause" }] }) });
      await vi.advanceTimersByTimeAsync(200);
      expect(model.sent.map((m) => m.kind)).toEqual(["step", "pause", "step"]); // playing on
    } finally {
      vi.useRealTimers();
    }
  });
});
