// Beside the table: the lesson's narration, the log of moves (in words and notation) and the
// match's score sheet.
import { h } from "./dom.js";
import { markdown } from "./markdown.js";
import { count, say } from "./words.js";

export { markdown };

/**
 * The log's turns: the snapshot's own grouping when it sends one, else each run of lines by
 * one player (turns pass to the left, so a player's lines in a row make one turn).
 * @param {{ log?: import("./snapshot").LogEntry[], turns?: import("./snapshot").Turn[] }} snap
 * @returns {import("./snapshot").Turn[]}
 */
export function turnsOf(snap) {
  const log = snap.log ?? [];
  if (Array.isArray(snap.turns)) return snap.turns;
  /** @type {import("./snapshot").Turn[]} */
  const turns = [];
  log.forEach((entry, index) => {
    const last = turns[turns.length - 1];
    if (last && last.player === entry.player) last.count += 1;
    else turns.push({ player: entry.player, name: "", start: index, count: 1, recap: "" });
  });
  return turns;
}

/**
 * The whole log, scrollable, grouped by turn; each turn headed by what it did.
 * @param {import("./snapshot").Snapshot} snap
 */
export function logEl(snap) {
  const log = snap.log ?? [];
  const start = snap.logStart ?? 1;
  const byPlayer = new Map((snap.hands ?? []).map((p) => [p.player, p]));
  const turns = turnsOf(snap);
  const list = h("ol", { class: "kcw-turns" });
  turns.forEach((turn, i) => {
    const seat = turn.player === null ? undefined : byPlayer.get(turn.player);
    const live = i === turns.length - 1 && snap.waiting !== null && snap.waiting !== undefined && turn.player === snap.waiting;
    const classes = ["kcw-turn"];
    if (turn.player === snap.viewer) classes.push("kcw-mine");
    if (seat?.computer) classes.push("kcw-computer");
    if (turn.player === null || turn.player === undefined) classes.push("kcw-rules");
    if (live) classes.push("kcw-live");
    const moves = h("ol", { class: "kcw-moves" });
    for (const entry of log.slice(turn.start, turn.start + turn.count)) {
      const comment = entry.comment ? h("p", { class: "kcw-comment" }, entry.comment) : null; // explore's comments
      // a lesson's log is in words alone (its notation is empty): no empty chip beside them
      const notation = entry.notation ? [" ", h("code", {}, entry.notation)] : [];
      moves.append(h("li", {}, h("span", {}, entry.words), ...notation, comment));
    }
    const head = turn.recap || (seat ? seat.name : "");
    list.append(
      h(
        "li",
        { class: classes.join(" "), "data-turn": String(i + 1) },
        head ? h("div", { class: "kcw-turn-head" }, head, seat?.computer ? h("span", { class: "kcw-tag" }, say("computerTag")) : null) : null,
        moves,
      ),
    );
  });
  const body = h(
    "div",
    { class: "kcw-log", role: "log", "aria-label": say("logLabel"), tabindex: "0" },
    start > 1 ? h("p", { class: "kcw-note" }, count("earlier", start - 1)) : null,
    log.length ? list : h("p", { class: "kcw-note" }, say("noMoves")),
  );
  return h("section", { class: "kcw-panel", role: "group", "aria-label": say("log") }, h("h3", {}, say("moves")), body);
}

/**
 * Where the log is scrolled, before the table is drawn again.
 * @param {HTMLElement} root
 * @returns {{ top: number, atEnd: boolean } | null}
 */
export function logPlace(root) {
  const log = root.querySelector(".kcw-log");
  if (!log) return null;
  return { top: log.scrollTop, atEnd: log.scrollTop + log.clientHeight >= log.scrollHeight - 8 };
}

/**
 * After a redraw: follow the newest move if the viewer was at the end of the log (or it is new),
 * else keep the place they scrolled back to, so they can read back while the computers play.
 * @param {HTMLElement} root
 * @param {{ top: number, atEnd: boolean } | null} place
 */
export function followLog(root, place) {
  const log = root.querySelector(".kcw-log");
  if (!log) return;
  log.scrollTop = !place || place.atEnd ? log.scrollHeight : place.top;
}

/** Room kept for the log's newest move under a summary at a desk, in lines of the log's text. */
export const LOG_LEAST_LINES = 4.5;

/**
 * At a desk (not presenting, the side panel beside the table), with a finished hand's summary
 * heading the side panel: the side panel is as tall as the table (styles.css) and the log takes
 * the room left under the summary, at least LOG_LEAST_LINES, so its newest move shows beside the
 * table and never below the window's fold; a summary too tall for that scrolls within itself
 * (beside a lesson's narration it stays whole, and the side panel scrolls instead).
 * The score sheet comes after, further down the side panel. Anywhere else the styles decide.
 * @param {HTMLElement} root
 */
