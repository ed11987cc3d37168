// Beside the table: the lesson's narration, the log of moves (in words and notation) and the
// match's score sheet.
import { h } from "./dom.js";
import { markdown } from "./markdown.js";

export { markdown };

export function logEl(snap) {
  const start = snap.logStart ?? 1;
  const list = h("ol", { class: "kcw-log", role: "log", "aria-label": "Moves so far", start });
  for (const entry of snap.log) {
    const comment = entry.comment ? h("p", { class: "kcw-comment" }, entry.comment) : null; // explore's comments
    list.append(h("li", { class: entry.player === snap.viewer ? "kcw-mine" : "" }, h("span", {}, entry.words), " ", h("code", {}, entry.notation), comment));
  }
  if (!snap.log.length) list.append(h("li", { class: "kcw-note" }, "No moves yet."));
  const earlier = start > 1 ? h("p", { class: "kcw-note" }, `${start - 1} earlier moves not shown`) : null;
  return h("section", { class: "kcw-panel", "aria-label": "Log" }, h("h3", {}, "Moves"), earlier, list);
}

export function scoreEl(score) {
  if (!score) return null;
  const head = h("tr", {}, h("th", { scope: "col" }, "Hand"), score.seats.map((s) => h("th", { scope: "col" }, s)));
  const rows = score.rows.map((row) =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, row.hand),
      row.points.map((p, i) => h("td", { class: row.winners.includes(i + 1) ? "kcw-won" : "" }, p === null ? "–" : p)),
    ),
  );
  const totals = h("tr", { class: "kcw-totals" }, h("th", { scope: "row" }, "Total"), score.totals.map((t) => h("td", {}, t)));
  const caption = score.over
    ? `Match over: ${score.winners.map((s) => score.seats[s - 1]).join(" and ")} ${score.winners.length === 1 && score.seats[score.winners[0] - 1] !== "You" ? "wins" : "win"}`
    : score.end === "elimination"
      ? `Hand ${score.hand}. A player whose total reaches ${score.target} is out.`
      : `Hand ${score.hand}. When a total reaches ${score.target}, the lowest total wins.`;
  return h(
    "section",
    { class: "kcw-panel", "aria-label": "Score sheet" },
    h("h3", {}, "Score sheet"),
    h("table", { class: "kcw-score" }, h("caption", {}, caption), h("thead", {}, head), h("tbody", {}, rows, totals)),
  );
}

export function lessonEl(lesson) {
  if (!lesson) return null;
  const [i, n] = lesson.progress ?? [0, 0];
  const body = h("div", { class: "kcw-narration" });
  body.innerHTML = markdown(lesson.narration ?? "");
  return h(
    "section",
    { class: "kcw-panel kcw-lesson", "aria-label": "Lesson" },
    h("h3", {}, lesson.title ?? "Lesson"),
    h("div", { class: "kcw-progress" }, h("progress", { max: n, value: i, "aria-label": `Step ${i} of ${n}` }), ` Step ${i} of ${n}`),
    lesson.stepTitle ? h("h4", {}, lesson.stepTitle) : null,
    body,
    lesson.feedback ? h("p", { class: "kcw-feedback" }, lesson.feedback) : null,
    goOnEl(lesson),
  );
}

/** Once the lesson is done: Restart and Next lesson (the toolbar's Next goes on between steps). */
function goOnEl(lesson) {
  const go = (action, label, primary) =>
    h("button", { type: "button", class: `kcw-btn${primary ? " kcw-primary" : ""}`, "data-action": action }, label);
  if (lesson.done) {
    return h(
      "div",
      { class: "kcw-lesson-go", role: "group", "aria-label": "The lesson is done" },
      go("new", "Restart lesson", !lesson.nextLesson),
      lesson.nextLesson ? go("forward", `Next lesson: ${lesson.nextLesson}`, true) : null,
    );
  }
  return null;
}
