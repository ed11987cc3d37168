// The viewer's hand, fanned below the table, and the other players' seats with card counts.
import { backEl, cardEl } from "./card.js";
import { h } from "./dom.js";
import { handStep } from "./layout.js";
import { cardName, count, say } from "./words.js";

/** @typedef {import("./snapshot").Snapshot} Snapshot */
/** @typedef {import("./snapshot").Hand} Hand */
/** @typedef {import("./page").Ui} Ui */

/** @param {number} kept corners kept */
const keptNote = (kept) => (kept ? say("kept", { corners: count("corners", kept) }) : "");

/**
 * @param {Snapshot} snap
 * @param {Ui} ui
 */
export function handEl(snap, ui) {
  const me = snap.hands.find((p) => p.player === snap.viewer);
  if (!me) {
    return h("div", { class: "kcw-hand kcw-spectator", "data-hand": "" }, say("watching"));
  }
  const cards = me.cards ?? [];
  const el = h("div", {
    class: "kcw-hand",
    "data-hand": "",
    role: "group",
    "aria-label": say("handLabel", { whose: me.title, cards: count("cards", cards.length) }),
  });
  const mid = (cards.length - 1) / 2;
  // Cards overlap more as the hand grows, always leaving each card's rank and suit in view.
  const size = ui.size ?? { hand: 66, felt: 600 };
  const step = handStep(cards.length, size.felt - 40, size.hand);
  el.style.setProperty("--kcw-overlap", `${(step - size.hand) / 2}px`);
  cards.forEach((code, i) => {
    const selected = ui.selected?.kind === "card" && ui.selected.id === code;
    const card = cardEl(code, say("inHand", { card: cardName(code), whose: me.whose }), {
      role: "button",
      tabindex: "0",
      draggable: "true",
      "aria-pressed": selected ? "true" : "false",
    });
    card.style.setProperty("--kcw-tilt", `${(i - mid) * Math.min(3, 18 / Math.max(cards.length, 1))}deg`);
    if (selected) card.classList.add("kcw-selected");
    if (snap.pending === code) card.classList.add("kcw-pending");
    if (ui.hint?.card === code) card.classList.add("kcw-hinted");
    el.append(card);
  });
  if (!cards.length) el.append(h("span", { class: "kcw-note" }, say("noCards")));
  return h("div", { class: "kcw-hand-area" }, h("div", { class: "kcw-hand-name" }, me.title, keptNote(me.kept)), el);
}

/**
 * The seats of the other players, in turn order after the viewer: left, across, right.
 * @param {Snapshot} snap
 */
export function seatEls(snap) {
  const n = snap.players;
  const viewer = snap.viewer ?? snap.turn;
  const others = [];
  for (let step = 1; step < n; step += 1) {
    const player = ((viewer - 1 + step) % n) + 1;
    if (player === snap.viewer) continue;
    others.push(snap.hands[player - 1]);
  }
  if (snap.viewer === null) others.unshift(snap.hands[viewer - 1]);
  const seats = others.map((p) => seatEl(p, snap));
  if (seats.length === 1) return { left: [], top: seats, right: [] };
  return { left: seats.slice(0, 1), top: seats.slice(1, -1), right: seats.slice(-1) };
}

/**
 * @param {Hand} p
 * @param {Snapshot} snap
 */
function seatEl(p, snap) {
  const moving = snap.turn === p.player && !snap.over;
  const who = p.computer ? say("computerName", { name: p.name }) : p.name;
  const cards = count("cards", p.count);
  const label = say(moving ? "seatLabelToPlay" : "seatLabel", { name: who, cards });
  const fan = h("div", { class: "kcw-fan" });
  const playable = moving && snap.acting && p.cards; // explore: the mover's hand in view is played from its seat
  if (playable) fan.setAttribute("data-hand", "");
  const pick = playable ? { role: "button", tabindex: "0", "aria-pressed": "false" } : undefined;
  if (p.cards) for (const code of p.cards) fan.append(cardEl(code, say("inHand", { card: cardName(code), whose: p.whose }), pick));
  else for (let i = 0; i < Math.min(p.count, 8); i += 1) fan.append(backEl());
  return h(
    "div",
    { class: `kcw-seat${moving ? " kcw-moving" : ""}`, "data-player": p.player, role: "group", "aria-label": label },
    h(
      "div",
      { class: "kcw-seat-head" },
      h("span", { class: "kcw-seat-name" }, who, keptNote(p.kept)),
      h("span", { class: "kcw-seat-count" }, moving ? say("seatCountToPlay", { cards }) : cards),
    ),
    fan,
  );
}
