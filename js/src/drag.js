// Drag and drop: a card from the hand, or a pile, dropped on a pile plays it there.

/** @typedef {import("./page").Source} Source */

/** @param {Event} event */
const targetOf = (event) => /** @type {Element} */ (event.target);

/** @param {import("./page").Ctx} ctx */
export function dragHandlers(ctx) {
  /** @type {Source | null} */
  let source = null;
  /** @param {DragEvent} event */
  const pileOf = (event) => /** @type {HTMLElement | null | undefined} */ (targetOf(event).closest?.("[data-pile]"));
  return {
    /** @param {DragEvent} event */
    dragstart(event) {
      const card = /** @type {HTMLElement | null | undefined} */ (targetOf(event).closest?.("[data-hand] [data-card]"));
      const pile = card ? null : pileOf(event);
      source = card ? { kind: "card", id: card.dataset.card ?? "" } : pile ? { kind: "pile", id: pile.dataset.pile ?? "" } : null;
      if (!source) return;
      event.dataTransfer?.setData("text/plain", source.id);
      if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
      ctx.select(source);
    },
    /** @param {DragEvent} event */
    dragover(event) {
      if (source && pileOf(event)) {
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
      }
    },
    /** @param {DragEvent} event */
    drop(event) {
      const pile = pileOf(event);
      if (!source || !pile) return;
      event.preventDefault();
      const from = source;
      source = null;
      if (from.kind === "pile" && from.id === pile.dataset.pile) return ctx.clear();
      ctx.send({ kind: "play", move: `${from.id}>${pile.dataset.pile}` });
      ctx.clear();
    },
    dragend() {
      if (source) ctx.clear();
      source = null;
    },
  };
}
