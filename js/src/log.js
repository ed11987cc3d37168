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
      moves.append(h("li", {}, h("span", {}, entry.words), " ", h("code", {}, entry.notation), comment));
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
    lesson.stepTitle ? h("h4", {}, lesson.stepTitle) : null,
    body,
  );
}
