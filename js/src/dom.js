// Tiny DOM helper: h("div", { class: "x", "data-pile": "N" }, child, "text").
/**
 * @param {string} tag
 * @param {Record<string, unknown> | null} [attrs] attributes (undefined, null and false are left out)
 * @param {...unknown} children nodes, text, numbers and lists of them (null and false are left out)
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = String(value);
    else if (key === "text") el.textContent = String(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}
