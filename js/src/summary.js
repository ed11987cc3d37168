// The end of a hand, on the table: every hand left with its cards and count, who went out or
// why the hand ended, and the row the hand adds to the score sheet.
import { cardEl } from "./card.js";
import { h } from "./dom.js";
import { cardName, count, say } from "./words.js";

/**
 * The summary of the finished hand (``snap.summary``), or null while a hand is played.
 * @param {import("./snapshot").Summary | null} summary
 * @param {import("./snapshot").Hand[]} [seats] the snapshot's hands: how each hand is named in a sentence
 */
export function summaryEl(summary, seats = []) {
  if (!summary) return null;
  const hands = h("tbody", {});
  for (const hand of summary.hands) {
    const cards = h("div", { class: "kcw-summary-cards" });
    const whose = seats.find((seat) => seat.player === hand.player)?.whose ?? hand.name;
    for (const code of hand.cards) cards.append(cardEl(code, say("leftInHand", { card: cardName(code), whose })));
    if (!hand.cards.length) cards.append(h("span", { class: "kcw-note" }, say(hand.out ? "wentOut" : "noCardsLeft")));
    hands.append(
      h(
        "tr",
        { class: hand.won ? "kcw-won" : "", "data-summary-player": hand.player },
        h("th", { scope: "row" }, hand.name, hand.won ? h("span", { class: "kcw-tag" }, say("winsTag")) : null),
        h("td", {}, cards),
        h("td", { class: "kcw-num" }, count("cards", hand.count)),
        h("td", { class: "kcw-num" }, count("points", hand.points)),
      ),
    );
  }
  return h(
    "section",
    { class: "kcw-summary kcw-panel", role: "region", "aria-label": say("handOver"), "data-summary": "" },
    h("h3", {}, say("handOver")),
    h("p", { class: "kcw-summary-why" }, summary.why),
    h(
      "table",
      { class: "kcw-summary-hands" },
      h("caption", {}, say("cardsLeft")),
      h("thead", {}, h("tr", {}, ["player", "cards", "count", "points"].map((key) => h("th", { scope: "col" }, say(key))))),
      hands,
    ),
    rowEl(summary.row),
    h("div", { class: "kcw-summary-go" }, h("button", { type: "button", class: "kcw-btn", "data-action": "summary", "aria-keyshortcuts": say("summaryKey") }, say("hideSummary"))),
  );
}

/**
 * The score row this hand adds (and the totals after it, in a match).
 * @param {import("./snapshot").SummaryRow | null} row
 */
function rowEl(row) {
  if (!row) return null;
  /** @param {number | null} p */
  const cell = (p) => h("td", { class: "kcw-num" }, p === null ? "–" : p);
  return h(
    "table",
    { class: "kcw-score kcw-summary-row" },
    h("caption", {}, row.totals ? say("onSheet", { label: row.label }) : say("wouldAdd")),
    h("thead", {}, h("tr", {}, h("td", {}), row.names.map((name) => h("th", { scope: "col" }, name)))),
    h(
      "tbody",
      {},
      h("tr", {}, h("th", { scope: "row" }, row.label), row.points.map(cell)),
      row.totals ? h("tr", { class: "kcw-totals" }, h("th", { scope: "row" }, say("total")), row.totals.map(cell)) : null,
    ),
  );
}
