// The table's size from the space it is given: card sizes, whether the side panel fits beside
// the felt, where the other players sit, how far the cards of a pile and of the hand fan out.
// Pure functions (unit-tested), plus the observer and the presentation (full screen) toggle.

/** @typedef {ReturnType<typeof tableLayout>} Layout */

/**
 * Side panel (lesson, moves, score) width beside the felt, and the widths below which it moves
 * under it. Presenting, it takes `present` of the width however wide (its words grow with the
 * window's height, styles.css), so a line of the log holds as many words at 3840 as at 1920.
 */
const SIDE = { least: 260, most: 380, share: 0.26, present: 0.22, below: 780 };
/** Card width in px: the smallest readable, and the largest at a desk and on a projector. */
export const CARD = { least: 38, desk: 124, present: 320 };
/** Width in px of a seat beside the piles: the least, and the most at a desk and on a projector. */
const SEAT = { least: 86, desk: 150, present: 360 };
/** Height of a card over its width. */
export const ASPECT = 1.4;
/** The closest a pile's cards fan, as a share of the card's width: a rank still shows. */
export const LEAST_STEP = 0.22;
/**
 * A covered card's index, as shares of the card's width: its font squeezed to the rank (a compact
 * pile) and fanned out, and its inset from the card's border fanned out. styles.css draws it so.
 */
export const INDEX_FONT = { squeezed: 0.22, open: 0.3, inset: 0.04 };
/**
 * The ink of a rank, as a share of its font size, in a wide bold font (DejaVu Sans Bold, the
 * default on Linux, is as wide as Verdana): the widest one-character rank (K and Q, 0.81 em), the
 * ten's two characters (1.35 em), each a little more for rounding; and the squeezed index's inset
 * (0.07 em), which keeps the J's hook (0.06 em left of the rank's box) off the card's border.
 */
const RANK_INK = { one: 0.82, ten: 1.36, inset: 0.07 };

/** Fans are placed to a quarter of a pixel: up to it (room asked for) or down to it (room had). */
const quarter = {
  up: (/** @type {number} */ px) => Math.ceil(px * 4 - 1e-9) / 4,
  down: (/** @type {number} */ px) => Math.floor(px * 4 + 1e-9) / 4,
};

/**
 * The room, in px, a covered card's rank needs on cards `card` px wide, squeezed or fanned out:
 * the card's 1 px border, the index's inset, the rank's ink, and half a pixel clear of the
 * next card (its own border is the line between them).
 * @param {number} card
 * @param {{ squeezed?: boolean, ten?: boolean }} [how]
 */
export function rankRoom(card, { squeezed = true, ten = false } = {}) {
  const font = (squeezed ? INDEX_FONT.squeezed : INDEX_FONT.open) * card;
  const inset = squeezed ? RANK_INK.inset * font : INDEX_FONT.inset * card;
  return quarter.up(1.5 + inset + (ten ? RANK_INK.ten : RANK_INK.one) * font);
}

/**
 * The closest a pile's cards `card` px wide fan, in px: LEAST_STEP of the card, or on small cards
 * the room the widest one-character rank needs squeezed, if that is more.
 * @param {number} card
 */
export const leastStep = (card) => Math.max(quarter.up(card * LEAST_STEP), rankRoom(card));

/**
 * How much further than `step` px the card after a covered ten sits, in px: the room its second
 * character needs beyond what the step gives a one-character rank.
 * @param {number} card
 * @param {number} step
 * @param {boolean} squeezed
 */
export const tenRoom = (card, step, squeezed) => Math.max(0, rankRoom(card, { squeezed, ten: true }) - step);

/** At a desk the table is at most this many times its width tall, 1000 px at least (beside its side panel). */
export const DESK_HEIGHT = 0.62;

/** Hand cards are this much larger than the cards on the piles. */
export const HAND_SCALE = 1.1;

/**
 * Height the table takes (title, felt, the message line's three lines and buttons; explore's
 * position field on a row of its own) for a pile card `w` px wide: about 344 px of text, paddings
 * and buttons, plus the
 * seat row, the three rows of piles and the hand, which grow with the cards. Measured in
 * JupyterLab (tests/browser/test_layout.py checks the 620 px it promises at 1000 px wide).
 * @param {number} w
 */
export const tableHeight = (w) => 344 + 5.7 * w;

