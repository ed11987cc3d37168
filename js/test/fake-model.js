// A stand-in for the anywidget model: holds traits, records sent messages and listeners.
// Its phrasebook is Python's own (phrases.json, written by scripts/snapshot_types.py).
import phrases from "./phrases.json";

export { phrases };

export function fakeModel(state) {
  const handlers = new Map();
  const model = {
    state: { speed: 0.8, status: "", legal: [], mode: "play", phrases, ...state },
    sent: [],
    saved: [],
    get: (key) => model.state[key],
    on(name, fn) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name).add(fn);
    },
    off(name, fn) {
      handlers.get(name)?.delete(fn);
    },
    send(msg) {
      model.sent.push(msg);
    },
    // Tests pass an object (what Python sends); the page calls set(name, value), as anywidget's.
    set(changesOrName, value) {
      const changes = typeof changesOrName === "string" ? { [changesOrName]: value } : changesOrName;
      Object.assign(model.state, changes);
      for (const key of Object.keys(changes)) for (const fn of handlers.get(`change:${key}`) ?? []) fn();
    },
    save_changes() {
      model.saved.push({ ...model.state });
    },
    listenerCount: () => [...handlers.values()].reduce((n, set) => n + set.size, 0),
  };
  return model;
}

const EMPTY = { N: [], E: [], S: [], W: [], NE: [], SE: [], SW: [], NW: [] };

/** One control as Python lists it in the snapshot's `actions`. */
export function control(kind, label, { enabled = true, primary = false, key = null, teacher = false, why = null, input = null } = {}) {
  return { kind, label, enabled, primary, key, teacher, why: enabled ? null : (why ?? `No ${kind} now.`), input };
}

/** The controls of a play table at the viewer's turn, as Python lists them. */
export const PLAY_ACTIONS = [
  control("draw", "Draw & end turn", { key: "D" }),
  control("hint", "Hint", { key: "H" }),
  control("undo", "Undo", { key: "U", enabled: false, why: "A card once played stays on the table." }),
  control("back", "◀ Back", { key: "[" }),
  control("forward", "Forward ▶", { key: "]", enabled: false }),
  control("new", "New match"),
  control("daily", "Daily match"),
];

/** True when a control is drawn disabled. */
export const isOff = (node) => node.getAttribute("aria-disabled") === "true";

/** A snapshot like the one Python sends (the position N:Jc E:6h S:5s, P1 holds Th Ks 4h). */
export function snapshot(overrides = {}) {
  return {
    version: 7,
    mode: "play",
    players: 2,
    viewer: 1,
    turn: 1,
    piles: { ...EMPTY, N: ["Jc"], E: ["6h"], S: ["5s"] },
    hands: [
      { player: 1, name: "You", title: "Your hand", whose: "your hand", count: 3, cards: ["Th", "Ks", "4h"], computer: false, kept: 0 },
      { player: 2, name: "P2", title: "P2's hand", whose: "P2's hand", count: 7, cards: null, computer: true, kept: 0 },
    ],
    stock: 39,
    end: "draw",
    pending: null,
    played: 0,
    over: false,
    outcome: null,
    log: [],
    history: { at: 0, length: 0 },
    waiting: null,
    hint: null,
    score: null,
    lesson: null,
    title: "",
    actions: PLAY_ACTIONS,
    ...overrides,
  };
}

export const LEGAL = ["Th>N", "Th>W", "Ks>W", "Ks>NE", "Ks>SE", "Ks>SW", "Ks>NW", "4h>S", "4h>W", "S>E", "draw"];

export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Draw the table for `state` (the model's traits) into a new element on the page. */
export function mountTable(widget, state) {
  const model = fakeModel(state);
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = widget.render({ model, el });
  return { model, el, cleanup };
}

/** A click as the page gets it: bubbling from the node. */
export const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
