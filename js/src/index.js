// Front end of KingsCornerWidget: draws the snapshot Python sends and sends back intents.
// Python decides everything; the only state kept here is what the viewer has picked up.
import { controlsEl, keysEl } from "./controls.js";
import { h } from "./dom.js";
import { dragHandlers } from "./drag.js";
import { acknowledgeSnapshots } from "./hosts.js";
import { handleKey } from "./keyboard.js";
import { lessonEl, logEl, scoreEl } from "./log.js";
import { reviewEl } from "./review.js";
import { tableEl } from "./table.js";
import { treeEl, treeIntent } from "./tree.js";

/** The piles a picked card or pile may go to: the targets of the engine's legal moves. */
export function targetsOf(selected, legal) {
  if (!selected) return new Set();
  const prefix = `${selected.id}>`;
  return new Set(legal.filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length)));
}

function hintParts(hint) {
  const move = hint?.move ?? "";
  const [from, to] = move.split(">");
  if (!to) return null;
  return /^[NESW]{1,2}$/.test(from) ? { pile: to, source: from } : { card: from, pile: to };
}

/** @type {import("@anywidget/types").Render} */
function render({ model, el }) {
  const root = h("div", { class: "kcw-table", "data-lm-suppress-shortcuts": "true" });
  el.append(root);
  let selected = null;
  let showKeys = false;
  let timer = null;
  let note = null;
  let queued = false;
  let disposed = false;
  const redraw = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      if (!disposed) draw();
    });
  };

  const snap = () => model.get("snapshot") ?? {};
  const legal = () => model.get("legal") ?? [];

  const send = (intent) => model.send({ ...intent, version: snap().version ?? 0 });

  function decorate() {
    const targets = targetsOf(selected, legal());
    for (const pile of root.querySelectorAll("[data-pile]")) {
      const space = pile.dataset.pile;
      const base = pile.dataset.label ?? pile.getAttribute("aria-label");
      pile.dataset.label = base;
      const isTarget = targets.has(space);
      pile.toggleAttribute("data-legal", isTarget);
      const picked = selected?.kind === "pile" && selected.id === space;
      pile.classList.toggle("kcw-selected", picked);
      pile.setAttribute("aria-pressed", String(picked));
      pile.setAttribute("aria-label", isTarget ? `${base}, a legal target` : base);
    }
    for (const card of root.querySelectorAll("[data-hand] [data-card]")) {
      const picked = selected?.kind === "card" && selected.id === card.dataset.card;
      card.classList.toggle("kcw-selected", picked);
      card.setAttribute("aria-pressed", String(picked));
    }
  }

  // The status line stays in place (a live region must persist to be announced); the rest of
  // the table is redrawn from each snapshot.
  const title = h("strong", { class: "kcw-title" });
  const status = h("p", { class: "kcw-status", "data-status": "", role: "status", "aria-live": "polite" });
  const content = h("div", { class: "kcw-content" });
  root.append(h("div", { class: "kcw-head" }, title, status), content);

  function draw() {
    const s = snap();
    showStatus();
    if (!s.piles) {
      content.replaceChildren();
      return;
    }
    const focused = root.contains(document.activeElement) ? focusKey(document.activeElement) : null;
    const hand = s.hands?.find((p) => p.player === (s.acting ? s.turn : s.viewer)); // explore: the mover's
    if (selected?.kind === "card" && !hand?.cards?.includes(selected.id)) selected = null;
    if (selected?.kind === "pile" && !s.piles[selected.id]?.length) selected = null;
    const ui = { selected, hint: hintParts(s.hint) }; // gold targets: decorate() below
    root.classList.toggle("kcw-waiting", s.waiting !== null);
    title.textContent = s.title || titleOf(s);
    content.replaceChildren(
      h(
        "div",
        { class: "kcw-body" },
        tableEl(s, ui),
        h("div", { class: "kcw-side" }, lessonEl(s.lesson), treeEl(s, root), reviewEl(s), logEl(s), scoreEl(s.score)),
      ),
      controlsEl(s, legal()),
      ...(showKeys ? [keysEl()] : []),
    );
    decorate();
    const log = root.querySelector(".kcw-log");
    if (log) log.scrollTop = log.scrollHeight;
    if (focused) root.querySelector(focused)?.focus();
    schedule();
  }

  function showStatus() {
    const text = note ?? model.get("status") ?? "";
    if (status.textContent !== text) status.textContent = text;
  }

  function schedule() {
    clearTimeout(timer);
    timer = null;
    const s = snap();
    if (s.waiting === null || s.waiting === undefined || s.history?.at !== s.history?.length) return;
    const delay = Math.max(0, Number(model.get("speed") ?? 0.8)) * 1000;
    timer = setTimeout(() => {
      timer = null;
      send({ kind: "step" });
    }, delay);
  }

  const setNote = (text) => {
    note = text;
    showStatus();
  };

  const ctx = {
    root,
    send,
    select(source) {
      selected = source;
      setNote(null);
      decorate();
    },
    clear() {
      const had = selected !== null;
      selected = null;
      decorate();
      return had;
    },
    pickCard(code) {
      ctx.select(selected?.kind === "card" && selected.id === code ? null : { kind: "card", id: code });
      if (selected && !targetsOf(selected, legal()).size && legal().length) setNote("That card has nowhere to go now.");
    },
    pickPile(space) {
      if (selected) {
        if (selected.kind === "pile" && selected.id === space) return ctx.clear();
        const move = `${selected.id}>${space}`;
        selected = null;
        decorate();
        send({ kind: "play", move });
        return;
      }
      if (snap().piles?.[space]?.length) ctx.select({ kind: "pile", id: space });
      else setNote("Pick a card from your hand first, then this space.");
    },
    act(action, from) {
      const intent = treeIntent(action, root, from); // explore's lines and comments
      if (intent) return send(intent);
      if (action === "keys") {
        showKeys = !showKeys;
        draw();
      } else if (action === "faster") {
        const speed = Number(model.get("speed") ?? 0.8);
        send({ kind: "speed", value: Math.max(0.05, Math.round((speed / 2) * 100) / 100) });
      } else if (action === "load") {
        const input = root.querySelector('[data-form="load"] input');
        send({ kind: "load", position: input?.value ?? "" });
      } else {
        const button = root.querySelector(`[data-action="${action}"]`);
        if (button?.disabled) return;
        if (action === "draw") selected = null;
        send({ kind: action });
      }
    },
    focus(selector) {
      root.querySelector(selector)?.focus();
    },
  };

  const onClick = (event) => {
    const button = event.target.closest("[data-action]");
    if (button) return button.disabled || ctx.act(button.dataset.action, button);
    const card = event.target.closest("[data-hand] [data-card]");
    if (card) return ctx.pickCard(card.dataset.card);
    const pile = event.target.closest("[data-pile]");
    if (pile) return ctx.pickPile(pile.dataset.pile);
  };
  const onKey = (event) => {
    if (handleKey(event, ctx)) {
      event.preventDefault();
      event.stopPropagation();
    } else if (event.key === "Enter" && event.target.closest?.('[data-form="load"]')) {
      event.preventDefault();
      ctx.act("load");
    }
  };
  const onSubmit = (event) => event.preventDefault();
  const drag = dragHandlers(ctx);
  const listeners = [["click", onClick], ["keydown", onKey], ["submit", onSubmit], ...Object.entries(drag)];
  for (const [type, fn] of listeners) root.addEventListener(type, fn);

  const onSnapshot = () => {
    note = null;
    redraw();
  };
  const onStatus = () => setNote(null);
  /** @type {[string, () => void][]} */
  const changes = [
    ["change:snapshot", onSnapshot],
    ["change:legal", redraw],
    ["change:status", onStatus],
    ["change:speed", schedule],
  ];
  for (const [name, fn] of changes) model.on(name, fn);
  const stopAcknowledging = acknowledgeSnapshots(model); // marimo re-runs the cells that read the table
  draw();

  return () => {
    disposed = true;
    clearTimeout(timer);
    for (const [type, fn] of listeners) root.removeEventListener(type, fn);
    for (const [name, fn] of changes) model.off(name, fn);
    stopAcknowledging();
    root.remove();
  };
}

/** A selector that finds the focused control again after a redraw. */
function focusKey(node) {
  for (const name of ["data-action", "data-pile", "data-card"]) {
    const holder = node.closest?.(`[${name}]`);
    if (!holder) continue;
    const inHand = name === "data-card" && holder.closest("[data-hand]") ? "[data-hand] " : "";
    return `${inHand}[${name}="${holder.getAttribute(name)}"]`;
  }
  return null;
}

function titleOf(s) {
  return { play: "Kings in the Corner", explore: "Explore", lesson: "Lesson", review: "Review" }[s.mode] ?? "Kings in the Corner";
}

export default { render };
