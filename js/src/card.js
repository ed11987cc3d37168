// Cards in the card notation ("Th"): drawn with rank and suit symbol, labelled in words.
import { h } from "./dom.js";

const RANKS = "A23456789TJQK";
const RANK_WORDS = "ace two three four five six seven eight nine ten jack queen king".split(" ");
const SUITS = { c: ["♣", "clubs"], d: ["♦", "diamonds"], h: ["♥", "hearts"], s: ["♠", "spades"] };

export const SPACE_WORDS = {
  N: "the north pile",
  E: "the east pile",
  S: "the south pile",
  W: "the west pile",
  NE: "the north-east corner",
  SE: "the south-east corner",
  SW: "the south-west corner",
  NW: "the north-west corner",
};

/** "Th" -> "ten of hearts". */
export function cardWords(code) {
  const rank = RANKS.indexOf(code[0]);
  const suit = SUITS[code[1]];
  return rank < 0 || !suit ? code : `${RANK_WORDS[rank]} of ${suit[1]}`;
}

export const isRed = (code) => code[1] === "h" || code[1] === "d";
export const suitSymbol = (code) => SUITS[code[1]]?.[0] ?? "?";
export const rankText = (code) => (code[0] === "T" ? "10" : code[0]);

/** A face-up card element carrying data-card. */
export function cardEl(code, label, extra = {}) {
  const symbol = suitSymbol(code);
  return h(
    "div",
    {
      class: `kcw-card ${isRed(code) ? "kcw-red" : "kcw-black"}`,
      "data-card": code,
      "aria-label": label ?? cardWords(code),
      title: cardWords(code),
      ...extra,
    },
    h("span", { class: "kcw-idx", "aria-hidden": "true" }, h("b", {}, rankText(code)), h("i", {}, symbol)),
    h("span", { class: "kcw-pip", "aria-hidden": "true" }, symbol),
  );
}

/** A face-down card (no data-card: the viewer cannot see it). */
export const backEl = () => h("div", { class: "kcw-card kcw-back", "aria-hidden": "true" });
