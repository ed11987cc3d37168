// Front end of KingsCornerWidget: draws the snapshot Python sends and sends back intents.
// Python decides everything; the only state kept here is what the viewer has picked up.
import { announcer } from "./announce.js";
import { controlForKey, controlsEl, keysEl } from "./controls.js";
import { coverHand } from "./cover.js";
import { h } from "./dom.js";
import { dragHandlers } from "./drag.js";
import { hideFallbacks } from "./fallback.js";
import { focusAfter, focusBefore } from "./focus.js";
import { acknowledgeSnapshots } from "./hosts.js";
import { keepKeys } from "./keep.js";
import { handleKey } from "./keyboard.js";
import { presentation, watchSize } from "./layout.js";
import { fitLog, followLog, lessonEl, logEl, logPlace, scoreEl } from "./log.js";
import { reportPageLanguage } from "./pagelang.js";
import { coveredTens } from "./pile.js";
import { reviewEl } from "./review.js";
import { tableEl } from "./table.js";
import { focusQuestion, markHint, overlayEls, showRefusal, summaryBeside, teacherButtons, teacherState } from "./teacher.js";
import { computerMove, logCount, showMove } from "./travel.js";

/** @typedef {import("./page").Source} Source */
/** @typedef {import("./snapshot").Snapshot} Snapshot */

import { treeEl, treeIntent } from "./tree.js";
import { say, usePhrases } from "./words.js";

/** The tables drawn on this page so far, counted across every copy of this module (each widget
 * may load its own): a prefix for each table's element ids, unique on the page. */
const TABLES = Symbol.for("kingscorner-widget.tables");
const nextTable = () => {
  const page = /** @type {Record<symbol, number>} */ (/** @type {unknown} */ (globalThis));
  page[TABLES] = (page[TABLES] ?? 0) + 1;
  return page[TABLES];
};

/**
 * The piles a picked card or pile may go to: the targets of the engine's legal moves.
 * @param {Source | null} selected
 * @param {string[]} legal
 */
export function targetsOf(selected, legal) {
  if (!selected) return new Set();
  const prefix = `${selected.id}>`;
  return new Set(legal.filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length)));
}

/**
 * @param {import("./snapshot").Hint | null} hint
 * @returns {import("./page").Ui["hint"]}
 */
function hintParts(hint) {
  const move = hint?.move ?? "";
  const [from, to] = move.split(">");
  if (!to) return null;
  return /^[NESW]{1,2}$/.test(from) ? { pile: to, source: from } : { card: from, pile: to };
}

