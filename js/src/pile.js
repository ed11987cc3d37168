// One pile: its top card with the bottom card peeking out, and how many cards it holds.
import { cardEl, cardWords, SPACE_WORDS } from "./card.js";
import { h } from "./dom.js";

export function pileLabel(space, cards) {
  const where = SPACE_WORDS[space];
  if (!cards.length) return `${where}, empty`;
  const top = cardWords(cards[cards.length - 1]);
  if (cards.length === 1) return `${top} on ${where}`;
  return `${top} on ${where}, ${cards.length} cards, ${cardWords(cards[0])} at the bottom`;
}

export function pileEl(space, cards) {
  const corner = space.length === 2;
  const el = h("div", {
    class: `kcw-pile kcw-${corner ? "corner" : "cross"}${cards.length ? "" : " kcw-empty"}`,
    "data-pile": space,
    role: "button",
    tabindex: "0",
    "aria-label": pileLabel(space, cards),
    title: cards.length ? cards.join(" ") : `${space} (empty)`,
    draggable: cards.length && !corner ? "true" : false,
  });
  const where = SPACE_WORDS[space];
  if (!cards.length) {
    el.append(h("span", { class: "kcw-slot", "aria-hidden": "true" }, corner ? `${space} ♔` : space));
    return el;
  }
  const top = cards[cards.length - 1];
  if (cards.length > 1) {
    const bottom = cardEl(cards[0], `${cardWords(cards[0])} at the bottom of ${where}`);
    bottom.classList.add("kcw-bottom");
    el.append(bottom);
  }
  const topEl = cardEl(top, `${cardWords(top)} on ${where}`);
  topEl.classList.add("kcw-top");
  topEl.classList.add(cards.length > 1 ? "kcw-peeked" : "kcw-single");
  topEl.append(h("span", { class: "kcw-count", "aria-hidden": "true" }, cards.length));
  el.append(topEl);
  return el;
}
