// The end of a hand, on the table: every hand left with its cards and count, who went out or
// why the hand ended, and the row the hand adds to the score sheet.
import { cardEl, cardWords } from "./card.js";
import { h } from "./dom.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The summary of the finished hand (``snap.summary``), or null while a hand is played. */
export function summaryEl(summary) {
  if (!summary) return null;
  const hands = h("tbody", {});
  for (const hand of summary.hands) {
    const cards = h("div", { class: "kcw-summary-cards" });
    for (const code of hand.cards) cards.append(cardEl(code, `${cardWords(code)}, left in ${hand.name === "You" ? "your" : `${hand.name}'s`} hand`));
    if (!hand.cards.length) cards.append(h("span", { class: "kcw-note" }, hand.out ? "went out" : "no cards"));
    hands.append(
      h(
        "tr",
        { class: hand.won ? "kcw-won" : "", "data-summary-player": hand.player },
        h("th", { scope: "row" }, hand.name, hand.won ? h("span", { class: "kcw-tag" }, " · wins") : null),
        h("td", {}, cards),
        h("td", { class: "kcw-num" }, plural(hand.count, "card")),
        h("td", { class: "kcw-num" }, plural(hand.points, "point")),
      ),
    );
  }
  return h(
    "section",
    { class: "kcw-summary kcw-panel", role: "region", "aria-label": "The hand is over", "data-summary": "" },
    h("h3", {}, "The hand is over"),
    h("p", { class: "kcw-summary-why" }, summary.why),
    h(
      "table",
      { class: "kcw-summary-hands" },
      h("caption", {}, "Cards left in hand"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Cards"), h("th", { scope: "col" }, "Count"), h("th", { scope: "col" }, "Points"))),
      hands,
    ),
    rowEl(summary.row),
    h("div", { class: "kcw-summary-go" }, h("button", { type: "button", class: "kcw-btn", "data-action": "summary" }, "Hide summary")),
  );
}

/** The score row this hand adds (and the totals after it, in a match). */
function rowEl(row) {
  if (!row) return null;
  const cell = (p) => h("td", { class: "kcw-num" }, p === null ? "–" : p);
  return h(
    "table",
    { class: "kcw-score kcw-summary-row" },
    h("caption", {}, row.totals ? `${row.label} on the score sheet` : "Points this hand would add to a score sheet"),
    h("thead", {}, h("tr", {}, h("td", {}), row.names.map((name) => h("th", { scope: "col" }, name)))),
    h(
      "tbody",
      {},
      h("tr", {}, h("th", { scope: "row" }, row.label), row.points.map(cell)),
      row.totals ? h("tr", { class: "kcw-totals" }, h("th", { scope: "row" }, "Total"), row.totals.map(cell)) : null,
    ),
  );
}
