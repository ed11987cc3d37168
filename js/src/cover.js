// Pass-and-play's cover: while the laptop passes between two people, the hand at the bottom is
// covered. Python sends no card of that hand (the snapshot's `hands` hold none), the cover's
// words and its button (the snapshot's `cover`); this only draws them in the hand's place.
import { backEl } from "./card.js";
import { h } from "./dom.js";

/** The most card backs the cover shows (a hand of more shows this many). */
const BACKS = 8;

/**
 * The cover in place of the viewer's hand, or null when the hand is not covered.
 * @param {import("./snapshot").Snapshot} snap
 * @returns {HTMLElement | null}
 */
export function coverEl(snap) {
  const cover = snap.cover;
  if (!cover) return null;
  const hand = snap.hands.find((p) => p.player === snap.viewer);
  const backs = Array.from({ length: Math.min(hand?.count ?? 0, BACKS) }, backEl);
  return h(
    "div",
    { class: "kcw-hand-area kcw-cover", "data-cover": "", role: "group", "aria-label": cover.text },
    h("div", { class: "kcw-hand-name" }, hand?.title ?? cover.name),
    h("div", { class: "kcw-cover-backs", "aria-hidden": "true" }, backs),
    h("p", { class: "kcw-cover-text" }, cover.text),
    h("button", { type: "button", class: "kcw-btn kcw-primary kcw-cover-go", "data-action": cover.action }, cover.label),
  );
}

/**
 * Put the cover over the hand on `felt` (drawn by table.js) while the snapshot says so: the hand's
 * area is replaced, so nothing of the hand stays on the page.
 * @param {HTMLElement} felt
 * @param {import("./snapshot").Snapshot} snap
 */
export function coverHand(felt, snap) {
  const cover = coverEl(snap);
  if (!cover) return;
  const area = felt.querySelector(".kcw-hand-area") ?? felt.querySelector("[data-hand]");
  if (area) area.replaceWith(cover);
  else felt.prepend(cover);
}
