// Keyboard play: every mouse action has a key. Moving about the table is fixed here; each
// control's key comes with the control in the snapshot's `actions` (ctx.keyed finds it).
/** @type {Record<string, string>} */
const PAD = { 7: "NW", 8: "N", 9: "NE", 4: "W", 6: "E", 1: "SW", 2: "S", 3: "SE" };
const GRID = [
  ["NW", "N", "NE"],
  ["W", null, "E"],
  ["SW", "S", "SE"],
];

import { say } from "./words.js";

/** @typedef {import("./page").Ctx} Ctx */

/** The page's own controls with a key (its words and keys come from Python's phrasebook). */
const PAGE_KEYS = /** @type {const} */ ([
  ["presentKey", "present"],
  ["summaryKey", "summary"],
]);

/**
 * Run an action the key asked for, and say the key was used.
 * @param {() => void} action
 */
function used(action) {
  action();
  return true;
}

/**
 * Handle one keydown; returns true when the key was used. `ctx` holds the table's actions.
 * @param {KeyboardEvent} event
 * @param {Ctx} ctx
 */
export function handleKey(event, ctx) {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = /** @type {HTMLElement} */ (event.target);
  if (target.closest?.("input, textarea, select")) return false;
  const key = event.key;
  if (key === "Escape") return ctx.clear();
  if (key === "Enter" || key === " ") {
    if (target.closest("button")) return false; // buttons click themselves
    const card = /** @type {HTMLElement | null} */ (target.closest("[data-hand] [data-card]"));
    if (card) return used(() => ctx.pickCard(card.dataset.card ?? ""));
    const pile = /** @type {HTMLElement | null} */ (target.closest("[data-pile]"));
    if (pile) return used(() => ctx.pickPile(pile.dataset.pile ?? ""));
    return false;
  }
  if (PAD[key]) {
    ctx.pickPile(PAD[key]);
    return used(() => ctx.focus(`[data-pile="${PAD[key]}"]`));
  }
  if (key.startsWith("Arrow")) return arrow(key, target, ctx);
  if (key === "?") return used(() => ctx.act("keys"));
  const own = PAGE_KEYS.find(([name]) => say(name).toLowerCase() === key.toLowerCase());
  if (own) return used(() => ctx.act(own[1]));
  const kind = ctx.keyed(key);
  if (kind) return used(() => ctx.act(kind));
  return false;
}

/**
 * @param {string} key
 * @param {HTMLElement} target
 * @param {Ctx} ctx
 */
function arrow(key, target, ctx) {
  const card = /** @type {HTMLElement | null} */ (target.closest("[data-hand] [data-card]"));
  if (card) {
    const cards = [.../** @type {NodeListOf<HTMLElement>} */ (ctx.root.querySelectorAll("[data-hand] [data-card]"))];
    const i = cards.indexOf(card);
    if (key === "ArrowLeft" && i > 0) cards[i - 1].focus();
    else if (key === "ArrowRight" && i < cards.length - 1) cards[i + 1].focus();
    else if (key === "ArrowUp") ctx.focus('[data-pile="S"]');
    return true;
  }
  const pile = /** @type {HTMLElement | null} */ (target.closest("[data-pile]"));
  if (!pile) {
    ctx.focus(key === "ArrowUp" ? '[data-pile="S"]' : "[data-hand] [data-card]");
    return true;
  }
  const space = pile.dataset.pile ?? null;
  let row = GRID.findIndex((r) => r.includes(space));
  let col = GRID[row].indexOf(space);
  /** @type {Record<string, number[]>} */
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const [dr, dc] = steps[key] ?? [0, 0];
  if (row === 2 && dr === 1) return used(() => ctx.focus("[data-hand] [data-card]"));
  do {
    row += dr;
    col += dc;
  } while (GRID[row]?.[col] === null);
  const next = GRID[row]?.[col];
  if (next) ctx.focus(`[data-pile="${next}"]`);
  return true;
}
