// A small, safe Markdown subset for lesson narration: paragraphs, bullet lists, headings,
// GFM pipe tables, **bold**, *italic*, `code`. Every piece of text is escaped before any tag is
// added, so narration can never inject markup.

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Inline marks on one line of text, escaped first.
 * @param {string} line
 */
export function inline(line) {
  return escapeHtml(line)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>");
}

/**
 * The cells of one table row: `| a | b |` or `a | b`; `\|` is a literal pipe.
 * @param {string} line
 * @returns {string[]}
 */
function cells(line) {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|") && !row.endsWith("\\|")) row = row.slice(0, -1);
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

const DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/**
 * Column alignments from the delimiter row: "left", "right", "center" or null.
 * @param {string} line
 */
function alignments(line) {
  return cells(line).map((cell) => {
    const left = cell.startsWith(":");
    const right = cell.endsWith(":");
    return left && right ? "center" : right ? "right" : left ? "left" : null;
  });
}

/**
 * A GFM pipe table, or null when the block is not one (a header, a delimiter row, body rows).
 * @param {string[]} lines
 */
function table(lines) {
  if (lines.length < 2 || !lines[0].includes("|") || !DELIMITER.test(lines[1])) return null;
  const head = cells(lines[0]);
  const align = alignments(lines[1]);
  if (align.length !== head.length) return null;
  /**
   * @param {string} tag
   * @param {string} text
   * @param {number} i
   */
  const cell = (tag, text, i, extra = "") => {
    const style = align[i] ? ` style="text-align:${align[i]}"` : "";
    return `<${tag}${extra}${style}>${inline(text)}</${tag}>`;
  };
  /** @param {string} line */
  const row = (line) => {
    const found = cells(line);
    // GFM: extra cells are dropped, missing ones are empty
    return `<tr>${head.map((_, i) => cell("td", found[i] ?? "", i)).join("")}</tr>`;
  };
  const thead = `<thead><tr>${head.map((text, i) => cell("th", text, i, ' scope="col"')).join("")}</tr></thead>`;
  const body = lines.slice(2).filter((l) => l.trim());
  const tbody = body.length ? `<tbody>${body.map(row).join("")}</tbody>` : "";
  return `<table class="kcw-md-table">${thead}${tbody}</table>`;
}

/**
 * Markdown text as HTML, every text escaped.
 * @param {string} text
 */
export function markdown(text) {
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter(Boolean)
    .map((block) => {
      const lines = block.split("\n");
      if (lines.every((l) => /^\s*[-*] /.test(l))) {
        return `<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*[-*] /, ""))}</li>`).join("")}</ul>`;
      }
      const grid = table(lines);
      if (grid) return grid;
      const heading = /^#{1,4} (.*)$/.exec(block);
      if (heading && lines.length === 1) return `<h4>${inline(heading[1])}</h4>`;
      return `<p>${inline(lines.join(" "))}</p>`;
    })
    .join("");
}
