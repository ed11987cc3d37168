// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { markdown } from "../src/markdown.js";

const SCORES = "Totals:\n\n| after hand | you | the other player |\n|---|---|---|\n| 1 | 0 | 13 |\n| 2 | 14 | 13 |";

describe("lesson markdown", () => {
  it("turns a GFM pipe table into a table with a header row and body rows", () => {
    const html = markdown(SCORES);
    expect(html).toBe(
      "<p>Totals:</p>" +
        '<table class="kcw-md-table"><thead><tr><th scope="col">after hand</th><th scope="col">you</th><th scope="col">the other player</th></tr></thead>' +
        "<tbody><tr><td>1</td><td>0</td><td>13</td></tr><tr><td>2</td><td>14</td><td>13</td></tr></tbody></table>",
    );
    expect(html).not.toContain("|");
    const box = document.createElement("div");
    box.innerHTML = html;
    expect([...box.querySelectorAll("tbody tr")].map((tr) => [...tr.cells].map((c) => c.textContent))).toEqual([
      ["1", "0", "13"],
      ["2", "14", "13"],
    ]);
  });

  it("reads tables without outer pipes, aligned columns, escaped pipes and ragged rows", () => {
    const html = markdown("card | cost\n:--- | ---:\nK\\|Q | **10**\n7");
    expect(html).toBe(
      '<table class="kcw-md-table"><thead><tr><th scope="col" style="text-align:left">card</th><th scope="col" style="text-align:right">cost</th></tr></thead>' +
        '<tbody><tr><td style="text-align:left">K|Q</td><td style="text-align:right"><strong>10</strong></td></tr>' +
        '<tr><td style="text-align:left">7</td><td style="text-align:right"></td></tr></tbody></table>',
    );
  });

  it("escapes every cell, so a table cannot inject markup", () => {
    const html = markdown('| a | <b onclick="x">b</b> |\n|---|---|\n| <script>alert(1)</script> | `<i>` |');
    expect(html).not.toMatch(/<script|<b |<i>/);
    expect(html).toContain("<td>&#60;script&#62;alert(1)&#60;/script&#62;</td>");
    expect(html).toContain("<td><code>&#60;i&#62;</code></td>");
    expect(html).toContain('<th scope="col">&#60;b onclick=&#34;x&#34;&#62;b&#60;/b&#62;</th>');
  });

  it("leaves text with pipes but no delimiter row as a paragraph", () => {
    expect(markdown("a | b\nc | d")).toBe("<p>a | b c | d</p>");
    expect(markdown("| a | b |\n|---|")).toBe("<p>| a | b | |---|</p>"); // header and delimiter disagree
  });
});
