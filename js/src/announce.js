// What a screen reader hears: every line the table says, once and in order. The status line on
// screen shows the latest line only, and a live region that is replaced may drop a line a busy
// screen reader had not yet read (three computer moves in a second): each line is added to a log
// instead, a live region that reads additions in order and never repeats one. Its lines are the
// snapshot's and the phrasebook's sentences; it writes none of its own.
import { h } from "./dom.js";

/** Lines kept in the log (older ones have been read; they go, silently). */
export const KEPT = 12;

/**
 * The live log and the function that adds a line to it (an empty line, or the same line as the
 * last one added, is not read again).
 * @returns {{ el: HTMLElement, announce: (text: string | null | undefined) => boolean }}
 */
export function announcer() {
  const el = h("div", { class: "kcw-announce", role: "log", "aria-live": "polite", "aria-relevant": "additions", "data-announce": "" });
  let last = "";
  /** @param {string | null | undefined} text */
  const announce = (text) => {
    const line = (text ?? "").trim();
    if (!line || line === last) return false;
    last = line;
    el.append(h("p", {}, line));
    while (el.childElementCount > KEPT) el.firstElementChild?.remove();
    return true;
  };
  return { el, announce };
}
