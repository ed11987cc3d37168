// Cards in the card notation ("Th"): drawn with rank and suit symbol, labelled in the words
// Python sends (words.js).
import { h } from "./dom.js";
import { cardName } from "./words.js";

/** Each suit's symbol, by its letter: the card is drawn with it (suits by symbol as well as colour). */
const SYMBOLS = /** @type {Record<string, string>} */ ({ c: "♣", d: "♦", h: "♥", s: "♠" });

/** @param {string} code */
export const isRed = (code) => code[1] === "h" || code[1] === "d";
/** @param {string} code */
export const suitSymbol = (code) => SYMBOLS[code[1]] ?? "?";
/** @param {string} code */
export const rankText = (code) => (code[0] === "T" ? "10" : code[0]);

/**
 * A face-up card element carrying data-card.
 * @param {string} code
 * @param {string} [label] what a screen reader says (default: the card's name)
 * @param {Record<string, string | undefined>} [extra] more attributes
 */
export function cardEl(code, label, extra = {}) {
  const symbol = suitSymbol(code);
  return h(
    "div",
    {
      class: `kcw-card ${isRed(code) ? "kcw-red" : "kcw-black"}`,
      "data-card": code,
      role: "img", // a picture with a name (a card in the hand is a button: extra says so)
      "aria-label": label ?? cardName(code),
      title: cardName(code),
      ...extra,
    },
    h("span", { class: "kcw-idx", "aria-hidden": "true" }, h("b", {}, rankText(code)), h("i", {}, symbol)),
    h("span", { class: "kcw-pip", "aria-hidden": "true" }, symbol),
  );
}

/** A face-down card (no data-card: the viewer cannot see it). */
export const backEl = () => h("div", { class: "kcw-card kcw-back", "aria-hidden": "true" });
