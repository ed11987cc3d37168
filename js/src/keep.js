// Keys stay in the table: while the focus is inside it, no key reaches the page around it. A
// notebook in command mode takes single letters and digits as commands (x cuts the cell, m makes
// it Markdown, 0 0 restarts the kernel) and Ctrl+Enter re-runs the cell: none of them may act on
// the notebook while the learner plays. Escape with nothing picked up hands the focus back to
// the notebook (its cell), so the notebook's own keys work again from there.

/** Where the focus goes back to, nearest first: the notebook cell holding the table, its notebook. */
const HOSTS = [".jp-Cell", ".jp-Notebook", ".jp-OutputArea", "[tabindex]"];

/**
 * The nearest focusable element around the table, outside it.
 * @param {HTMLElement} root
 * @returns {HTMLElement | null}
 */
export function hostOf(root) {
  const outer = root.parentElement;
  for (const selector of HOSTS) {
    /** @type {HTMLElement | null} */
    let node = outer?.closest(selector) ?? null;
    while (node && node.tabIndex < 0 && !node.hasAttribute("tabindex")) node = node.parentElement?.closest(selector) ?? null;
    if (node) return node;
  }
  return null;
}

/**
 * Hand the focus back to the notebook around the table: true when there was one to take it.
 * @param {HTMLElement} root
 */
export function leaveTable(root) {
  const host = hostOf(root);
  if (!host) return false;
  host.focus();
  return host.ownerDocument.activeElement === host;
}

/**
 * Take every key pressed inside `root` before the page around it sees it, hand it to the
 * table's own handler `onKey`, and stop it there. The page's shortcuts may listen on the document
 * in the capture phase (Notebook 7 does), before the key reaches the table: so the table listens
 * on the window, capturing, which comes first. The key's own default (typing in a box, Tab moving
 * the focus, Enter pressing a button) still happens. An Escape the table did not use (nothing
 * picked up, no presentation to leave: not default-prevented) hands the focus back, and goes on
 * to the notebook (its command mode). Returns the function that stops.
 * @param {HTMLElement} root
 * @param {(event: KeyboardEvent) => void} onKey
 */
export function keepKeys(root, onKey) {
  const view = root.ownerDocument.defaultView ?? globalThis;
  /** @param {KeyboardEvent} event */
  const onCapture = (event) => {
    if (!event.composedPath().includes(root)) return; // another table's, or the notebook's
    if (event.type === "keydown") onKey(event);
    const unused = event.type === "keydown" && event.key === "Escape" && !event.defaultPrevented;
    if (unused && leaveTable(root)) return; // the notebook takes it from here
    event.stopPropagation();
  };
  const types = ["keydown", "keyup", "keypress"];
  for (const type of types) view.addEventListener(type, /** @type {EventListener} */ (onCapture), true);
  return () => {
    for (const type of types) view.removeEventListener(type, /** @type {EventListener} */ (onCapture), true);
  };
}
