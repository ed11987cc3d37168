// The static picture (.kcw-fallback) goes out next to every live table, for exports and places
// without a kernel; where the live table is drawn its stylesheet hides the picture. JupyterLab's
// output box around it is hidden by styles.css; other hosts (VS Code, Colab) wrap each output in
// boxes of their own, which would stay as an empty gap. Hide the outermost box that holds
// nothing but the picture.

const CONTENT = "img, svg, canvas, video, iframe, input, button, textarea, select, .kcw-table";

/** Whether `box` shows nothing besides `picture` (no text, no image, no control of its own). */
/**
 * @param {Element} box
 * @param {Element} picture
 */
export function holdsOnly(box, picture) {
  if ((box.textContent ?? "").trim() !== (picture.textContent ?? "").trim()) return false;
  return [...box.querySelectorAll(CONTENT)].every((el) => picture.contains(el));
}

/** The outermost element around `picture` that holds nothing else (the picture itself at least). */
/** @param {Element} picture */
export function emptyBox(picture) {
  let box = picture;
  const body = picture.ownerDocument.body;
  for (let up = picture.parentElement; up && up !== body && holdsOnly(up, picture); up = up.parentElement) box = up;
  return box;
}

/** Hide the boxes of every static picture in `doc`. */
/** @param {Document} doc */
export function hideFallbacks(doc) {
  for (const picture of doc.querySelectorAll(".kcw-fallback")) {
    const box = /** @type {HTMLElement} */ (emptyBox(picture));
    if (box.style.display !== "none") box.style.display = "none";
  }
}
