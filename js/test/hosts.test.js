// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { fakeModel, LEGAL, snapshot } from "./fake-model.js";

let cleanup;
afterEach(() => cleanup?.());

function mount() {
  const model = fakeModel({ snapshot: snapshot({ version: 7 }), legal: LEGAL, seen: 0 });
  const el = document.createElement("div");
  cleanup = widget.render({ model, el });
  return model;
}

describe("telling the host which snapshot the page drew (marimo re-runs on saved changes)", () => {
  it("saves seen once for each new snapshot, never for the first one drawn", () => {
    const model = mount();
    expect(model.saved).toEqual([]);
    model.set({ snapshot: snapshot({ version: 8 }) });
    expect(model.state.seen).toBe(8);
    expect(model.saved.map((s) => s.seen)).toEqual([8]);
    model.set({ snapshot: snapshot({ version: 9 }) });
    expect(model.saved.map((s) => s.seen)).toEqual([8, 9]);
  });

  it("saves nothing for a snapshot it has already acknowledged or one without a version", () => {
    const model = mount();
    model.set({ snapshot: snapshot({ version: 8 }) });
    model.set({ snapshot: snapshot({ version: 8, status: "again" }) });
    model.set({ snapshot: snapshot({ version: 5 }) });
    model.set({ snapshot: { ...snapshot(), version: undefined } });
    expect(model.saved.map((s) => s.seen)).toEqual([8]);
  });

  it("a second view of the same model adds no second save, and a closed view stops saving", () => {
    const model = mount();
    const other = widget.render({ model, el: document.createElement("div") });
    model.set({ snapshot: snapshot({ version: 8 }) });
    expect(model.saved.map((s) => s.seen)).toEqual([8]);
    other();
    cleanup();
    cleanup = undefined;
    model.set({ snapshot: snapshot({ version: 9 }) });
    expect(model.saved.map((s) => s.seen)).toEqual([8]);
    expect(model.listenerCount()).toBe(0);
  });

  it("sends no intent of its own: moves stay custom messages Python answers", () => {
    const model = mount();
    model.set({ snapshot: snapshot({ version: 8 }) });
    expect(model.sent).toEqual([]);
  });
});
