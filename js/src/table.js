// The table: the stock in the middle, the cross around it, the corners on the diagonals,
// the other players around and the viewer's hand below.
import { backEl } from "./card.js";
import { h } from "./dom.js";
import { handEl, seatEls } from "./hand.js";
import { pileEl } from "./pile.js";
import { count as counted, say } from "./words.js";

const GRID = [
  ["NW", "N", "NE"],
  ["W", null, "E"],
  ["SW", "S", "SE"],
];

/**
 * @param {import("./snapshot").Snapshot} snap
 * @param {import("./page").Ui} ui
 */
export function tableEl(snap, ui) {
  const grid = h("div", { class: "kcw-grid" });
  for (const row of GRID) {
    for (const space of row) {
      if (!space) {
        grid.append(stockEl(snap.stock));
        continue;
      }
      const pile = pileEl(space, snap.piles[space] ?? [], ui.size);
      if (ui.hint?.pile === space) pile.classList.add("kcw-hinted");
      grid.append(pile);
    }
  }
  const seats = seatEls(snap);
  // On a narrow felt (layout.js) every other player sits in the row above the piles.
  const top = ui.size?.seatsTop ? [...seats.left, ...seats.top, ...seats.right] : seats.top;
  const left = ui.size?.seatsTop ? [] : seats.left;
  const right = ui.size?.seatsTop ? [] : seats.right;
  // The hand comes first in the document (and in Tab order: pick a card, then a pile) and is
  // shown below the table by the stylesheet.
  return h(
    "div",
    { class: "kcw-felt" },
    handEl(snap, ui),
    h("div", { class: "kcw-top-seats" }, top),
    h("div", { class: "kcw-middle" }, h("div", { class: "kcw-side-seat" }, left), grid, h("div", { class: "kcw-side-seat" }, right)),
  );
}

/** @param {number} count how many cards the stock holds */
function stockEl(count) {
  return h(
    "div",
    { class: "kcw-stock", role: "img", "aria-label": say("stockLabel", { cards: counted("cards", count) }) },
    count ? backEl() : h("div", { class: "kcw-card kcw-gone", "aria-hidden": "true" }),
    h("span", { class: "kcw-count", "aria-hidden": "true" }, count),
    h("span", { class: "kcw-stock-label", "aria-hidden": "true" }, say("stock")),
  );
}