export function fitLog(root) {
  const side = /** @type {HTMLElement | null} */ (root.querySelector(".kcw-side"));
  const log = /** @type {HTMLElement | null | undefined} */ (side?.querySelector(".kcw-log"));
  const summary = /** @type {HTMLElement | null | undefined} */ (side?.querySelector(":scope > .kcw-summary"));
  if (log) log.style.maxHeight = "";
  if (summary) summary.style.maxHeight = "";
  if (!side || !log || !summary || root.classList.contains("kcw-present") || root.classList.contains("kcw-side-below")) return;
  const style = globalThis.getComputedStyle?.(log);
  const line = (style ? Number.parseFloat(style.lineHeight) || 1.2 * Number.parseFloat(style.fontSize) : 0) || 17;
  const least = Math.round(LOG_LEAST_LINES * line);
  const panel = log.parentElement?.getBoundingClientRect();
  const under = panel ? panel.bottom - log.getBoundingClientRect().bottom : 0; // the panel's padding and border
  const room = side.getBoundingClientRect().bottom - log.getBoundingClientRect().top - under + side.scrollTop;
  // the summary gives up what the log lacks, down to a few lines of its own; beside a lesson's
  // narration it keeps all its rows (the lesson talks about them) and the side panel scrolls
  const whole = Boolean(side.querySelector(":scope > .kcw-lesson"));
  const kept = Math.min(summary.offsetHeight, Math.round(6 * line));
  if (room < least && !whole) summary.style.maxHeight = `${Math.max(kept, summary.offsetHeight - (least - room))}px`;
  log.style.maxHeight = `${Math.max(least, Math.floor(room))}px`;
}

/** @param {import("./snapshot").Score | null} score */
export function scoreEl(score) {
  if (!score) return null;
  const head = h("tr", {}, h("th", { scope: "col" }, say("hand")), score.seats.map((s) => h("th", { scope: "col" }, s)));
  const rows = score.rows.map((row) =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, row.hand),
      row.points.map((p, i) => h("td", { class: row.winners.includes(i + 1) ? "kcw-won" : "" }, p === null ? "–" : p)),
    ),
  );
  const totals = h("tr", { class: "kcw-totals" }, h("th", { scope: "row" }, say("total")), score.totals.map((t) => h("td", {}, t)));
  return h(
    "section",
    { class: "kcw-panel", role: "group", "aria-label": say("scoreSheet") },
    h("h3", {}, say("scoreSheet")),
    h("table", { class: "kcw-score" }, h("caption", {}, score.caption), h("thead", {}, head), h("tbody", {}, rows, totals)),
  );
}

/** @param {import("./snapshot").LessonView | null} lesson */
export function lessonEl(lesson) {
  if (!lesson) return null;
  const [i, n] = lesson.progress ?? [0, 0];
  const body = h("div", { class: "kcw-narration" });
  body.innerHTML = markdown(lesson.narration ?? "");
  return h(
    "section",
    { class: "kcw-panel kcw-lesson", role: "group", "aria-label": say("lesson") },
    h("h3", {}, lesson.title ?? say("lesson")),
    h("div", { class: "kcw-progress" }, h("progress", { max: n, value: i, "aria-label": say("step", { i, n }) }), ` ${say("step", { i, n })}`),
    partsEl(lesson),
    lesson.stepTitle ? h("h4", {}, lesson.stepTitle) : null,
    body,
    starsEl(lesson),
  );
}

/**
 * A set's items (a homework's lessons and puzzles) in order, the one the learner is in marked.
 * @param {import("./snapshot").LessonView} lesson
 */
export function partsEl(lesson) {
  const parts = lesson.parts;
  if (!parts?.length) return null;
  const items = parts.map((part) => h("li", part.current ? { class: "kcw-part-now", "aria-current": "step" } : {}, part.title));
  return h("nav", { class: "kcw-parts", "aria-label": lesson.partsTitle ?? "" }, h("p", { class: "kcw-parts-title" }, lesson.partsTitle ?? ""), h("ol", {}, ...items));
}

/**
 * The learner's stars for a finished lesson: drawn (hidden from screen readers) and said in
 * Python's sentence, which is what a screen reader reads.
 * @param {import("./snapshot").LessonView} lesson
 */
export function starsEl(lesson) {
  const stars = lesson.stars;
  if (stars === null || stars === undefined) return null;
  const drawn = [0, 1, 2].map((i) => h("span", { class: i < stars ? "kcw-star kcw-star-won" : "kcw-star" }, i < stars ? "\u2605" : "\u2606"));
  return h(
    "div",
    { class: "kcw-stars", "data-stars": String(stars) },
    h("span", { class: "kcw-stars-drawn", "aria-hidden": "true" }, ...drawn),
    h("p", { class: "kcw-stars-said" }, lesson.starsSaid ?? ""),
  );
}
