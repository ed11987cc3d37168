// The page decides nothing by the table's mode: it draws the controls the snapshot lists. This
// reads every source file and fails on any use of the mode (a comparison, a lookup, a read).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "src");

/** The code of a file without its comments (a comment may speak of the projector "mode"). */
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

const MODE = [
  /\.mode\b/, // snap.mode, s.mode
  /\[\s*["'`]mode["'`]\s*\]/, // snap["mode"]
  /\{[^}]*\bmode\b[^}]*\}\s*=/, // const { mode } = snap
  /get\(\s*["'`]mode["'`]\s*\)/, // model.get("mode")
];

function modeUses(text) {
  const lines = code(text).split("\n");
  return lines.flatMap((line, i) => (MODE.some((re) => re.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe("the page and the mode", () => {
  it("finds a use of the mode when there is one (the check itself)", () => {
    expect(modeUses('if (snap.mode === "lesson") x();')).toHaveLength(1);
    expect(modeUses("const { mode, piles } = snap;")).toHaveLength(1);
    expect(modeUses('const m = model.get("mode");')).toHaveLength(1);
    expect(modeUses("// in present mode the table fills the window")).toEqual([]);
  });

  it("js/src decides nothing by the mode", () => {
    const files = readdirSync(SRC).filter((name) => name.endsWith(".js"));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((name) => modeUses(readFileSync(join(SRC, name), "utf8")).map((hit) => `${name}:${hit}`));
    expect(found).toEqual([]);
  });
});
