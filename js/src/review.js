// Review mode: the panel beside the table (the turn's verdict, what was played, the best turn,
// the summary), drawn when the snapshot carries a `review`. The buttons for stepping through the
// turns, showing the better turn and practising come with the snapshot's `actions`. A review by
// win chance shows each turn's chances as small bars, or "estimating..." until Python's
// background estimate arrives.
import { h } from "./dom.js";

const VERDICTS = { best: "Best", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };

// A turn's moves, one a line: words first, the notation beside them (learners read words first).
const movesEl = (moves, label) =>
  h(
    "div",
    { class: "kcw-review-moves" },
    h("span", { class: "kcw-note" }, `${label}:`),
    h(
      "ol",
      { "aria-label": label },
      moves.map((m) => h("li", {}, `${m.words} `, h("code", { "aria-hidden": "true" }, m.notation))),
    ),
  );

const percent = (x) => `${Math.round(x * 100)}%`;

// One chance of winning as a small bar with its figure; the cards shed under its label.
const chanceRow = (label, value, note, kind) =>
  h(
    "li",
    { class: `kcw-chance kcw-chance-${kind}`, "data-chance": kind },
    h("span", { class: "kcw-chance-label" }, label, note ? h("span", { class: "kcw-note" }, ` ${note}`) : null),
    h(
      "span",
      {
        class: "kcw-chance-bar",
        role: "img",
        "aria-label": `${label}: ${percent(value)} chance of winning`,
      },
      h("span", { class: "kcw-chance-fill", style: `width: ${Math.round(value * 100)}%` }),
    ),
    h("span", { class: "kcw-chance-value" }, percent(value)),
  );

const cards = (n) => (n === 1 ? "1 card" : `${n} cards`);

// The turn's chances of winning (a review by win chance), or "estimating..." until they arrive.
function chancesEl(r) {
  if (r.judge !== "win") return null;
  if (r.estimating || !r.win) {
    return h("p", { class: "kcw-note kcw-estimating", "data-estimating": "", role: "status" }, "Estimating the chances of winning…");
  }
  const w = r.win;
  return h(
    "div",
    { class: "kcw-chances", "aria-label": "Chances of winning" },
    h("span", { class: "kcw-note" }, `Chance of winning (${w.worlds} sampled deals):`),
    h(
      "ul",
      {},
      chanceRow("Before the turn", w.before, null, "before"),
      chanceRow("Your turn", w.played, `(${cards(w.shed)})`, "played"),
      chanceRow("Shedding the most", w.mostCards, `(${cards(w.mostCardsShed)})`, "most"),
      chanceRow("Best turn found", w.best, null, "best"),
    ),
  );
}

/**
 * The review panel, when the snapshot carries a review.
 * @param {import("./snapshot").Snapshot} snap
 */
export function reviewEl(snap) {
  const r = snap.review;
  if (!r) return null;
  const s = r.summary;
  const where = r.match ? ` (hand ${r.hand})` : "";
  const blunders = s.judge === "win" ? ` · ${s.counts.blunder ?? 0} ${s.counts.blunder === 1 ? "blunder" : "blunders"}` : "";
  const counts = `${s.counts.best} best · ${s.counts.inaccuracy} ${s.counts.inaccuracy === 1 ? "inaccuracy" : "inaccuracies"} · ${s.counts.mistake} ${s.counts.mistake === 1 ? "mistake" : "mistakes"}${blunders}`;
  const byWin = r.judge === "win";
  const complete = !byWin || s.estimated >= r.turns;
  return h(
    "section",
    { class: "kcw-panel kcw-review", "aria-label": "Review", "data-review": "" },
    h("h3", {}, r.heading),
    h(
      "div",
      { class: "kcw-progress" },
      h("progress", { max: r.turns, value: r.turn, "aria-label": `Turn ${r.turn} of ${r.turns}` }),
      ` Turn ${r.turn} of ${r.turns}${where}`,
    ),
    r.verdict
      ? h(
          "p",
          { class: `kcw-verdict kcw-verdict-${r.verdict}`, "data-verdict": r.verdict },
          h("strong", {}, VERDICTS[r.verdict] ?? r.verdict),
          ` ${r.words}`,
        )
      : null,
    chancesEl(r),
    movesEl(r.played, "You played"),
    !r.verdict || r.verdict === "best"
      ? null
      : movesEl(r.best, byWin ? "The best turn found" : r.proven ? "The best turn" : "The best turn found"),
    h(
      "div",
      { class: "kcw-review-summary", "aria-label": "Summary" },
      complete
        ? h("strong", {}, `Accuracy ${percent(s.accuracy)}`)
        : h("strong", {}, `Estimating: ${s.estimated} of ${r.turns} turns`),
      byWin ? " by chance of winning" : ` (${s.shed} of ${s.possible} cards that could be shed)`,
      h("br", {}),
      complete ? counts : null,
    ),
  );
}
