// The string literals of a JavaScript source, for the page's word checks (english.test.js):
// quoted strings, and template literals with each ${...} written as HOLE, with their line
// numbers. Comments and regular expression literals are skipped.

/** What stands for a template's ${...} in its text. */
export const HOLE = "⟨⟩";

/** Characters after which a `/` starts a regular expression rather than a division. */
const BEFORE_REGEX = new Set(["", "(", ",", "=", ":", "[", "!", "&", "|", "?", "{", "}", ";", "+", "-", "*", "%", "<", ">", "~", "^"]);
const REGEX_WORDS = /(?:^|[^\w$])(?:return|typeof|case|in|of|void|yield|await|delete|throw|new)$/;

/**
 * @param {string} text a JavaScript source
 * @returns {{ line: number, text: string }[]}
 */
export function literals(text) {
  /** @type {{ line: number, text: string }[]} */
  const found = [];
  let i = 0;
  let line = 1;
  let last = ""; // the last significant character outside strings and comments
  /** @type {{ depth: number, line: number, text: string }[]} the open templates, inside ${...} */
  const templates = [];
  let depth = 0;
  const advance = (n) => {
    for (let k = 0; k < n; k += 1) if (text[i + k] === "\n") line += 1;
    i += n;
  };
  /** Read a template's fixed part from i (after ` or }), up to ` or ${. */
  const templatePart = (start = line, before = "") => {
    let part = before;
    while (i < text.length) {
      const c = text[i];
      if (c === "\\") {
        part += text.slice(i, i + 2);
        advance(2);
      } else if (c === "`") {
        advance(1);
        found.push({ line: start, text: part });
        last = "a";
        return;
      } else if (c === "$" && text[i + 1] === "{") {
        advance(2);
        templates.push({ depth, line: start, text: part + HOLE });
        depth += 1;
        last = "(";
        return;
      } else {
        part += c;
        advance(1);
      }
    }
  };
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      while (i < text.length && text[i] !== "\n") advance(1);
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      advance((end < 0 ? text.length : end + 2) - i);
    } else if (c === '"' || c === "'") {
      const start = line;
      let j = i + 1;
      let value = "";
      while (j < text.length && text[j] !== c) {
        if (text[j] === "\\") {
          value += text.slice(j, j + 2);
          j += 2;
        } else value += text[j++];
      }
      advance(j + 1 - i);
      found.push({ line: start, text: value });
      last = "a";
    } else if (c === "`") {
      advance(1);
      templatePart();
    } else if (c === "/" && (BEFORE_REGEX.has(last) || REGEX_WORDS.test(text.slice(Math.max(0, i - 12), i).trimEnd()))) {
      let j = i + 1;
      let inClass = false;
      while (j < text.length && (inClass || text[j] !== "/")) {
        if (text[j] === "\\") j += 1;
        else if (text[j] === "[") inClass = true;
        else if (text[j] === "]") inClass = false;
        j += 1;
      }
      j += 1;
      while (/[a-z]/.test(text[j] ?? "")) j += 1;
      advance(j - i);
      last = "a";
    } else if (c === "{") {
      depth += 1;
      last = c;
      advance(1);
    } else if (c === "}") {
      depth -= 1;
      advance(1);
      const open = templates[templates.length - 1];
      if (open && open.depth === depth) {
        templates.pop();
        templatePart(open.line, open.text);
      } else last = c;
    } else {
      if (!/\s/.test(c)) last = /[\w$]/.test(c) ? "a" : c;
      if (/[\w$]/.test(c) && REGEX_WORDS.test(text.slice(Math.max(0, i - 11), i + 1))) last = "";
      advance(1);
    }
  }
  return found;
}
