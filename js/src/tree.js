// Explore's lines: the current line as a compact list with its branch points (click or press
// Enter on a move to jump there), the comment box for the table's position, and, when a
// face-down hand is to play, a note saying so (the toolbar's control lets the computer play it).
import { h } from "./dom.js";
import { count, say } from "./words.js";

/** The longest comment (Python says so too, and refuses a longer one with the reason). */
export const MAX_COMMENT = 500;

/**
 * A move of the line, as a button that jumps to the position after it.
 * @param {number} id
 * @param {string} label
 * @param {{ current?: boolean, title?: string }} [how]
 */
function jumpButton(id, label, { current = false, title = undefined } = {}) {
  return h(
    "button",
    {
      type: "button",
      class: `kcw-jump${current ? " kcw-here" : ""}`,
      "data-action": "jump",
      "data-node": id,
      "aria-current": current ? "step" : undefined,
      title,
    },
    label,
  );
}

/**
 * The "Lines" panel from the snapshot's `tree` (explore mode only; null otherwise).
 * `root` is the table as drawn before this snapshot: a comment being typed is kept.
 * @param {any} snap
 * @param {Element} [root]
 */
export function treeEl(snap, root) {
  const tree = snap.tree;
  if (!tree) return null;
  const list = h("ol", { class: "kcw-lines", "aria-label": say("currentLine") });
  list.append(
    h(
      "li",
      { class: "kcw-line-start" },
      jumpButton(tree.start.id, say("start"), { current: tree.at === tree.start.id, title: say("startTitle") }),
      tree.start.comment ? h("p", { class: "kcw-comment" }, tree.start.comment) : null,
    ),
  );
  if (tree.first) list.append(h("li", { class: "kcw-note" }, count("earlierMoves", tree.first)));
  for (const entry of tree.moves) {
    const alts = entry.alts?.length
      ? h(
          "span",
          { class: "kcw-alts" },
          `${say("or")} `,
          entry.alts.map((/** @type {import("./snapshot").TreeAlt} */ alt) => jumpButton(alt.id, alt.move, { title: say("anotherLine", { n: entry.n, move: alt.move }) })),
        )
      : null;
    list.append(
      h(
        "li",
        { class: `kcw-line-move${entry.ahead ? " kcw-ahead" : ""}${entry.alts?.length ? " kcw-branch" : ""}` },
        jumpButton(entry.id, `${entry.n}. ${entry.move}`, { current: tree.at === entry.id, title: say("goTo", { n: entry.n }) }),
        alts,
        entry.comment ? h("p", { class: "kcw-comment" }, entry.comment) : null,
      ),
    );
  }
  if (tree.last) list.append(h("li", { class: "kcw-note" }, count("laterMoves", tree.last)));
  const lines = say("inBrackets", { what: count("lines", tree.lines) });
  return h(
    "section",
    { class: "kcw-panel kcw-tree", role: "group", "aria-label": say("lines") },
    h("h3", {}, `${say("lines")} `, h("span", { class: "kcw-count-note" }, lines)),
    hiddenEl(tree.hidden),
    list,
    commentEl(tree, root),
  );
}

/** @param {string | null} name the player to move, when their hand is face down */
function hiddenEl(name) {
  if (!name) return null;
  return h("p", { class: "kcw-hidden-turn" }, say("faceDown", { name }));
}

/**
 * @param {import("./snapshot").Tree} tree
 * @param {Element | undefined} root
 */
function commentEl(tree, root) {
  const old = /** @type {HTMLTextAreaElement | null} */ (root?.querySelector('[data-form="comment"] textarea') ?? null);
  // A draft typed for this same position survives a redraw; otherwise show the saved comment.
  const draft = old && Number(old.dataset.node) === tree.at ? old.value : (tree.comment ?? "");
  const where = say(tree.at === tree.start.id ? "startWhere" : "thisMove");
  const box = /** @type {HTMLTextAreaElement} */ (
    h("textarea", {
      name: "comment",
      rows: "2",
    maxlength: String(MAX_COMMENT),
    "data-node": tree.at,
    "aria-label": say("commentLabel", { where, max: MAX_COMMENT }),
      placeholder: say("commentPlaceholder", { where }),
    })
  );
  box.value = draft;
  return h("form", { class: "kcw-comment-form", "data-form": "comment" }, box, h("button", { type: "button", class: "kcw-btn", "data-action": "comment" }, say("saveComment")));
}

/**
 * The intent a Lines control sends, or null when the action is not one of them.
 * @param {string} action
 * @param {Element} root
 * @param {Element} [button]
 */
export function treeIntent(action, root, button) {
  if (action === "jump") {
    const node = Number(button?.getAttribute("data-node"));
    return Number.isInteger(node) ? { kind: "jump", node } : null;
  }
  if (action === "comment") {
    const box = /** @type {HTMLTextAreaElement | null} */ (root.querySelector('[data-form="comment"] textarea'));
    return { kind: "comment", text: box?.value ?? "" };
  }
  return null;
}
