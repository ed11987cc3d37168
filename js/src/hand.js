// The viewer's hand, fanned below the table, and the other players' seats with card counts.
import { backEl, cardEl, cardWords } from "./card.js";
import { h } from "./dom.js";

export function handEl(snap, ui) {
  const me = snap.hands.find((p) => p.player === snap.viewer);
  if (!me) {
    return h("div", { class: "kcw-hand kcw-spectator", "data-hand": "" }, "You are watching: the computer players play on.");
  }
  const whose = me.name === "You" ? "Your hand" : `${me.name}'s hand`;
  const cards = me.cards ?? [];
  const el = h("div", {
    class: "kcw-hand",
    "data-hand": "",
    role: "group",
    "aria-label": `${whose}, ${cards.length} ${cards.length === 1 ? "card" : "cards"}`,
  });
  const mid = (cards.length - 1) / 2;
  // Cards overlap more as the hand grows, always leaving each card's rank and suit in view.
  const step = Math.max(24, Math.min(52, 520 / Math.max(cards.length, 1)));
  el.style.setProperty("--kcw-overlap", `${-(66 - step) / 2}px`);
  cards.forEach((code, i) => {
    const selected = ui.selected?.kind === "card" && ui.selected.id === code;
    const card = cardEl(code, `${cardWords(code)}, in ${whose.toLowerCase()}`, {
      role: "button",
      tabindex: "0",
      draggable: "true",
      "aria-pressed": selected ? "true" : "false",
    });
    card.style.setProperty("--kcw-tilt", `${(i - mid) * Math.min(4, 24 / Math.max(cards.length, 1))}deg`);
    if (selected) card.classList.add("kcw-selected");
    if (snap.pending === code) card.classList.add("kcw-pending");
    if (ui.hint?.card === code) card.classList.add("kcw-hinted");
    el.append(card);
  });
  if (!cards.length) el.append(h("span", { class: "kcw-note" }, "No cards left."));
  const kept = me.kept ? ` · ${me.kept} ${me.kept === 1 ? "corner" : "corners"} kept` : "";
  return h("div", { class: "kcw-hand-area" }, h("div", { class: "kcw-hand-name" }, whose, kept), el);
}

/** The seats of the other players, in turn order after the viewer: left, across, right. */
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

function seatEl(p, snap) {
  const moving = snap.turn === p.player && !snap.over;
  const who = `${p.name}${p.computer ? " (computer)" : ""}`;
  const label = `${who}, ${p.count} ${p.count === 1 ? "card" : "cards"}${moving ? ", to play" : ""}`;
  const fan = h("div", { class: "kcw-fan" });
  const playable = moving && snap.acting && p.cards; // explore: the mover's hand in view is played from its seat
  if (playable) fan.setAttribute("data-hand", "");
  const pick = playable ? { role: "button", tabindex: "0", "aria-pressed": "false" } : undefined;
  if (p.cards) for (const code of p.cards) fan.append(cardEl(code, `${cardWords(code)}, in ${p.name}'s hand`, pick));
  else for (let i = 0; i < Math.min(p.count, 8); i += 1) fan.append(backEl());
  return h(
    "div",
    { class: `kcw-seat${moving ? " kcw-moving" : ""}`, "data-player": p.player, role: "group", "aria-label": label },
    h("div", { class: "kcw-seat-name" }, who, p.kept ? ` · ${p.kept} ${p.kept === 1 ? "corner" : "corners"} kept` : ""),
    fan,
    h("div", { class: "kcw-seat-count" }, `${p.count} ${p.count === 1 ? "card" : "cards"}${moving ? " · to play" : ""}`),
  );
}
