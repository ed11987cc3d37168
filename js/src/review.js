// Review mode: the panel beside the table (the turn's verdict, what was played, the best turn,
// the summary), drawn when the snapshot carries a `review`. The buttons for stepping through the
// turns, showing the better turn and practising come with the snapshot's `actions`.
import { h } from "./dom.js";

const VERDICTS = { best: "Best", inaccuracy: "Inaccuracy", mistake: "Mistake" };

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

/**
 * The review panel, when the snapshot carries a review.
 * @param {import("./snapshot").Snapshot} snap
 */
export function reviewEl(snap) {
  const r = snap.review;
  if (!r) return null;
  const s = r.summary;
  const where = r.match ? ` (hand ${r.hand})` : "";
  const counts = `${s.counts.best} best · ${s.counts.inaccuracy} ${s.counts.inaccuracy === 1 ? "inaccuracy" : "inaccuracies"} · ${s.counts.mistake} ${s.counts.mistake === 1 ? "mistake" : "mistakes"}`;
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
    h(
      "p",
      { class: `kcw-verdict kcw-verdict-${r.verdict}`, "data-verdict": r.verdict },
      h("strong", {}, VERDICTS[r.verdict] ?? r.verdict),
      ` ${r.words}`,
    ),
    movesEl(r.played, "You played"),
    r.verdict === "best" ? null : movesEl(r.best, r.proven ? "The best turn" : "The best turn found"),
    h(
      "div",
      { class: "kcw-review-summary", "aria-label": "Summary" },
      h("strong", {}, `Accuracy ${percent(s.accuracy)}`),
      ` (${s.shed} of ${s.possible} cards that could be shed)`,
      h("br", {}),
      counts,
    ),
  );
}
