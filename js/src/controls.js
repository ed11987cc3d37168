// The toolbar: exactly the controls the snapshot lists (its `actions`), in its order. Python
// decides which controls the table offers, their words, whether each is enabled (and why not) and
// which one to press next; each button carries data-action = its kind and sends that intent.
import { h } from "./dom.js";
import { moveKeys, say } from "./words.js";

/**
 * One control as a button. A disabled one stays focusable (aria-disabled) so that its reason
 * shows on hover and focus (title) and is read out with it (aria-describedby).
 * @param {import("./snapshot").Control} control
 * @param {string} id a prefix for the reason's element id, unique on the page
 */
export function controlEl(control, id) {
  const { kind, label, enabled, primary, key, teacher, why } = control;
  const whyId = `${id}-why-${kind}`;
  const button = h(
    "button",
    {
      type: "button",
      class: `kcw-btn${primary ? " kcw-primary" : ""}${teacher ? " kcw-teacher" : ""}`,
      "data-action": kind,
      "aria-disabled": enabled ? undefined : "true",
      "aria-keyshortcuts": key ?? undefined,
      "aria-describedby": why ? whyId : undefined,
      title: buttonTitle(label, key, why),
    },
    label,
  );
  const input = control.input;
  const parts = why ? [button, h("span", { id: whyId, class: "kcw-why", hidden: true }, why)] : [button];
  if (!input) return parts;
  return [
    h(
      "form",
      { class: "kcw-load", "data-form": kind },
      h("input", { type: "text", name: input.name, placeholder: input.example, "aria-label": input.prompt, spellcheck: "false" }),
      ...parts,
    ),
  ];
}

/**
 * A button's title: its words, its key, and why it is disabled.
 * @param {string} label
 * @param {string | null} key
 * @param {string | null} why
 */
function buttonTitle(label, key, why) {
  const keyed = key ? say("withKey", { label, key }) : label;
  return why ? say("withWhy", { label: keyed, why }) : keyed;
}

/**
 * True when a control is drawn disabled (Python said why not).
 * @param {Element | null | undefined} node
 */
export const isDisabled = (node) =>
  node?.getAttribute?.("aria-disabled") === "true" || Boolean(/** @type {HTMLButtonElement | null | undefined} */ (node)?.disabled);

/**
 * The toolbar from the snapshot's `actions`, with the Keys button (a view of this page only).
 * @param {import("./snapshot").Snapshot} snap
 * @param {string} id
 */
export function controlsEl(snap, id = "kcw") {
  const row = h("div", { class: "kcw-controls", role: "toolbar", "aria-label": say("controls") });
  for (const control of snap.actions ?? []) row.append(...controlEl(control, id));
  const keys = say("keys");
  row.append(h("button", { type: "button", class: "kcw-btn", "data-action": "keys", "aria-keyshortcuts": "?", title: buttonTitle(keys, "?", null) }, keys));
  return row;
}

/**
 * The control of the snapshot bound to a key, if any (keys are matched without case).
 * @param {import("./snapshot").Snapshot} snap
 * @param {string} key
 */
export function controlForKey(snap, key) {
  const wanted = key.toLowerCase();
  return (snap.actions ?? []).find((c) => c.key && c.key.toLowerCase() === wanted) ?? null;
}

/**
 * The keys: moving about the table, then each control's key as the snapshot lists it now.
 * @param {{ actions?: import("./snapshot").Control[] }} [snap]
 */
export function keysEl(snap = {}) {
  const keys = [...moveKeys(), ...(snap.actions ?? []).flatMap((c) => (c.key ? [[c.key, c.label]] : [])), ["?", say("keysToggle")]];
  return h(
    "div",
    { class: "kcw-keys", role: "note", "aria-label": say("keysList") },
    h(
      "dl",
      {},
      keys.map(([key, what]) => h("div", { class: "kcw-key" }, h("dt", {}, key), h("dd", {}, what))),
    ),
  );
}
