// A computer player's move, made visible: the card travels from that player's seat to its pile
// (or a pile's cards from where they lay to the pile they join) at the table's speed. Where the
// viewer asked for less motion (prefers-reduced-motion), the pile it reached is lit instead.

/** @typedef {import("./snapshot").Snapshot} Snapshot */

/**
 * How the table names a move in the log: a card onto a space, a pile onto a space, or neither.
 * @param {string | null | undefined} notation
 * @returns {{ card?: string, pile?: string, to: string } | null}
 */
export function moveParts(notation) {
  const [from, to] = String(notation ?? "").split(">");
  if (!to) return null;
  return /^[NESW]{1,2}$/.test(from) ? { pile: from, to } : { card: from, to };
}

/**
 * The computer move the table should show, when `snap` holds exactly one log line more than the
 * snapshot drawn before (`before`: its log count), and that line is a computer player's.
 * @param {number | null} before
 * @param {Snapshot} snap
 */
export function computerMove(before, snap) {
  const count = logCount(snap);
  if (before === null || count !== before + 1) return null;
  const line = snap.log?.at(-1);
  const seat = snap.hands?.find((p) => p.player === line?.player);
  if (!line || line.player === null || !seat?.computer || line.player === snap.viewer) return null;
  const parts = moveParts(line.notation);
  return parts ? { ...parts, player: line.player } : null;
}

/**
 * How many log lines the hand has so far (the snapshot carries the latest of them).
 * @param {Snapshot} snap
 */
export const logCount = (snap) => (snap.logStart ?? 1) - 1 + (snap.log?.length ?? 0);

const reduced = () => Boolean(globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches);

/** @param {DOMRect} rect */
const centre = (rect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });

/**
 * Show `move` on the table just drawn in `root`: `moved` are the cards it moved (bottom first),
 * `ms` the table's time between moves. Returns the elements that travel (or are lit).
 *
 * @param {HTMLElement} root
 * @param {{ card?: string, pile?: string, to: string, player: number }} move
 * @param {string[]} moved
 * @param {number} ms
 * @param {DOMRect | null} from where the pile lay before it moved (a pile move), else null
 */
export function showMove(root, move, moved, ms, from = null) {
  const target = root.querySelector(`[data-pile="${move.to}"]`);
  if (!target) return [];
  const cards = moved.flatMap((code) => {
    const card = /** @type {HTMLElement | null} */ (target.querySelector(`[data-card="${code}"]`));
    return card ? [card] : [];
  });
  const hold = Math.max(600, ms);
  if (reduced() || !cards.length || typeof cards[0].animate !== "function") {
    target.classList.add("kcw-arrived");
    setTimeout(() => target.classList.remove("kcw-arrived"), hold);
    return [target];
  }
  const source = move.card ? root.querySelector(`[data-player="${move.player}"]`)?.getBoundingClientRect() : from;
  if (!source) return [];
  const start = centre(source);
  const duration = Math.max(250, Math.min(700, ms * 0.75));
  for (const card of cards) {
    const end = centre(card.getBoundingClientRect());
    const scale = move.card ? 0.6 : 1;
    card.classList.add("kcw-travelling");
    const flight = card.animate(
      [{ transform: `translate(${start.x - end.x}px, ${start.y - end.y}px) scale(${scale})` }, { transform: "none" }],
      { duration, easing: "ease-in-out" },
    );
    flight.onfinish = flight.oncancel = () => card.classList.remove("kcw-travelling");
  }
  return cards;
}
