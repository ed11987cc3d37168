// What the teacher sees beyond the toolbar: the end-of-hand summary and its button, the table's
// question before a match is thrown away, a refusal kept in view, and hints lit up on the table.
// The teacher's controls themselves (Skip step, Show all hands) come with the snapshot's
// `actions`, on a table opened for a teacher. Python decides what is allowed.
import { h } from "./dom.js";
import { summaryEl } from "./summary.js";
import { say } from "./words.js";

/** @typedef {import("./snapshot").Snapshot} Snapshot */
/** @typedef {{ summaryHidden: boolean, asked: boolean }} TeacherState */

/**
 * What the table keeps between redraws for the teacher's pieces.
 * @returns {TeacherState}
 */
export function teacherState() {
  return { summaryHidden: false, asked: false };
}

/**
 * @param {string} action
 * @param {string} label
 */
const button = (action, label, extra = {}) =>
  h("button", { type: "button", class: "kcw-btn", "data-action": action, title: label, ...extra }, label);

/**
 * The button that brings back the end-of-hand summary once it was put aside (this page's view).
 * @param {Snapshot} snap
 * @param {TeacherState} state
 */
export function teacherButtons(snap, state) {
  return snap.summary && state.summaryHidden ? [button("summary", say("handSummary"), { "aria-keyshortcuts": say("summaryKey") })] : [];
}

/**
 * The piece drawn over the felt: the question waiting for an answer.
 * @param {Snapshot} snap
 */
export function overlayEls(snap) {
  return snap.confirm ? [confirmEl(snap.confirm)] : [];
}

/**
 * The end-of-hand summary, drawn beside the final table (never over it), unless hidden.
 * @param {Snapshot} snap
 * @param {TeacherState} state
 */
export function summaryBeside(snap, state) {
  if (!snap.summary) state.summaryHidden = false;
  return state.summaryHidden ? null : summaryEl(snap.summary, snap.hands);
}

/** @param {import("./snapshot").Question} question */
function confirmEl(question) {
  return h(
    "div",
    { class: "kcw-confirm kcw-overlay", role: "alertdialog", "aria-label": question.question, "data-confirm": question.kind },
    h("p", { class: "kcw-confirm-question" }, question.question),
    h(
      "div",
      { class: "kcw-confirm-go" },
      h("button", { type: "button", class: "kcw-btn kcw-primary", "data-action": "confirm" }, question.yes),
      h("button", { type: "button", class: "kcw-btn", "data-action": "cancel" }, question.no),
    ),
  );
}

/**
 * After a redraw: a question that just appeared takes the focus (on its safe answer).
 * @param {HTMLElement} root
 * @param {Snapshot} snap
 * @param {TeacherState} state
 */
export function focusQuestion(root, snap, state) {
  const asking = Boolean(snap.confirm);
  if (asking && !state.asked) /** @type {HTMLElement | null} */ (root.querySelector('[data-action="cancel"]'))?.focus();
  state.asked = asking;
}

/**
 * A hint (or a move "show me" is about to play) lights up the table: the card (or the pile to
 * move), and the pile it goes to unless the hint holds that back (a lesson's early hints:
 * ``whole`` false); an end of turn lights the button. Each carries the ``data-hint`` hook.
 * @param {HTMLElement} root
 * @param {import("./snapshot").Hint | null | undefined} hint
 */
export function markHint(root, hint) {
  const move = hint?.move;
  if (!hint || !move) return;
  /** @param {Element | null} node */
  const mark = (node) => {
    node?.classList.add("kcw-hinted");
    node?.setAttribute("data-hint", "");
  };
  if (move === "draw" || move === "pass") {
    mark(root.querySelector('[data-action="draw"]'));
    return;
  }
  const [from, to] = move.split(">");
  if (/^[NESW]{1,2}$/.test(from)) mark(root.querySelector(`[data-pile="${from}"]`));
  else mark(root.querySelector(`[data-hand] [data-card="${from}"]`));
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-pile].kcw-hinted"))) {
    if (node.dataset.pile !== from && hint.whole === false) node.classList.remove("kcw-hinted");
  }
  for (const node of root.querySelectorAll(".kcw-hinted[data-pile], .kcw-hinted[data-card]")) node.setAttribute("data-hint", "");
  if (hint.whole !== false) mark(root.querySelector(`[data-pile="${to}"]`));
}

/**
 * The last refusal stays in view below the status line until the viewer's next accepted action.
 * @param {HTMLElement} line
 * @param {string | null | undefined} refusal
 * @param {string} status
 */
export function showRefusal(line, refusal, status) {
  const text = refusal && refusal !== status ? refusal : "";
  if (line.dataset.text === text) return;
  line.dataset.text = text;
  line.replaceChildren(...(text ? [h("strong", {}, say("notDone")), text] : []));
  line.hidden = !text;
}
