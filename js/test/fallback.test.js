// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { emptyBox, hideFallbacks } from "../src/fallback.js";

afterEach(() => document.body.replaceChildren());

/** A host page: each output in boxes of its own (as VS Code's and Colab's output areas do). */
function page() {
  document.body.innerHTML = `
    <div class="cell">
      <pre class="input">w</pre>
      <div class="outputs">
        <div class="output" id="live"><div class="inner"><div class="kcw-table">the table</div></div></div>
        <div class="output" id="picture"><div class="inner"><div class="kcw-fallback"><img alt="the table"></div></div></div>
      </div>
    </div>`;
  return document.querySelector(".kcw-fallback");
}

describe("hiding the static picture's box outside JupyterLab", () => {
  it("finds the outermost box that holds nothing but the picture", () => {
    const picture = page();
    expect(emptyBox(picture).id).toBe("picture");
  });

  it("hides that box and leaves the live table and the cell's code alone", () => {
    page();
    hideFallbacks(document);
    expect(document.getElementById("picture").style.display).toBe("none");
    expect(document.getElementById("live").style.display).toBe("");
    expect(document.querySelector(".outputs").style.display).toBe("");
  });

  it("stops at a box that shows anything else: text, an image, a control", () => {
    const picture = page();
    document.getElementById("picture").append(document.createElement("button"));
    expect(emptyBox(picture).classList.contains("inner")).toBe(true);
  });
});
