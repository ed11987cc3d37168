// @vitest-environment jsdom
// One voice, written in Python: js/src holds no English. Every word the page shows comes from
// the snapshot's sentences or the phrasebook Python sends (kingscorner_widget/table/page_words.py).
//
// The rule, read from the source (every quoted string and every fixed part of a template
// literal in js/src/*.js, comments left out):
//   1. no two words in a row: two space-separated tokens each made of letters only (an
//      apostrophe, brackets or closing punctuation allowed), unless the string is a CSS
//      selector list of HTML element names;
//   2. no capitalised word standing alone ("Present"), except a KeyboardEvent key name;
//   3. no rank or suit name anywhere (suits are drawn by their symbols ♣ ♦ ♥ ♠, which SPEC
//      asks for: "suits by symbol as well as colour").
// Lower-case single words are code (tag names, roles, events, intents, phrasebook keys): every
// key the page asks the phrasebook for must be in it. And drawn with a phrasebook whose every
// phrase is a marker, the page shows no word that is not a marker or the snapshot's own.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { usePhrases } from "../src/words.js";
import { control, mountTable, phrases, snapshot } from "./fake-model.js";
import { HOLE, literals } from "./literals.js";

const SRC = join(import.meta.dirname, "..", "src");
const sources = () =>
  readdirSync(SRC)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, text: readFileSync(join(SRC, name), "utf8") }));