/** @type {import("@anywidget/types").Render} */
function render({ model, el }) {
  usePhrases(model.get("phrases")); // the words Python sent (words.js)
  const root = h("div", { class: "kcw-table", "data-lm-suppress-shortcuts": "true" });
  const id = `kcw${nextTable()}`;
  el.append(root);
  /** @type {Source | null} */
  let selected = null;
  let showKeys = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let sweep;
  /** @type {string | null} */
  let note = null;
  let queued = false;
  let disposed = false;
  /** @type {{ count: number, piles: Record<string, string[]> } | null} */
  let drawn = null; // the log count and piles of the table drawn last, to show what changed
  const teach = teacherState(); // the summary hidden or not, a question just asked
  /** @type {string | null} */
  let shownPanels = null; // the side panels drawn last: another table's take the focus to their place
  const redraw = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      if (!disposed) draw();
    });
  };

  /** @type {() => import("./snapshot").Snapshot} */
  const snap = () => model.get("snapshot") ?? /** @type {any} */ ({});
  const legal = () => model.get("legal") ?? [];

  const send = (/** @type {Record<string, unknown>} */ intent) => model.send({ ...intent, version: snap().version ?? 0 });

  function decorate() {
    const targets = targetsOf(selected, legal());
    for (const pile of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-pile]"))) {
      const space = pile.dataset.pile ?? "";
      const base = pile.dataset.label ?? pile.getAttribute("aria-label");
      pile.dataset.label = base ?? "";
      const isTarget = targets.has(space);
      pile.toggleAttribute("data-legal", isTarget);
      const picked = selected?.kind === "pile" && selected.id === space;
      pile.classList.toggle("kcw-selected", picked);
      pile.setAttribute("aria-pressed", String(picked));
      pile.setAttribute("aria-label", isTarget ? say("legalTarget", { label: base ?? "" }) : (base ?? ""));
    }
    for (const card of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-hand] [data-card]"))) {
      const picked = selected?.kind === "card" && selected.id === card.dataset.card;
      card.classList.toggle("kcw-selected", picked);
      card.setAttribute("aria-pressed", String(picked));
    }
  }

  // The frame stays in place: the status line (a live region must persist to be announced) sits
  // between the hand and the buttons, where the eyes are; the slots are redrawn from each snapshot.
  const title = h("h2", { class: "kcw-title" }); // the table's heading: its panels' are h3
  // The message line keeps one height whatever it says (the buttons under it never move): three
  // lines, and a longer message scrolls within them, never over the buttons (styles.css).
  // What the table says is read out by the live log (announce.js), each line once and in order;
  // the line on screen keeps its role (status) but is not live itself, or each line would be
  // read twice (and a line replaced before it was read would be lost).
  const status = h("p", { class: "kcw-status", "data-status": "", role: "status", "aria-live": "off", tabindex: "0" });
  const live = announcer();
  let heard = model.get("status") ?? ""; // the line there when the table was drawn is not news
  /** @type {import("./snapshot").Summary | null} */
  let summed = null;
  const statusBox = h("div", { class: "kcw-status-box" }, status);
  const presentButton = h(
    "button",
    {
      type: "button",
      class: "kcw-btn kcw-present-btn",
      "data-action": "present",
      "aria-pressed": "false",
      "aria-keyshortcuts": say("presentKey"),
      title: say("presentTitle"),
    },
    say("present"),
  );
  const feltSlot = h("div", { class: "kcw-felt-slot" });
  const controlsSlot = h("div", { class: "kcw-controls-slot" });
  const summarySlot = h("div", { class: "kcw-summary-slot" }); // the summary when the side column is below
  const side = h("div", { class: "kcw-side" });
  const content = h("div", { class: "kcw-content" });
  const refusal = h("p", { class: "kcw-refusal", "data-refusal": "", hidden: true }); // stays until the next accepted action
  root.append(
    h("div", { class: "kcw-head" }, title, presentButton),
    h("div", { class: "kcw-body" }, h("div", { class: "kcw-main" }, feltSlot, h("div", { class: "kcw-dock" }, statusBox, refusal, summarySlot, controlsSlot)), side),
    content,
    live.el,
  );
  /** @type {import("./layout").Layout | null} */
  let size = null;
  const sayPresent = () => {
    presentButton.setAttribute("aria-pressed", String(present.on));
    presentButton.setAttribute("aria-keyshortcuts", say("presentKey"));
    presentButton.title = say("presentTitle");
    presentButton.textContent = say(present.on ? "leavePresent" : "present");
  };
  const present = presentation(root, () => {
    sayPresent();
    sizing.measure();
  });
  const sizing = watchSize(
    root,
    () => {
      const piles = Object.values(snap().piles ?? {});
      const longest = Math.max(1, ...piles.map((p) => p.length));
      const tens = Math.max(0, ...piles.filter((p) => p.length === longest).map(coveredTens));
      return { players: snap().players ?? 2, longest, tens };
    },
    (layout) => {
      size = layout;
      redraw();
    },
  );

  function draw() {
    usePhrases(model.get("phrases"));
    root.lang = model.get("phrases")?.lang || "en"; // the language the table speaks, for screen readers
    sayPresent(); // the phrasebook may have changed (the table follows the page's language)
    const s = snap();
    showStatus();
    if (!s.piles) {
      for (const slot of [feltSlot, summarySlot, controlsSlot, side, content]) slot.replaceChildren();
      return;
    }
    const focused = focusBefore(root);
    const hand = s.hands?.find((p) => p.player === (s.acting ? s.turn : s.viewer)); // explore: the mover's
    if (selected?.kind === "card" && !hand?.cards?.includes(selected.id)) selected = null;
    if (selected?.kind === "pile" && !s.piles[selected.id]?.length) selected = null;
    sizing.measure(); // more players take width beside the piles; a long pile wants a wider fan
    const ui = { selected, hint: hintParts(s.hint), size }; // gold targets: decorate() below
    root.classList.toggle("kcw-waiting", s.waiting !== null);
    root.dataset.deck = s.look?.deck ?? ""; // the learner's look: styles.css draws it
    root.dataset.contrast = s.look?.contrast ?? "";
    if (s.summary && !summed) live.announce(s.summary.said); // the hand's score, once
    summed = s.summary ?? null;
    title.textContent = s.title || say("title");
    const place = following ? null : logPlace(root); // null: follow the newest move
    const felt = tableEl(s, ui);
    coverHand(felt, s); // pass-and-play: the hand waits for its person
    felt.append(...overlayEls(s));
    // What the viewer typed in a box (explore's Load) stays there through the redraw, and so
    // through the question Load asks, whatever its answer.
    const formOf = (/** @type {HTMLInputElement} */ input) => input.closest("form")?.getAttribute("data-form") ?? "";
    const typed = new Map([...controlsSlot.querySelectorAll("[data-form] input")].map((input) => [formOf(/** @type {HTMLInputElement} */ (input)), /** @type {HTMLInputElement} */ (input).value]));
    const controls = controlsEl(s, id);
    for (const input of controls.querySelectorAll("[data-form] input")) {
      const box = /** @type {HTMLInputElement} */ (input);
      box.value = typed.get(formOf(box)) ?? "";
    }
    controls.querySelector('[data-action="keys"]')?.before(...teacherButtons(s, teach));
    feltSlot.replaceChildren(felt);
    controlsSlot.replaceChildren(controls);
    // The summary heads the side column, beside the final table: the position stays in view. When
    // the column drops below the table (layout.js), it would come after the buttons, out of view:
    // it comes right after the message line instead, before the buttons.
    const summary = summaryBeside(s, teach);
    const below = Boolean(size?.sideBelow);
    summarySlot.replaceChildren(...(summary && below ? [summary] : []));
    side.replaceChildren(...[below ? null : summary, lessonEl(s.lesson), treeEl(s, root), reviewEl(s), logEl(s), scoreEl(s.score)].flatMap((el) => (el ? [el] : [])));
    content.replaceChildren(...(showKeys ? [keysEl(s)] : []));
    decorate();
    markHint(root, s.hint);
    fitLog(root);
    followLog(root, place);
    const panels = [s.review, s.lesson, s.tree, s.score].map((panel) => (panel ? 1 : 0)).join("");
    focusAfter(root, focused, shownPanels !== null && panels !== shownPanels);
    shownPanels = panels;
    focusQuestion(root, s, teach);
    travel(s);
    schedule();
    sizing.fit(); // presenting: shrink the cards while anything lies outside the screen
    // The static picture arrives after the table and is redrawn after each move.
    clearTimeout(sweep);
    hideFallbacks(root.ownerDocument);
    sweep = setTimeout(() => hideFallbacks(root.ownerDocument), 400);
  }

  function showStatus() {
    const said = model.get("status") ?? "";
    if (said !== heard) {
      heard = said;
      live.announce(said);
    }
    const text = note ?? said;
    if (status.textContent !== text) {
      status.textContent = text;
      status.scrollTop = 0; // a new message is read from its start
    }
    showRefusal(refusal, snap().refusal, text);
    status.classList.toggle("kcw-long", status.scrollHeight > statusBox.clientHeight + 1);
  }

  /**
   * A computer player's move travels from its seat (or its pile) to where it went.
   * @param {Snapshot} s
   */
  function travel(s) {
    const before = drawn;
    drawn = { count: logCount(s), piles: s.piles };
    const move = computerMove(before?.count ?? null, s);
    if (!move) return;
    const moved = move.card ? [move.card] : (before?.piles?.[move.pile ?? ""] ?? []);
    const from = move.pile ? root.querySelector(`[data-pile="${move.pile}"]`)?.getBoundingClientRect() : null;
    showMove(root, move, moved, Number(model.get("speed") ?? 0.8) * 1000, from ?? null);
  }

  function schedule() {
    clearTimeout(timer);
    timer = undefined;
    const s = snap();
    if (s.waiting === null || s.waiting === undefined || s.history?.at !== s.history?.length) return;
    if (s.paused) return; // the viewer steps the computer players with Next move
    // A move "show me" outlines stays outlined for a beat the eye can follow, whatever the speed.
    const beat = s.hint?.shown ? 900 : 0;
    const delay = Math.max(beat, Number(model.get("speed") ?? 0.8) * 1000);
    timer = setTimeout(() => {
      timer = undefined;
      send({ kind: "step" });
    }, delay);
  }

  const setNote = (/** @type {string | null} */ text) => {
    note = text;
    live.announce(text);
    showStatus();
  };
  let outlined = false;

  /** While the computer players play, a click on the table says whose turn it is. */
  const othersPlay = () => {
    const s = snap();
    if (s.waiting === null || s.waiting === undefined || s.waiting === s.viewer) return false;
    const name = s.hands?.find((p) => p.player === s.waiting)?.name ?? `P${s.waiting}`;
    setNote(say("othersPlay", { name }));
    return true;
  };

  /**
   * Picking a card or pile says where it fits, in Python's words; in a first hand the first
   * time, with what the outlines mean.
   * @param {string} source
   */
  const sayFits = (source) => {
    const fits = snap().fits?.[source] ?? null;
    const guide = snap().guide && !outlined ? snap().guide : null;
    if (guide) outlined = true;
    setNote([fits, guide].filter(Boolean).join(" ") || null);
  };

  /** @type {import("./page").Ctx} */
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
      if (othersPlay()) return;
      ctx.select(selected?.kind === "card" && selected.id === code ? null : { kind: "card", id: code });
      const targets = targetsOf(selected, legal()).size;
      if (selected && !targets && legal().length) setNote(say("nowhere"));
      else if (selected && targets) sayFits(code);
    },
    pickPile(space) {
      if (othersPlay()) return;
      if (selected) {
        if (selected.kind === "pile" && selected.id === space) return ctx.clear();
        const move = `${selected.id}>${space}`;
        selected = null;
        decorate();
        send({ kind: "play", move });
        return;
      }
      if (!snap().piles?.[space]?.length) return setNote(say("pickFirst"));
      ctx.select({ kind: "pile", id: space });
      if (targetsOf(selected, legal()).size) sayFits(space);
    },
    act(action, from) {
      const intent = treeIntent(action, root, from); // explore's lines and comments
      if (intent) return send(intent);
      if (action === "present") {
        present.toggle();
      } else if (action === "keys") {
        showKeys = !showKeys;
        draw();
      } else if (action === "summary") {
        teach.summaryHidden = !teach.summaryHidden;
        draw();
      } else {
        const control = (snap().actions ?? []).find((c) => c.kind === action);
        if (!control) {
          if (from?.closest?.("[data-confirm]")) send({ kind: action }); // the question's answer
          return;
        }
        if (!control.enabled) return setNote(control.why); // what the button's reason says
        if (control.input && !from) return ctx.focus(`[data-form="${control.kind}"] input`); // its key: type first
        if (action === "draw") selected = null;
        send({ kind: action, ...fieldsOf(control) });
      }
    },
    keyed(key) {
      return controlForKey(snap(), key)?.kind ?? null;
    },
    focus(selector) {
      /** @type {HTMLElement | null} */ (root.querySelector(selector))?.focus();
    },
  };

  /** @param {Event} event */
  const onClick = (event) => {
    const target = /** @type {Element} */ (event.target);
    const button = /** @type {HTMLButtonElement | null} */ (target.closest("[data-action]"));
    if (button) return button.disabled || ctx.act(button.dataset.action ?? "", button);
    const card = /** @type {HTMLElement | null} */ (target.closest("[data-hand] [data-card]"));
    if (card) return ctx.pickCard(card.dataset.card ?? "");
    const pile = /** @type {HTMLElement | null} */ (target.closest("[data-pile]"));
    if (pile) return ctx.pickPile(pile.dataset.pile ?? "");
  };
  /** @param {KeyboardEvent} event */
  const onKey = (event) => {
    if (handleKey(event, ctx)) {
      event.preventDefault();
      event.stopPropagation();
    } else if (event.key === "Escape" && present.on) {
      event.preventDefault();
      present.leave();
    } else if (event.key === "Enter" && load(event)) {
      event.preventDefault();
      ctx.act(load(event)?.dataset.form ?? "");
    }
  };
  /** @param {Event} event the form (Load's position) a key was pressed in, if any */
  const load = (event) => /** @type {HTMLElement | null | undefined} */ (/** @type {Element} */ (event.target).closest?.(".kcw-load"));
  const onSubmit = (/** @type {Event} */ event) => event.preventDefault();
  // The log follows the newest move unless the viewer scrolled back in it: only their scrolling
  // decides (a resize changes the log's height, not where the viewer wants to be).
  let following = true;
  const onScroll = (/** @type {Event} */ event) => {
    const log = /** @type {HTMLElement | null} */ (event.target);
    if (!log?.classList?.contains("kcw-log")) return;
    following = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
  };
  const followNow = () => {
    fitLog(root);
    const log = root.querySelector(".kcw-log");
    if (following && log) log.scrollTop = log.scrollHeight;
  };
  root.addEventListener("scroll", onScroll, true);
  globalThis.addEventListener?.("resize", followNow);
  const logSize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(followNow);
  logSize?.observe(side);
  /**
   * What a control's intent carries: its form's text, or the speed it asks for.
   * @param {import("./snapshot").Control} control
   */
  function fieldsOf(control) {
    if (control.input) {
      const input = /** @type {HTMLInputElement | null} */ (root.querySelector(`[data-form="${control.kind}"] input`));
      return { [control.input.name]: input?.value ?? "" };
    }
    if (control.kind === "speed") {
      const speed = Number(model.get("speed") ?? 0.8);
      return { value: Math.max(0.05, Math.round((speed / 2) * 100) / 100) };
    }
    return {};
  }
  const drag = dragHandlers(ctx);
  /** @type {[string, (event: any) => void][]} */
  const listeners = [["click", onClick], ["submit", onSubmit], ...Object.entries(drag)];
  for (const [type, fn] of listeners) root.addEventListener(type, fn);
  const stopKeeping = keepKeys(root, onKey); // every key in the table: its own, and none for the page

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
    ["change:phrases", redraw], // the table speaks another language now: every word again
  ];
  for (const [name, fn] of changes) model.on(name, fn);
  const stopAcknowledging = acknowledgeSnapshots(model); // marimo re-runs the cells that read the table
  const stopReporting = reportPageLanguage(model, el.ownerDocument ?? document); // JupyterLab's language
  draw();

  return () => {
    disposed = true;
    clearTimeout(timer);
    clearTimeout(sweep);
    sizing.stop();
    present.stop();
    root.removeEventListener("scroll", onScroll, true);
    globalThis.removeEventListener?.("resize", followNow);
    logSize?.disconnect();
    for (const [type, fn] of listeners) root.removeEventListener(type, fn);
    stopKeeping();
    for (const [name, fn] of changes) model.off(name, fn);
    stopAcknowledging();
    stopReporting();
    root.remove();
  };
}

export default { render };
