// The buttons: each carries data-action and sends an intent of that kind.
import { h } from "./dom.js";
import { reviewControls } from "./review.js";

/**
 * @param {string} action the intent this button sends
 * @param {string} label
 * @param {{ disabled?: boolean, key?: string, primary?: boolean }} [options]
 */
const button = (action, label, { disabled = false, key = undefined, primary = false } = {}) =>
  h(
    "button",
    {
      type: "button",
      class: `kcw-btn${primary ? " kcw-primary" : ""}`,
      "data-action": action,
      disabled,
      "aria-keyshortcuts": key,
      title: key ? `${label} (key ${key})` : label,
    },
    label,
  );

export function controlsEl(snap, legal) {
  const mine = (snap.acting ?? (snap.viewer !== null && snap.turn === snap.viewer)) && !snap.over && snap.waiting === null; // explore: any seat
  const { at, length } = snap.history;
  const lesson = snap.mode === "lesson";
  const score = snap.score;
  const row = h("div", { class: "kcw-controls", role: "toolbar", "aria-label": "Table controls" });
  if (snap.mode === "review") {
    row.append(...reviewControls(snap, button), button("keys", "Keys", { key: "?" }));
    return row;
  }
  row.append(
    button("draw", snap.end === "pass" ? "Pass" : "Draw & end turn", { disabled: !mine, key: "D", primary: mine && legal.length <= 1 }),
    button("hint", "Hint", { disabled: !mine || Boolean(snap.tree?.hidden), key: "H" }), // no hint for a face-down hand
    button("undo", "Undo", { disabled: snap.undoable === undefined ? at === 0 : !snap.undoable, key: "U" }),
  );
  if (lesson) {
    row.append(
      button("back", "Back", { key: "[" }),
      button("show", "Show me", { key: "M", disabled: !snap.lesson?.interactive || snap.lesson?.stepDone }),
      button("next", "Next", { key: "N", primary: Boolean(snap.lesson?.stepDone), disabled: Boolean(snap.lesson?.interactive && !snap.lesson?.stepDone) }),
    );
  } else {
    row.append(
      button("back", "◀ Back", { disabled: at === 0, key: "[" }),
      button("forward", "Forward ▶", { disabled: at >= length, key: "]" }),
    );
    if (snap.waiting !== null) row.append(button("faster", "Faster", { key: "+" }), button("skip", "Skip", { key: "K" }));
    // Pausing the computer players and stepping them, as the session declares them (snapshot.actions).
    for (const declared of (snap.actions ?? []).filter((a) => a.kind === "pause" || a.kind === "step")) {
      row.append(button(declared.kind, declared.label, { disabled: !declared.enabled, key: declared.key ?? undefined, primary: declared.primary }));
    }
    if (score?.scored && !score.over) row.append(button("next", "Next hand", { key: "N", primary: true }));
    if (snap.mode === "play" && snap.over && snap.viewer !== null) row.append(button("review", "Review this hand"));
    row.append(
      button("new", snap.mode === "play" ? "New match" : "New deal"),
      button("daily", snap.mode === "play" ? "Daily match" : "Daily deal"),
    );
  }
  row.append(button("keys", "Keys", { key: "?" }));
  if (snap.mode === "explore") {
    row.append(
      h(
        "form",
        { class: "kcw-load", "data-form": "load" },
        h("input", { type: "text", name: "position", placeholder: "N:Jc E:6h … turn:P1", "aria-label": "Position to load, in notation", spellcheck: "false" }),
        button("load", "Load"),
      ),
    );
  }
  return row;
}

export const KEYS = [
  ["Tab / Shift+Tab", "move between cards, piles and buttons"],
  ["Arrow keys", "move between cards in your hand and between piles"],
  ["Enter or Space", "pick up the card or pile in focus, or put the picked one there"],
  ["7 8 9 / 4 6 / 1 2 3", "the piles laid out as on a number pad (8 is north, 9 north-east…)"],
  ["Escape", "put the picked card or pile back"],
  ["D", "draw and end the turn (or pass)"],
  ["H  U", "hint, undo"],
  ["[  ]", "step back, step forward"],
  ["+  K", "computer players faster, skip to your turn"],
  ["P  .", "pause the computer players (or play on), their next move"],
  ["N  M", "next (hand, lesson step or mistake), show me (lessons) or the better turn (review)"],
  ["?", "show or hide this list"],
];

export function keysEl() {
  return h(
    "div",
    { class: "kcw-keys", role: "note", "aria-label": "Keyboard keys" },
    h(
      "dl",
      {},
      KEYS.map(([key, what]) => h("div", { class: "kcw-key" }, h("dt", {}, key), h("dd", {}, what))),
    ),
  );
}
