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
