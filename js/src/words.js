// Every word the page shows comes from Python: the snapshot's sentences, and the phrasebook
// (the widget's `phrases` trait, kingscorner_widget/table/page_words.py) for card and space
// names, labels and templates. This module only looks words up and fills a template's {slots}.

/** @typedef {import("./snapshot").Phrases} Phrases */
/** @typedef {Record<string, string | number>} Slots */

/** @type {Phrases} */
const NONE = { lang: "en", cards: {}, spaces: {}, text: {}, counted: {}, verdicts: {}, keys: [] };

let book = NONE;
let plurals = new Intl.PluralRules(book.lang);

/**
 * Use the phrasebook Python sent (the page keeps the last one; each table on a page may speak
 * its own language, so each switches to its own book before it draws).
 * @param {Phrases | null | undefined} phrases
 */
export function usePhrases(phrases) {
  if (!phrases || phrases === book || !phrases.text) return;
  book = phrases;
  plurals = new Intl.PluralRules(book.lang);
}

/**
 * A template with its {slots} filled (a slot without a value stays as it is).
 * @param {string} template
 * @param {Slots} [slots]
 */
export function fill(template, slots = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in slots ? String(slots[name]) : whole));
}

/**
 * The phrase `key` of the book, filled; the key itself when the book has no such phrase.
 * @param {string} key
 * @param {Slots} [slots]
 */
export const say = (key, slots) => fill(book.text[key] ?? key, slots);

/**
 * A counted phrase in the form the count takes ("1 card", "3 cards"), filled.
 * @param {string} key
 * @param {number} n
 * @param {Slots} [slots]
 */
export function count(key, n, slots = {}) {
  const forms = book.counted[key];
  const form = forms?.[plurals.select(n)] ?? forms?.other ?? key;
  return fill(form, { ...slots, n });
}

/**
 * A card's name for the screen reader ("ten of hearts"), by its notation.
 * @param {string} code
 */
export const cardName = (code) => book.cards[code] ?? code;

/**
 * A space's name ("the north pile"), by its notation.
 * @param {string} space
 */
export const spaceName = (space) => book.spaces[space] ?? space;

/**
 * A review verdict's name on the panel.
 * @param {string} verdict
 */
export const verdictName = (verdict) => book.verdicts[verdict] ?? verdict;

/** The keys for moving about the table, each with what it does. */
export const moveKeys = () => book.keys;