/**
 * The largest card width whose table fits `height` px.
 * @param {number} height
 */
export function widthForHeight(height) {
  let lo = CARD.least;
  let hi = CARD.present;
  while (hi - lo > 0.5) {
    const mid = (lo + hi) / 2;
    if (tableHeight(mid) <= height) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * The largest card width (px) whose pile of `count` cards, `tens` of them covered tens, fits `room` px squeezed.
 * @param {number} room
 * @param {number} count
 * @param {number} tens
 */
function widthForFan(room, count, tens) {
  const fan = (/** @type {number} */ w) => w + leastStep(w) * Math.max(0, count - 1) + tens * tenRoom(w, leastStep(w), true);
  let lo = CARD.least;
  let hi = Math.max(CARD.least, room);
  if (fan(hi) <= room) return hi;
  while (hi - lo > 0.5) {
    const mid = (lo + hi) / 2;
    if (fan(mid) <= room) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * The table's layout for a container `width` px wide. `height` is the height the table should fit
 * (the window's, so the hand and the piles are in view together); `present` is the projector mode;
 * `longest` is the number of cards in the longest pile, which must fit its cell with every rank in
 * view (fanStep), so a very long pile makes the cards a little smaller; `tens` is 1 when such a
 * pile has a covered ten, which takes a character's room more.
 *
 * `cap` is the largest card the table was found to fit (fitLayout), when the estimate was too big.
 *
 * @param {{ width: number, height?: number, players?: number, present?: boolean, longest?: number, tens?: number, cap?: number }} space
 */
export function tableLayout({ width, height = Number.POSITIVE_INFINITY, players = 2, present = false, longest = 1, tens = 0, cap = Number.POSITIVE_INFINITY }) {
  const sideBelow = width < SIDE.below;
  const desk = Math.min(SIDE.most, Math.max(SIDE.least, width * SIDE.share));
  const side = sideBelow ? 0 : Math.round(present ? Math.max(desk, width * SIDE.present) : desk);
  const felt = sideBelow ? width : width - side - 14;
  // With three other players two sit beside the piles; on a narrow felt all sit in a row above,
  // and so they do when a long pile wants the width they take (the cards come out larger).
  // At a desk, beside its side panel, the table is at most 620 px tall up to 1000 px wide (a
  // laptop's notebook column shows it whole), and at most 62% of its width beyond.
  const desks = Math.max(DESK_HEIGHT * 1000, DESK_HEIGHT * width);
  const byHeight = widthForHeight(present || sideBelow ? height : Math.min(height, desks));
  const largest = present ? CARD.present : CARD.desk;
  const seated = (/** @type {boolean} */ seatsTop) => {
    const seat = seatsTop ? 0 : Math.round(Math.min(present ? SEAT.present : SEAT.desk, Math.max(SEAT.least, felt * 0.13)));
    const grid = felt - 30 - (seatsTop ? 0 : 2 * (seat + 12));
    const cell = Math.max(60, (grid - 2 * 10) / 3);
    const fan = widthForFan(cell - 10, longest, tens);
    const card = Math.floor(Math.max(CARD.least, Math.min(cell / 2.8, fan, byHeight, largest, cap)));
    return { seatsTop, seat, cell, card, fanned: fan < cell / 2.8 };
  };
  const beside = seated(players <= 2 || felt < 660);
  // Only a long pile moves the seats up, and the cards grow no larger than its cell would make
  // them with the seats beside (the table keeps its height).
  const above = beside.seatsTop || !beside.fanned ? beside : seated(true);
  const limit = Math.floor(beside.cell / 2.8);
  const chosen = above.card >= beside.card + 2 ? { ...above, card: Math.min(above.card, Math.max(limit, beside.card)) } : beside;
  const { seatsTop, seat, cell, card } = chosen;
  return {
    card,
    hand: Math.round(card * HAND_SCALE),
    cell: Math.floor(cell),
    side,
    seat,
    sideBelow,
    seatsTop,
    felt: Math.floor(felt),
  };
}

/**
 * How far apart the cards of a pile of `count` fan out, in px, in a cell `cell` px wide for cards
 * `card` px wide. Wide enough to show each covered card's rank and suit when there is room
 * (`full`); long runs are compressed, but never below the width of a rank (leastStep), so every
 * rank stays in view. `compact` says that only ranks show (the suit is in the label and on hover).
 *
 * A covered ten (`tens` of them: a pile holds one at most) needs its second character's room as
 * well: the card after it sits `ten` px further (`tenFull` when the pile is opened to `full`).
 * @param {number} count
 * @param {number} cell
 * @param {number} card
 * @param {number} [tens]
 */
export function fanStep(count, cell, card, tens = 0) {
  const full = Math.round(card * 0.42);
  const least = leastStep(card);
  if (count <= 1) return { step: 0, compact: false, full, ten: 0, tenFull: 0, width: card };
  const room = Math.max(0, cell - card - 10); // the pile's 5 px on each side (styles.css)
  // The widest step that fits the room, within least and full: a ten short of room takes what it
  // needs, and the other covered cards share the rest.
  const fits = (/** @type {boolean} */ squeezed) => {
    let step = room / (count - 1);
    const ten = rankRoom(card, { squeezed, ten: true });
    if (tens && step < ten && count > 2) step = (room - ten) / (count - 2);
    return Math.max(least, Math.min(full, quarter.down(step)));
  };
  let step = fits(false);
  const compact = step < card * 0.36;
  if (compact) step = fits(true); // the squeezed index's ten needs less room
  const ten = tens ? tenRoom(card, step, compact) : 0;
  const tenFull = tens ? tenRoom(card, full, false) : 0;
  return { step, compact, full, ten, tenFull, width: card + step * (count - 1) + tens * ten };
}

/**
 * How far apart the cards of a hand of `count` cards `card` px wide sit in a row `room` px wide:
 * side by side with a small gap when they fit, overlapping down to the width of the index (rank
 * over suit) when they do not; the row wraps beyond that, so no card is ever cut off.
 * @param {number} count
 * @param {number} room
 * @param {number} card
 */
export function handStep(count, room, card) {
  const apart = Math.round(card * 1.06);
  if (count <= 1) return apart;
  const least = Math.round(card * 0.38);
  return Math.max(least, Math.min(apart, Math.floor((room - card - 16) / (count - 1))));
}

/**
 * Set the layout's sizes on the table's root as CSS variables and classes.
 * @param {HTMLElement} root
 * @param {Layout} layout
 */
export function applyLayout(root, layout) {
  const px = (/** @type {number} */ n) => `${n}px`;
  root.style.setProperty("--kcw-card", px(layout.card));
  root.style.setProperty("--kcw-card-h", px(Math.round(layout.card * ASPECT)));
  root.style.setProperty("--kcw-hand-w", px(layout.hand));
  root.style.setProperty("--kcw-hand-h", px(Math.round(layout.hand * ASPECT)));
  root.style.setProperty("--kcw-cell", px(layout.cell));
  root.style.setProperty("--kcw-seat-w", px(layout.seat));
  root.style.setProperty("--kcw-side-w", px(layout.side));
  root.classList.toggle("kcw-side-below", layout.sideBelow);
  root.classList.toggle("kcw-seats-top", layout.seatsTop);
}

/** How many px the table grows for each px of card width, before the table is measured. */
export const GROWTH = 5.7;

/**
 * The card width to try next when the table drawn with `card` px cards overflows its window by
 * `over` px down and `wide` px across (negative: room to spare). The table's height grows about
 * linearly with the card; `previous` (the last try, `{ card, over }`) gives the measured slope.
 * Returns `card` itself when the table fits.
 *
 * @param {{ card: number, over: number, wide?: number, width?: number, previous?: { card: number, over: number } | null }} tried
 */
export function fitCard({ card, over, wide = 0, width = 1000, previous = null }) {
  if (over <= 0 && wide <= 0) return card;
  let slope = GROWTH;
  if (previous && previous.card !== card && previous.over !== over) {
    const measured = (previous.over - over) / (previous.card - card);
    if (measured > 1) slope = measured;
  }
  const down = over > 0 ? over / slope : 0;
  const across = wide > 0 ? (card * wide) / Math.max(width, 1) : 0;
  return Math.max(CARD.least, Math.min(card - 1, Math.floor(card - Math.max(down, across) - 0.5)));
}

/**
 * @param {Record<string, unknown> | null} a
 * @param {Record<string, unknown> | null} b
 */
const same = (a, b) => Boolean(a && b && Object.keys(a).every((key) => a[key] === b[key]));

/**
 * Watch the table's width (and the window's height) and call `changed(layout)` when the layout
 * changes. Returns a function that stops watching.
 *
 * @param {HTMLElement} root
 * @param {() => { players?: number, longest?: number }} table the players and the longest pile
 * @param {(layout: ReturnType<typeof tableLayout>) => void} changed
 */
export function watchSize(root, table, changed) {
  /** @type {Layout | null} */
  let last = null;
  /** @type {Layout | null} */
  let before = null;
  let changedAt = 0;
  // Presenting, the table is measured once drawn and its cards shrunk until it fits the screen
  // (fit): `cap` is the card width found to fit, `tried` the last try, `screen` the size it
  // was found for (a new size starts afresh).
  let cap = Number.POSITIVE_INFINITY;
  /** @type {{ card: number, over: number } | null} */
  let tried = null;
  let screen = "";
  const measure = () => {
    const present = root.classList.contains("kcw-present");
    const style = globalThis.getComputedStyle?.(root);
    const padding = style ? Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight) || 0 : 0;
    const width = (root.clientWidth || root.parentElement?.clientWidth || 1000) - padding;
    const view = globalThis.innerHeight || 900;
    const sized = present ? `${width}x${view}` : "";
    if (sized !== screen) {
      screen = sized;
      cap = Number.POSITIVE_INFINITY;
      tried = null;
    }
    // At a desk the table should fit the window with a little of the notebook around it.
    const height = present ? view : Math.max(560, view * 0.8);
    const layout = tableLayout({ width, height, present, cap, ...table() });
    if (same(layout, last)) return;
    // A host that sizes the table by its content could make two layouts call for each other:
    // keep the current one rather than flip straight back.
    const now = Date.now();
    if (same(layout, before) && now - changedAt < 250) return;
    before = last;
    last = layout;
    changedAt = now;
    applyLayout(root, layout);
    changed(layout);
  };
  /** Presenting: once drawn, shrink the cards while the table overflows the screen. */
  const fit = () => {
    if (!root.classList.contains("kcw-present") || !last) return;
    const over = root.scrollHeight - root.clientHeight;
    const wide = root.scrollWidth - root.clientWidth;
    const card = fitCard({ card: last.card, over, wide, width: root.clientWidth, previous: tried });
    if (card >= last.card) return;
    tried = { card: last.card, over };
    cap = card;
    measure();
  };
  measure();
  if (typeof ResizeObserver === "undefined") return { measure, fit, stop() {} };
  const observer = new ResizeObserver(() => measure());
  observer.observe(root);
  globalThis.addEventListener?.("resize", measure);
  return {
    measure,
    fit,
    stop() {
      observer.disconnect();
      globalThis.removeEventListener?.("resize", measure);
    },
  };
}

/**
 * The presentation toggle: the table fills the screen (the browser's fullscreen API), with large
 * cards, for a projector. Where full screen is refused (a sandboxed frame), the table fills the
 * window instead. Escape (or the button again) leaves.
 *
 * @param {HTMLElement} root
 * @param {() => void} changed called after the table entered or left the presentation
 */
export function presentation(root, changed) {
  const doc = root.ownerDocument;
  const set = (/** @type {boolean} */ on) => {
    if (root.classList.contains("kcw-present") === on) return;
    root.classList.toggle("kcw-present", on);
    changed();
  };
  const onFullscreen = () => set(doc.fullscreenElement === root);
  // Escape leaves wherever the focus is (the browser's full screen leaves by itself; a table
  // that only fills the window hears it here).
  const onKey = (/** @type {KeyboardEvent} */ event) => {
    if (event.key !== "Escape" || !root.classList.contains("kcw-present") || event.defaultPrevented) return;
    leave();
  };
  const leave = () => {
    if (doc.fullscreenElement === root) doc.exitFullscreen?.().catch(() => {});
    set(false);
  };
  doc.addEventListener("fullscreenchange", onFullscreen);
  doc.addEventListener("keydown", onKey);
  return {
    get on() {
      return root.classList.contains("kcw-present");
    },
    toggle() {
      if (this.on) return this.leave();
      set(true);
      root.requestFullscreen?.().catch(() => {}); // refused: the table still fills the window
    },
    leave,
    stop() {
      doc.removeEventListener("fullscreenchange", onFullscreen);
      doc.removeEventListener("keydown", onKey);
      if (doc.fullscreenElement === root) doc.exitFullscreen?.().catch(() => {});
    },
  };
}
