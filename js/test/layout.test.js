import { describe, expect, it } from "vitest";
import { ASPECT, CARD, fanStep, fitCard, handStep, LEAST_STEP, tableHeight, tableLayout, widthForHeight } from "../src/layout.js";

describe("fanning a pile", () => {
  it("shows each covered card's rank and suit when the pile is short", () => {
    const fan = fanStep(3, 160, 60);
    expect(fan.step).toBe(fan.full);
    expect(fan.compact).toBe(false);
    expect(fan.width).toBe(60 + 2 * fan.full);
  });

  it("compresses a long run to fit its cell, but never below the width of a rank", () => {
    const seven = fanStep(7, 160, 60);
    expect(seven.width).toBeLessThanOrEqual(160 - 8);
    expect(seven.step).toBeLessThan(seven.full);
    const king_to_ace = fanStep(13, 160, 60);
    expect(king_to_ace.step).toBe(Math.round(60 * LEAST_STEP)); // the floor: every rank stays in view
    expect(king_to_ace.compact).toBe(true);
  });

  it("takes no room for a single card or an empty pile", () => {
    expect(fanStep(1, 160, 60)).toMatchObject({ step: 0, width: 60 });
    expect(fanStep(0, 160, 60)).toMatchObject({ step: 0, width: 60 });
  });

  it("fans wider as the cell grows, up to the full step", () => {
    const steps = [120, 160, 200, 400].map((cell) => fanStep(6, cell, 60).step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps.at(-1)).toBe(fanStep(6, 400, 60).full);
  });
});

describe("spacing the hand", () => {
  it("puts a few cards side by side", () => {
    expect(handStep(5, 700, 66)).toBe(Math.round(66 * 1.06));
  });

  it("overlaps a long hand to fit, down to the index width", () => {
    const step = handStep(12, 500, 66);
    expect(66 + 11 * step).toBeLessThanOrEqual(500 - 16);
    expect(handStep(40, 300, 66)).toBe(Math.round(66 * 0.38));
  });
});

describe("sizing the table from its width", () => {
  it("fits the whole table in 620 px at 1000 px wide with four players", () => {
    const layout = tableLayout({ width: 1000, height: 900, players: 4 });
    expect(layout.sideBelow).toBe(false);
    expect(tableHeight(layout.card)).toBeLessThanOrEqual(620);
  });

  it("moves the side panel under the table in a narrow column and seats everyone above", () => {
    const layout = tableLayout({ width: 560, height: 900, players: 4 });
    expect(layout.sideBelow).toBe(true);
    expect(layout.seatsTop).toBe(true);
    expect(3 * layout.cell + 20 + 30).toBeLessThanOrEqual(560);
    expect(layout.card).toBeGreaterThanOrEqual(CARD.least);
  });

  it("grows the cards with the width up to classroom size, and further when presenting", () => {
    const desk = tableLayout({ width: 1740, height: 1000, players: 4 });
    const small = tableLayout({ width: 1000, height: 1000, players: 4 });
    expect(desk.card).toBeGreaterThan(small.card * 1.4);
    expect(desk.card).toBeLessThanOrEqual(CARD.desk);
    expect(desk.felt).toBeGreaterThan(1300);
    const projector = tableLayout({ width: 1920, height: 1080, players: 4, present: true });
    expect(projector.card).toBeGreaterThanOrEqual(desk.card);
    expect(tableHeight(projector.card)).toBeLessThanOrEqual(1080);
  });

  it("keeps the cards small enough for the height it is given", () => {
    const layout = tableLayout({ width: 1740, height: 600, players: 2 });
    expect(tableHeight(layout.card)).toBeLessThanOrEqual(600);
    expect(widthForHeight(tableHeight(80))).toBeCloseTo(80, 0);
    expect(Math.round(layout.card * ASPECT)).toBeGreaterThan(layout.card);
  });
});

describe("a very long pile", () => {
  it("makes the cards smaller so it fits its cell with every rank in view", () => {
    const short = tableLayout({ width: 850, height: 1000, longest: 3 });
    const long = tableLayout({ width: 850, height: 1000, longest: 13 });
    expect(long.card).toBeLessThan(short.card);
    const fan = fanStep(13, long.cell, long.card);
    expect(fan.width + 10).toBeLessThanOrEqual(long.cell);
    expect(fan.step).toBeGreaterThanOrEqual(Math.round(long.card * 0.22));
  });
});

describe("presenting: the cards as large as fit the screen", () => {
  it("keeps the card when the table fits, and shrinks it by the overflow when it does not", () => {
    expect(fitCard({ card: 120, over: 0 })).toBe(120);
    expect(fitCard({ card: 120, over: -40, wide: -10 })).toBe(120);
    const smaller = fitCard({ card: 120, over: 57 });
    expect(smaller).toBeLessThan(120);
    expect(smaller).toBeGreaterThanOrEqual(120 - 57 / 5.7 - 2); // about the overflow over the growth
  });

  it("uses the slope measured between two tries, and shrinks for a table too wide", () => {
    // The table grew 20 px per px of card between the tries: 100 px over asks 5 px less (and a
    // half pixel to spare).
    expect(fitCard({ card: 100, over: 100, previous: { card: 110, over: 300 } })).toBe(94);
    expect(fitCard({ card: 100, over: 0, wide: 100, width: 1000 })).toBe(89);
  });

  it("never goes below the smallest readable card, and always makes progress", () => {
    expect(fitCard({ card: CARD.least + 1, over: 10_000 })).toBe(CARD.least);
    expect(fitCard({ card: 80, over: 1 })).toBe(79);
  });

  it("lets a projector's cards grow past a desk's, to the cap the fit found", () => {
    const big = tableLayout({ width: 3800, height: 2160, players: 4, present: true });
    expect(big.card).toBeGreaterThan(CARD.desk * 1.5);
    expect(tableLayout({ width: 3800, height: 2160, players: 4, present: true, cap: 150 }).card).toBe(150);
    expect(big.seat).toBeGreaterThan(150); // a seat's name fits beside large cards
  });
});
