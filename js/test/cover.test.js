// @vitest-environment jsdom
// Pass-and-play's cover: while the snapshot says a hand is covered, the hand's place shows the
// cover's words and its button, no card of the hand, and the button sends the cover's intent.
import { afterEach, describe, expect, it } from "vitest";
import { coverEl } from "../src/cover.js";
import widget from "../src/index.js";
import { click, control, mountTable, snapshot } from "./fake-model.js";

const TEXT = "Ben's turn: pass the laptop to Ben, then press Show my hand.";

/** A pass-and-play snapshot as Python sends it while Ben's hand is covered: no card of it. */
function covered(overrides = {}) {
  return snapshot({
    viewer: 2,
    turn: 2,
    hands: [
      { player: 1, name: "Ada", title: "Ada's hand", whose: "Ada's hand", count: 6, cards: null, computer: false, kept: 0 },
      { player: 2, name: "Ben", title: "Ben's hand", whose: "Ben's hand", count: 7, cards: null, computer: false, kept: 0 },
    ],
    actions: [control("uncover", "Show my hand", { primary: true, key: "M" }), control("draw", "Draw & end turn", { enabled: false, why: TEXT })],
    cover: { name: "Ben", text: TEXT, action: "uncover", label: "Show my hand" },
    ...overrides,
  });
}

let mounted;
afterEach(() => {
  mounted?.cleanup();
  mounted?.el.remove();
  mounted = undefined;
});

describe("the pass-and-play cover", () => {
  it("is drawn only when the snapshot has one", () => {
    expect(coverEl(snapshot())).toBeNull();
    expect(coverEl(snapshot({ cover: null }))).toBeNull();
    const cover = coverEl(covered());
    expect(cover?.getAttribute("aria-label")).toBe(TEXT);
  });

  it("takes the hand's place: its words, its button, card backs, and no card", () => {
    mounted = mountTable(widget, { snapshot: covered(), legal: [], status: TEXT });
    const { el } = mounted;
    const cover = el.querySelector("[data-cover]");
    expect(cover).not.toBeNull();
    expect(cover.textContent).toContain(TEXT);
    expect(cover.textContent).toContain("Ben's hand");
    expect(cover.querySelectorAll(".kcw-back")).toHaveLength(7);
    expect(el.querySelectorAll("[data-hand]")).toHaveLength(0); // nothing to pick from
    expect(cover.querySelectorAll("[data-card]")).toHaveLength(0); // backs only
    expect(el.querySelector("[data-cover] [data-action='uncover']").textContent).toBe("Show my hand");
  });

  it("sends the cover's intent, on the snapshot it was drawn from", () => {
    mounted = mountTable(widget, { snapshot: covered(), legal: [], status: TEXT });
    click(mounted.el.querySelector("[data-cover] [data-action='uncover']"));
    expect(mounted.model.sent).toEqual([{ kind: "uncover", version: 7 }]);
  });

  it("goes once the snapshot shows the hand", () => {
    mounted = mountTable(widget, { snapshot: covered(), legal: [], status: TEXT });
    const { el, model } = mounted;
    const shown = covered({ cover: null, version: 8, actions: [control("draw", "Draw & end turn")] });
    shown.hands[1] = { ...shown.hands[1], count: 2, cards: ["Ks", "4h"] };
    model.set({ snapshot: shown, legal: ["Ks>NE", "draw"] });
    return new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
      expect(el.querySelector("[data-cover]")).toBeNull();
      expect([...el.querySelectorAll("[data-hand] [data-card]")].map((c) => c.dataset.card)).toEqual(["Ks", "4h"]);
    });
  });
});
