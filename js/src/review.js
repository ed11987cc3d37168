// Review mode: the panel beside the table (the turn's verdict, what was played, the best turn,
// the summary), drawn when the snapshot carries a `review`. The buttons for stepping through the
// turns, showing the better turn and practising come with the snapshot's `actions`. A review by
// win chance shows each turn's chances as small bars, or "estimating..." until Python's
// background estimate arrives.
import { h } from "./dom.js";
import { count, say, verdictName } from "./words.js";

/**
 * A turn's moves, one a line: words first, the notation beside them (learners read words first).
 * @param {import("./snapshot").ReviewMove[]} moves
 * @param {string} label
 */
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

/** @param {number} x a share from 0 to 1 */
const percent = (x) => `${Math.round(x * 100)}%`;

/**
 * One chance of winning as a small bar with its figure; the cards shed under its label.
 * @param {string} label
 * @param {number} value
 * @param {string | null} note
 * @param {string} kind
 */
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
        "aria-label": say("chanceBar", { label, percent: percent(value) }),
      },
      h("span", { class: "kcw-chance-fill", style: `width: ${Math.round(value * 100)}%` }),
    ),
    h("span", { class: "kcw-chance-value" }, percent(value)),
  );

/** @param {number} n cards shed */
const shed = (n) => say("inBrackets", { what: count("cards", n) });

/**
 * The turn's chances of winning (a review by win chance), or "estimating..." until they arrive.
 * @param {import("./snapshot").ReviewView} r
 */
function chancesEl(r) {
  if (r.judge !== "win") return null;
  if (r.estimating || !r.win) {
    return h("p", { class: "kcw-note kcw-estimating", "data-estimating": "", role: "status" }, say("estimating"));
  }
  const w = r.win;
  return h(
    "div",
    { class: "kcw-chances", role: "group", "aria-label": say("chances") },
    h("span", { class: "kcw-note" }, count("deals", w.worlds)),
    h(
      "ul",
      {},
      chanceRow(say("before"), w.before, null, "before"),
      chanceRow(say("yourTurn"), w.played, shed(w.shed), "played"),
      chanceRow(say("mostCards"), w.mostCards, shed(w.mostCardsShed), "most"),
      chanceRow(say("bestRow"), w.best, null, "best"),
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
  const where = r.match ? say("ofHand", { hand: r.hand }) : "";
  const tally = say("countsLine", {
    best: count("best", s.counts.best ?? 0),
    inaccuracies: count("inaccuracies", s.counts.inaccuracy ?? 0),
    mistakes: count("mistakes", s.counts.mistake ?? 0),
  });
  const counts = s.judge === "win" ? say("withBlunders", { counts: tally, blunders: count("blunders", s.counts.blunder ?? 0) }) : tally;
  const turnOf = say("turnOf", { turn: r.turn, turns: r.turns });
  const byWin = r.judge === "win";
  const complete = !byWin || s.estimated >= r.turns;
  return h(
    "section",
    { class: "kcw-panel kcw-review", "aria-label": say("review"), "data-review": "", tabindex: "-1" },
    h("h3", {}, r.heading),
    h(
      "div",
      { class: "kcw-progress" },
      h("progress", { max: r.turns, value: r.turn, "aria-label": turnOf }),
      ` ${turnOf}${where}`,
    ),
    r.verdict
      ? h(
          "p",
          { class: `kcw-verdict kcw-verdict-${r.verdict}`, "data-verdict": r.verdict },
          h("strong", {}, verdictName(r.verdict)),
          ` ${r.words}`,
        )
      : null,
    chancesEl(r),
    movesEl(r.played, say("youPlayed")),
    !r.verdict || r.verdict === "best" ? null : movesEl(r.best, say(!byWin && r.proven ? "bestTurn" : "bestFound")),
    h(
      "div",
      { class: "kcw-review-summary", role: "group", "aria-label": say("summary") },
      complete
        ? h("strong", {}, say("accuracy", { percent: percent(s.accuracy) }))
        : h("strong", {}, count("estimatingTurns", r.turns, { done: s.estimated })),
      byWin ? say("byChance") : count("shedOf", s.possible, { shed: s.shed }),
      h("br", {}),
      complete ? counts : null,
      s.note ? h("br", {}) : null,
      s.note || null,
    ),
  );
}
