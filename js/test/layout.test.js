import { describe, expect, it } from "vitest";
import { ASPECT, CARD, fanStep, fitCard, handStep, INDEX_FONT, LEAST_STEP, leastStep, rankRoom, tableHeight, tableLayout, widthForHeight } from "../src/layout.js";

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
    expect(king_to_ace.step).toBe(leastStep(60)); // the floor: every rank stays in view
    expect(king_to_ace.compact).toBe(true);
  });

  it("never squeezes below a wide bold K or Q beside the border, nor below LEAST_STEP of the card", () => {
    for (const card of [CARD.least, 45, 60, 124, 320]) {
      const least = leastStep(card);
      expect(least).toBeGreaterThanOrEqual(Math.round(card * LEAST_STEP));
      expect(least).toBeGreaterThanOrEqual(1 + (0.06 + 0.81) * INDEX_FONT.squeezed * card + 0.5);
    }
  });

  it("gives a covered ten its second character's room, squeezed and open, within the cell", () => {
    // A "10" has 1.35 em of ink in DejaVu Sans Bold; squeezed it sits 0.06 em in from the 1 px
    // border, open 4% of the card; half a pixel clear of the next card.
    const squeezedTen = (card) => 1 + (0.06 + 1.35) * INDEX_FONT.squeezed * card + 0.5;
    const openTen = (card) => 1 + INDEX_FONT.inset * card + 1.35 * INDEX_FONT.open * card + 0.5;
    const plain = fanStep(12, 220, 50);
    const ten = fanStep(12, 220, 50, 1);
    expect(ten.compact).toBe(true);
    expect(ten.ten).toBeGreaterThan(0);
    expect(ten.step + ten.ten).toBe(rankRoom(50, { ten: true }));
    expect(ten.step + ten.ten).toBeGreaterThanOrEqual(squeezedTen(50));
    expect(ten.width).toBe(50 + ten.step * 11 + ten.ten);
    expect(ten.width).toBeLessThanOrEqual(220 - 10); // the other cards close up to make the room
    expect(ten.step).toBeLessThanOrEqual(plain.step);
    for (const card of [CARD.least, 60, 124, 320]) {
      const open = fanStep(3, 10 * card, card, 1);
      expect(open.compact).toBe(false);
      expect(open.step + open.ten).toBeGreaterThanOrEqual(openTen(card));
      expect(open.full + open.tenFull).toBeGreaterThanOrEqual(openTen(card));
      // ... and no more than that: the big pip of the ten stays under the next card.
      expect(open.step + open.ten).toBeLessThanOrEqual(Math.max(open.full, openTen(card) + 2));
      const squeezed = fanStep(13, card + 12 * leastStep(card) + 20, card, 1);
      expect(squeezed.compact).toBe(true);
      expect(squeezed.step + squeezed.ten).toBeGreaterThanOrEqual(squeezedTen(card));
    }
    expect(fanStep(3, 400, 50).ten).toBe(0); // no ten, no extra room
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

  it("makes them a little smaller again when the pile has a covered ten", () => {
    for (const width of [700, 850, 1000]) {
      const plain = tableLayout({ width, height: 1000, longest: 12 });
      const ten = tableLayout({ width, height: 1000, longest: 12, tens: 1 });
      expect(ten.card).toBeLessThanOrEqual(plain.card);
      const fan = fanStep(12, ten.cell, ten.card, 1);
      expect(fan.width + 10).toBeLessThanOrEqual(ten.cell);
    }
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

describe("presenting: the side panel and crowded piles", () => {
  it("widens the side panel with the screen, so its larger words hold as many to a line", () => {
    const desk = tableLayout({ width: 3800, height: 2160, players: 4 });
    const shown = tableLayout({ width: 3800, height: 2160, players: 4, present: true });
    const hd = tableLayout({ width: 1880, height: 1080, players: 4, present: true });
    expect(desk.side).toBe(380);
    expect(shown.side).toBeGreaterThanOrEqual(2 * hd.side - 1);
    expect(hd.side).toBeGreaterThan(380);
  });

  it("moves the seats above the piles when a pile of thirteen wants their width, never taller", () => {
    const short = tableLayout({ width: 1240, height: 720, players: 4, present: true });
    const crowded = tableLayout({ width: 1240, height: 720, players: 4, present: true, longest: 13, tens: 1 });
    expect(short.seatsTop).toBe(false);
    expect(crowded.seatsTop).toBe(true);
    expect(crowded.card).toBeLessThanOrEqual(short.card);
    // Squeezed, a covered rank is still a sixtieth of the screen's height.
    expect(crowded.card * INDEX_FONT.squeezed).toBeGreaterThanOrEqual(720 / 60);
  });
});
