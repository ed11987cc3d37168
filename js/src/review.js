// Review mode: the panel beside the table (the turn's verdict, what was played, the best turn,
// the summary) and the toolbar for stepping through the turns. Python decides everything; each
// button sends an intent: back / forward (turns), next (the next turn to learn from), show (the
// better turn), practise (the turns to learn from as a lesson), resume (back to the table the
// review came from). A review by win chance shows each turn's chances as small bars, or
// "estimating..." until Python's background estimate arrives.
import { h } from "./dom.js";

const VERDICTS = { best: "Best", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };

// The control Python declared for `kind` (its label, whether it is enabled), when it sent one.
const declared = (snap, kind) => (snap.actions ?? []).find((a) => a.kind === kind);

/**
 * @param {string} action the intent the button sends
 * @param {string} label
 * @param {{ disabled?: boolean, primary?: boolean }} [options]
 */
const go = (action, label, { disabled = false, primary = false } = {}) =>
  h("button", { type: "button", class: `kcw-btn${primary ? " kcw-primary" : ""}`, "data-action": action, disabled }, label);

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

// One chance of winning as a small bar, its figure beside it and a note (cards shed).
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

/** The review panel (review mode), or the way back to the review (its practice lesson). */
export function reviewEl(snap) {
  const back = snap.mode === "lesson" ? (snap.resume ?? declared(snap, "resume")?.label) : null;
  if (back) {
    return h(
      "section",
      { class: "kcw-panel", "aria-label": "Practice" },
      h("p", { class: "kcw-note" }, "These steps are your own turns to learn from, from the review."),
      go("resume", back),
    );
  }
  const r = snap.review;
  if (snap.mode !== "review" || !r) return null;
  const s = r.summary;
  const where = r.match ? ` (hand ${r.hand})` : "";
  const blunders = s.judge === "win" ? ` · ${s.counts.blunder ?? 0} ${s.counts.blunder === 1 ? "blunder" : "blunders"}` : "";
  const counts = `${s.counts.best} best · ${s.counts.inaccuracy} ${s.counts.inaccuracy === 1 ? "inaccuracy" : "inaccuracies"} · ${s.counts.mistake} ${s.counts.mistake === 1 ? "mistake" : "mistakes"}${blunders}`;
  const byWin = r.judge === "win";
  const complete = !byWin || s.estimated >= r.turns;
  const practise = declared(snap, "practise");
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
    h(
      "div",
      { class: "kcw-lesson-go", role: "group", "aria-label": "Go on" },
      go("practise", "Practise these", { disabled: practise ? !practise.enabled : !r.mistakes.length }),
      r.resume ? go("resume", r.resume) : null,
    ),
  );
}

/**
 * The review's toolbar: step turns, show the better turn, next mistake.
 * @param {any} snap the snapshot
 * @param {(action: string, label: string, options?: { disabled?: boolean, key?: string, primary?: boolean }) => HTMLElement} button
 */
export function reviewControls(snap, button) {
  const r = snap.review ?? { turn: 1, turns: 1, mistakes: [] };
  const showing = snap.waiting !== null && snap.waiting !== undefined;
  const show = declared(snap, "show");
  const next = declared(snap, "next");
  return [
    button("back", "◀ Previous turn", { disabled: r.turn <= 1, key: "[" }),
    button("forward", "Next turn ▶", { disabled: r.turn >= r.turns, key: "]" }),
    button("show", show?.label ?? (r.verdict === "best" ? "You played a best turn" : "Show the better turn"), {
      disabled: showing || (show ? !show.enabled : r.verdict === "best"),
      key: "M",
      primary: show ? show.primary && !showing : r.verdict !== "best" && !r.shown && !showing,
    }),
    button("next", next?.label ?? "Next to learn", {
      disabled: next ? !next.enabled : r.nextMistake === null || r.nextMistake === undefined,
      key: "N",
    }),
    ...(showing ? [button("faster", "Faster", { key: "+" }), button("skip", "Skip", { key: "K" })] : []),
  ];
}
