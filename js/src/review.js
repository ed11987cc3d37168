// Review mode: the panel beside the table (the turn's verdict, what was played, the best turn,
// the summary) and the toolbar for stepping through the turns. Python decides everything; each
// button sends an intent: back / forward (turns), next (next mistake), show (the better turn),
// practise (the mistakes as a lesson), resume (back to the table the review came from).
import { h } from "./dom.js";

const VERDICTS = { best: "Best", inaccuracy: "Inaccuracy", mistake: "Mistake" };

/**
 * @param {string} action the intent the button sends
 * @param {string} label
 * @param {{ disabled?: boolean, primary?: boolean }} [options]
 */
const go = (action, label, { disabled = false, primary = false } = {}) =>
  h("button", { type: "button", class: `kcw-btn${primary ? " kcw-primary" : ""}`, "data-action": action, disabled }, label);

// A turn's moves on one line, in notation; each move's words are its label and tooltip.
const movesEl = (moves, label) =>
  h(
    "p",
    { class: "kcw-review-moves" },
    h("span", { class: "kcw-note" }, `${label}: `),
    h(
      "ol",
      { "aria-label": label },
      moves.map((m) => h("li", { title: m.words, "aria-label": m.words }, h("code", {}, m.notation))),
    ),
  );

const percent = (x) => `${Math.round(x * 100)}%`;

/** The review panel (review mode), or the way back to the review (its practice lesson). */
export function reviewEl(snap) {
  if (snap.mode === "lesson" && snap.resume) {
    return h(
      "section",
      { class: "kcw-panel", "aria-label": "Practice" },
      h("p", { class: "kcw-note" }, "These steps are your own mistakes, from the review."),
      go("resume", snap.resume),
    );
  }
  const r = snap.review;
  if (snap.mode !== "review" || !r) return null;
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
    h(
      "div",
      { class: "kcw-lesson-go", role: "group", "aria-label": "Go on" },
      go("practise", "Practise these", { disabled: !r.mistakes.length }),
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
  return [
    button("back", "◀ Previous turn", { disabled: r.turn <= 1, key: "[" }),
    button("forward", "Next turn ▶", { disabled: r.turn >= r.turns, key: "]" }),
    button("show", r.verdict === "best" ? "Show the best turn" : "Show the better turn", {
      disabled: showing,
      key: "M",
      primary: r.verdict !== "best" && !r.shown && !showing,
    }),
    button("next", "Next mistake", { disabled: r.nextMistake === null || r.nextMistake === undefined, key: "N" }),
    ...(showing ? [button("faster", "Faster", { key: "+" }), button("skip", "Skip", { key: "K" })] : []),
  ];
}
