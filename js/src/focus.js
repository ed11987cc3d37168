// The focus stays where the learner expects through every redraw: on the same control, card or
// pile when it is still there; when it is gone (a card played, a button replaced by another mode's
// panel), on the next sensible place in the table, never on the page's body.

/** Where the focus goes when its element is gone, first found first. */
export const FALLBACKS = ["[data-review]", "[data-confirm] [data-action='cancel']", ".kcw-primary", "[data-hand] [data-card]", ".kcw-controls [data-action]", "[data-status]"];

/**
 * A selector that finds the focused element again after a redraw, or null.
 * @param {Element} node
 */
export function focusKey(node) {
  for (const name of ["data-action", "data-pile", "data-card", "data-form"]) {
    const holder = node.closest?.(`[${name}]`);
    if (!holder) continue;
    const inHand = name === "data-card" && holder.closest("[data-hand]") ? "[data-hand] " : "";
    const jump = name === "data-action" && holder.hasAttribute("data-node") ? `[data-node="${holder.getAttribute("data-node")}"]` : "";
    const input = name === "data-form" ? " input" : "";
    return `${inHand}[${name}="${holder.getAttribute(name)}"]${jump}${input}`;
  }
  for (const name of ["kcw-log", "kcw-keys"]) if (node.closest?.(`.${name}`)) return `.${name}`;
  return null;
}

/**
 * Before a redraw: what to focus again after it (null when the focus is not in the table).
 * @param {HTMLElement} root
 */
export function focusBefore(root) {
  const active = root.ownerDocument.activeElement;
  if (!active || !root.contains(active)) return null;
  return { key: focusKey(active) };
}

/**
 * After a redraw: the focus back on its element, or on the first fallback there is. When the
 * table opened another of its tables (Review this hand, Back to the match: other side panels),
 * the focus goes to the new table's place (the review, the button to press next) whatever had it.
 * @param {HTMLElement} root
 * @param {{ key: string | null } | null} before
 * @param {boolean} [moved] true when the table has just opened another of its tables
 */
export function focusAfter(root, before, moved = false) {
  if (!before) return;
  const found = before.key && !moved ? /** @type {HTMLElement | null} */ (root.querySelector(before.key)) : null;
  if (found) {
    if (root.ownerDocument.activeElement !== found) found.focus();
    return;
  }
  if (!moved && root.contains(root.ownerDocument.activeElement)) return;
  for (const selector of FALLBACKS) {
    const node = /** @type {HTMLElement | null} */ (root.querySelector(selector));
    if (!node) continue;
    if (node.tabIndex < 0 && !node.hasAttribute("tabindex")) node.setAttribute("tabindex", "-1");
    node.focus();
    if (root.contains(root.ownerDocument.activeElement)) return;
  }
}
