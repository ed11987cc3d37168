// @vitest-environment jsdom
// A table speaks the language Python gives it: the page marks its own element with that
// language (what a screen reader reads it in), whatever the notebook around it speaks, and two
// tables on one page in two languages each draw with their own phrasebook.
import { afterEach, describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { mountTable, phrases, snapshot, tick } from "./fake-model.js";

const french = { ...phrases, lang: "fr", text: { ...phrases.text, noMoves: "Pas encore de coup." } };

afterEach(() => {
  document.body.replaceChildren();
});

describe("the table's lang", () => {
  it("is the phrasebook's language, English by default", async () => {
    const { el } = mountTable(widget, { snapshot: snapshot() });
    await tick();
    expect(el.querySelector(".kcw-table")?.getAttribute("lang")).toBe("en");
  });

  it("follows the phrasebook Python sends, and each table keeps its own", async () => {
    const english = mountTable(widget, { snapshot: snapshot() });
    const inFrench = mountTable(widget, { snapshot: snapshot(), phrases: french });
    await tick();
    expect(inFrench.el.querySelector(".kcw-table")?.getAttribute("lang")).toBe("fr");
    expect(english.el.querySelector(".kcw-table")?.getAttribute("lang")).toBe("en");
    expect(inFrench.el.textContent).toContain("Pas encore de coup.");
    expect(english.el.textContent).toContain(phrases.text.noMoves);
    expect(english.el.textContent).not.toContain("Pas encore de coup.");
  });
});

describe("following the page's language", () => {
  const reported = (model) => model.saved.map((state) => state.page_language).filter(Boolean);

  afterEach(() => {
    document.documentElement.removeAttribute("lang");
  });

  it("tells Python the page's lang (where JupyterLab writes its interface language)", async () => {
    document.documentElement.lang = "fr-FR";
    const { model } = mountTable(widget, { snapshot: snapshot() });
    await tick();
    expect(reported(model)).toEqual(["fr-FR"]);
  });

  it("tells nothing on a page that names no language", async () => {
    const { model } = mountTable(widget, { snapshot: snapshot() });
    await tick();
    expect(reported(model)).toEqual([]);
  });

  it("tells again when the page changes its language, and no more once the table is gone", async () => {
    document.documentElement.lang = "en";
    const { model, cleanup } = mountTable(widget, { snapshot: snapshot() });
    document.documentElement.lang = "de";
    await tick();
    expect(reported(model)).toEqual(["en", "de"]);
    document.documentElement.lang = "de"; // the same language: nothing new to tell
    await tick();
    cleanup();
    document.documentElement.lang = "es";
    await tick();
    expect(reported(model)).toEqual(["en", "de"]);
  });

  it("draws every word again when Python sends the new language's phrasebook, keeping what was picked", async () => {
    const { model, el } = mountTable(widget, { snapshot: snapshot({ log: [] }), legal: ["Th>N", "draw"] });
    await tick();
    el.querySelector('[data-hand] [data-card="Th"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(el.querySelector('[data-pile="N"]').hasAttribute("data-legal")).toBe(true);
    const present = { ...french, text: { ...french.text, present: "Présenter", presentTitle: "Plein écran" } };
    model.set({ phrases: present });
    await tick();
    const table = el.querySelector(".kcw-table");
    expect(table.getAttribute("lang")).toBe("fr");
    expect(el.textContent).toContain("Pas encore de coup.");
    expect(el.querySelector('[data-action="present"]').textContent).toBe("Présenter");
    expect(el.querySelector('[data-action="present"]').title).toBe("Plein écran");
    expect(el.querySelector('[data-hand] [data-card="Th"]').classList.contains("kcw-selected")).toBe(true);
    expect(el.querySelector('[data-pile="N"]').hasAttribute("data-legal")).toBe(true);
  });
});
