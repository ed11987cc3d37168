// One pile, fanned from its bottom card to its top card so every card shows (long runs
// compressed to their ranks, the whole pile on hover, focus or tap), with its label and count.
import { cardEl, rankText } from "./card.js";
import { h } from "./dom.js";
import { fanStep } from "./layout.js";
import { cardName, count, say, spaceName } from "./words.js";

/**
 * What a screen reader says for a pile: its top card, how many, its bottom card.
 * @param {string} space
 * @param {string[]} cards bottom first
 */
export function pileLabel(space, cards) {
  const where = spaceName(space);
  if (!cards.length) return say("pileEmpty", { space: where });
  const top = cardName(cards[cards.length - 1]);
  if (cards.length === 1) return say("pileOne", { card: top, space: where });
  return say("pileMany", { card: top, space: where, cards: count("cards", cards.length), bottom: cardName(cards[0]) });
}

/**
 * How many of a pile's covered cards have a two-character rank (the ten): they need more room.
 * @param {string[]} cards
 */
export const coveredTens = (cards) => cards.slice(0, -1).filter((code) => rankText(code).length > 1).length;

/**
 * @param {string} space
 * @param {string[]} cards bottom first
 * @param {{ card: number, cell: number } | null} [sized] the layout's card and cell widths (layout.js)
 */
export function pileEl(space, cards, sized = null) {
  const size = sized ?? { card: 60, cell: 160 };
  const corner = space.length === 2;
  const tens = coveredTens(cards);
  const fan = fanStep(cards.length, size.cell, size.card, tens);
  const el = h("div", {
    class: `kcw-pile kcw-${corner ? "corner" : "cross"}${cards.length ? "" : " kcw-empty"}${fan.compact ? " kcw-compact" : ""}`,
    "data-pile": space,
    role: "button",
    tabindex: "0",
    "aria-label": pileLabel(space, cards),
    title: cards.length ? `${space}: ${cards.join(" ")}` : say("pileEmptyTitle", { space }),
    draggable: cards.length && !corner ? "true" : false,
  });
  el.style.setProperty("--kcw-step", `${fan.step}px`);
  el.style.setProperty("--kcw-full", `${fan.full}px`);
  el.style.setProperty("--kcw-n", String(Math.max(cards.length, 1)));
  el.style.setProperty("--kcw-ten", `${fan.ten}px`);
  el.style.setProperty("--kcw-ten-full", `${fan.tenFull}px`);
  el.style.setProperty("--kcw-tens", String(tens));
  // An empty corner shows that it waits for a king; a filled pile's label stays small, clear of
  // its top card's index.
  const name = h("span", { class: "kcw-pile-name", "aria-hidden": "true" }, corner && !cards.length ? `${space} ♔` : space);
  if (!cards.length) {
    el.append(h("span", { class: "kcw-slot", "aria-hidden": "true" }, name));
    return el;
  }
  const where = spaceName(space);
  const row = h("div", { class: "kcw-pile-fan" });
  let after = 0; // covered tens below this card: each moves it a character further
  cards.forEach((code, i) => {
    const last = i === cards.length - 1;
    const card = cardName(code);
    const words = last ? say("pileOne", { card, space: where }) : say("covered", { card, i: i + 1, n: cards.length, space: where });
    const face = cardEl(code, words);
    face.style.setProperty("--kcw-i", String(i));
    face.style.setProperty("--kcw-after", String(after));
    if (!last && rankText(code).length > 1) after += 1;
    face.classList.add(last ? "kcw-top" : "kcw-covered");
    if (i === 0 && !last) face.classList.add("kcw-bottom");
    row.append(face);
  });
  row.append(name, h("span", { class: "kcw-count", "aria-hidden": "true" }, cards.length));
  el.append(row);
  return el;
}