const WORD = /^[("'‘“]?[A-Za-z]+(?:['’][a-z]+)?[)"'’”]?[,.:;!?…)]*$/;
const TAGS = new Set(
  "a b br button canvas caption code dd div dl dt em form h3 h4 i iframe img input li ol option p progress section select span strong svg table tbody td textarea th thead tr ul video".split(" "),
);
const KEY_NAMES = /^(Enter|Escape|Tab|Arrow(Up|Down|Left|Right)?|Backspace|Delete|Home|End|PageUp|PageDown)$/;
const CARD_WORDS =
  /\b(aces?|twos?|threes?|fours?|fives?|sixes|six|sevens?|eights?|nines?|tens?|jacks?|queens?|kings?|clubs?|diamonds?|hearts?|spades?)\b/i;

/** A selector list such as "input, textarea, select" or "img, .kcw-table": code, not words. */
const isSelectorList = (text) =>
  text.split(",").every((part) => {
    const item = part.trim();
    return TAGS.has(item) || /^[.[][\w\-.[\]="' ]+$/.test(item);
  });

/** Why a literal is English, or null when it is code. */
function english(text) {
  const tokens = text.split(/\s+/).filter(Boolean);
  const words = tokens.map((token) => WORD.test(token));
  if (tokens.some((token, i) => words[i] && CARD_WORDS.test(token))) return "a rank or suit name";
  // A hole (${...}) counts as a word beside a real one: "card ${i} of ${n}" is a sentence.
  const wordy = tokens.map((token, i) => words[i] || WORD.test(token.replaceAll(HOLE, "x")));
  const pair = wordy.some((w, i) => w && wordy[i + 1] && (words[i] || words[i + 1]));
  if (pair && !isSelectorList(text)) return "a sentence";
  if (tokens.length === 1 && /^[A-Z][a-z]+$/.test(tokens[0].replace(/[^A-Za-z]/g, "")) && !KEY_NAMES.test(tokens[0])) {
    return "a capitalised word";
  }
  return null;
}

/** Source text for the checks below, "@{" standing for a template's "${". */
const js = (text) => text.replaceAll("@{", "${");

/** The English literals of a source, as "line: text (why)". */
const englishIn = (text) =>
  literals(text).flatMap(({ line, text: literal }) => {
    const why = english(literal);
    return why ? [`${line}: ${JSON.stringify(literal)} (${why})`] : [];
  });

describe("the rule", () => {
  it("finds sentences, labels and card names, and lets code through (the check itself)", () => {
    expect(englishIn('h("p", {}, "No moves yet.")')).toHaveLength(1);
    expect(englishIn(js("const t = `@{n} earlier moves not shown`;"))).toHaveLength(1);
    expect(englishIn('label: "Present",')).toHaveLength(1);
    expect(englishIn('const SUITS = { h: ["♥", "hearts"] };')).toHaveLength(1);
    expect(englishIn('const RANKS = "ace two three".split(" ");')).toHaveLength(1);
    expect(englishIn(js("const r = `@{x}, card @{i} of @{n}`;"))).toHaveLength(1);
    expect(englishIn("// a comment may say what it likes\nconst a = 1;")).toEqual([]);
    expect(englishIn('h("div", { class: "kcw-btn kcw-primary", "data-action": "draw" });')).toEqual([]);
    expect(englishIn('el.closest("input, textarea, select"); if (key === "Escape") go();')).toEqual([]);
    expect(englishIn(js('root.querySelector(`[data-pile="@{space}"]`); const re = /^[NESW]{1,2} is a pile$/;'))).toEqual([]);
    expect(englishIn('say("pileEmpty", { space }); const s = { c: "♣", h: "♥" };')).toEqual([]);
  });

  it("reads template literals to their end, nested ones too", () => {
    const found = literals(js("const a = `x @{b ? `in @{c}` : 'd e'} y`; const f = 'g';"));
    expect(found.map((l) => l.text)).toEqual([`in ${HOLE}`, "d e", `x ${HOLE} y`, "g"]);
  });
});

describe("js/src", () => {
  it("holds no English sentence, no capitalised label and no rank or suit name", () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(15);
    const found = files.flatMap(({ name, text }) => englishIn(text).map((hit) => `${name}:${hit}`));
    expect(found).toEqual([]);
  });

  it("asks the phrasebook only for phrases it holds", () => {
    const asked = sources().flatMap(({ text }) =>
      [...text.matchAll(/\b(say|count)\(\s*["']([\w]+)["']/g)].map(([, how, key]) => [how, key]),
    );
    expect(asked.length).toBeGreaterThan(60);
    const missing = asked.filter(([how, key]) => !(key in (how === "say" ? phrases.text : phrases.counted)));
    expect(missing).toEqual([]);
  });
});

/** The phrasebook with every phrase a marker: ⟦key⟧, ⟦Th⟧, ⟦N⟧, counted ⟦cards:3⟧. */
function markers() {
  const mark = (table, f = (key) => `⟦${key}⟧`) => Object.fromEntries(Object.keys(table).map((key) => [key, f(key)]));
  return {
    lang: "en",
    cards: mark(phrases.cards),
    spaces: mark(phrases.spaces),
    text: mark(phrases.text, (key) => `⟦${key}${(phrases.text[key].match(/\{\w+\}/g) ?? []).join("")}⟧`),
    counted: Object.fromEntries(Object.keys(phrases.counted).map((key) => [key, { one: `⟦${key}:{n}⟧`, other: `⟦${key}:{n}⟧` }])),
    verdicts: mark(phrases.verdicts),
    keys: phrases.keys.map((_, i) => [`⟦key${i}⟧`, `⟦what${i}⟧`]),
  };
}

/** Every string in a snapshot (the snapshot's own words). */
const stringsOf = (value) =>
  typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(stringsOf) : [];

/** What the page shows and says: its text, and its labels, titles and placeholders. */
function shown(root) {
  const attrs = [...root.querySelectorAll("*")].flatMap((node) =>
    ["aria-label", "title", "placeholder"].map((name) => node.getAttribute(name) ?? ""),
  );
  const texts = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) texts.push(walk.currentNode.textContent ?? "");
  return [...texts, ...attrs];
}

const TABLES = {
  "a match, mid-hand, with the log": snapshot({
    log: [{ player: 2, notation: "9s>N", words: "P2 plays the nine of spades on the north pile" }],
    turns: [{ player: 2, name: "P2", start: 0, count: 1, recap: "P2 played 1 card" }],
    logStart: 4,
    piles: { N: ["Jc", "Th", "9s"], E: ["6h"], S: [], W: ["8c", "7h", "6s"], NE: ["Kd"], SE: [], SW: [], NW: [] },
    score: { seats: ["You", "P2"], rows: [{ hand: 1, points: [3, 0], winners: [2] }], totals: [3, 0], target: 25, end: "lowest", hand: 2, scored: false, over: false, winners: [], caption: "Hand 2. When a total reaches 25, the lowest total wins." },
    hands: [
      { player: 1, name: "You", title: "Your hand", whose: "your hand", count: 3, cards: ["Th", "Ks", "4h"], computer: false, kept: 1 },
      { player: 2, name: "P2", title: "P2's hand", whose: "P2's hand", count: 1, cards: null, computer: true, kept: 2 },
    ],
    hint: { move: "Th>N", reason: "It fits.", exact: true },
  }),
  "the end of a hand": snapshot({
    over: true,
    summary: {
      reason: "out",
      why: "P2 played their last card, so the hand ended at once.",
      line: "P2 went out and wins.",
      hands: [
        { player: 1, name: "You", cards: ["Ks", "4h"], count: 2, points: 11, out: false, won: false, kept: 0 },
        { player: 2, name: "P2", cards: [], count: 0, points: 0, out: true, won: true, kept: 0 },
      ],
      row: { label: "Hand 2", names: ["You", "P2"], points: [11, 0], totals: [14, 6], winners: ["P2"] },
    },
    confirm: { kind: "new", question: "Throw the match away?", yes: "Yes, a new match", no: "Keep playing" },
    refusal: "That card does not fit there.",
  }),
  "a lesson": snapshot({ lesson: { title: "Kings", stepTitle: "Open a corner", narration: "A **king** opens a corner.", progress: [1, 4] } }),
  "a homework's items": snapshot({ lesson: { title: "Week 3", narration: "Go.", progress: [1, 4], parts: [{ title: "A worked turn", first: 1, steps: 3, current: true }], partsTitle: "In Week 3" } }),
  "a finished lesson's stars": snapshot({ lesson: { title: "Kings", stepTitle: "Done", narration: "Well played.", progress: [4, 4], done: true, stars: 2, starsSaid: "You earned 2 of 3 stars." } }),
  "a review by win chance": snapshot({
    review: {
      turn: 2, turns: 5, hand: 1, match: true, who: "P1", heading: "Review of P1", judge: "win", estimating: false,
      verdict: "mistake", words: "You shed 1 card.", played: [{ notation: "draw", words: "draw a card" }],
      best: [{ notation: "Th>N", words: "the ten of hearts to the north pile" }], shed: 1, bestShed: 3, proven: true,
      win: { before: 0.5, played: 0.4, mostCards: 0.45, best: 0.6, loss: 0.2, stderr: 0.02, worlds: 100, shed: 1, mostCardsShed: 2 },
      showing: false, shown: false, mistakes: [2], nextMistake: null, resume: null,
      summary: { accuracy: 0.6, counts: { best: 2, inaccuracy: 1, mistake: 1, blunder: 1 }, shed: 6, possible: 10, judge: "win", estimated: 3 },
    },
  }),
  "explore's lines": snapshot({
    viewer: null,
    tree: {
      at: 2, start: { id: 0, comment: "" }, comment: "", first: 1, last: 2, lines: 2, hidden: "P2",
      moves: [{ id: 2, n: 2, move: "Th>N", ahead: false, comment: "A note", alts: [{ id: 5, move: "4h>S" }] }],
    },
  }),
  "the keys listed": snapshot({ actions: [control("load", "Load", { input: { name: "position", prompt: "Position", example: "N:Jc" } }), control("draw", "Draw & end turn", { key: "D" })] }),
};

describe("drawn with a phrasebook of markers", () => {
  let cleanup;
  afterEach(() => {
    cleanup?.();
    document.body.replaceChildren();
    usePhrases(phrases);
  });

  it.each(Object.entries(TABLES))("%s shows no word of its own", (_, snap) => {
    const table = mountTable(widget, { snapshot: snap, legal: ["Th>N", "draw"], status: "Your turn.", phrases: markers() });
    cleanup = table.cleanup;
    if (snap.actions.some((c) => c.kind === "draw")) table.el.querySelector('[data-action="keys"]')?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    table.el.querySelector('[data-hand] [data-card="Th"]')?.dispatchEvent(new MouseEvent("click", { bubbles: true })); // a legal target
    const own = stringsOf(snap)
      .concat("Your turn.")
      .flatMap((text) => [text, ...text.split(/\*\*|\*|`|\n/)]) // a lesson's Markdown, drawn as HTML
      .filter((text) => text.length > 1) // "" would split every word into letters
      .sort((a, b) => b.length - a.length);
    const left = shown(table.el).map((text) => {
      let rest = text;
      while (/⟦[^⟦⟧]*⟧/.test(rest)) rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " "); // markers, nested ones too
      for (const words of own) rest = rest.split(words).join(" ");
      return rest;
    });
    // What is left is notation, numbers, symbols: no run of three letters.
    expect(left.filter((text) => /[A-Za-z]{3}/.test(text))).toEqual([]);
    expect(table.el.textContent).toContain("⟦");
  });
});
