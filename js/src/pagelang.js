// The page's language, told to Python. JupyterLab, Notebook 7 and JupyterLite write their
// interface language (the user's "Language" setting) to the page's `lang`; a table made without
// `language=` speaks it (kingscorner_widget/widget/adapter.py, `page_language`), and Python sends
// its words again in that language. Python checks the report: the page is not trusted.

/**
 * Tell Python the page's language now and whenever the page changes it; returns what stops it.
 * A page that names no language tells nothing.
 * @param {{ set(name: string, value: any): void, save_changes(): void }} model
 * @param {Document} doc
 */
export function reportPageLanguage(model, doc) {
  const page = doc.documentElement;
  let told = "";
  const tell = () => {
    const lang = page.getAttribute("lang")?.trim() ?? "";
    if (!lang || lang === told) return;
    told = lang;
    model.set("page_language", lang);
    model.save_changes();
  };
  tell();
  const watcher = typeof MutationObserver === "undefined" ? null : new MutationObserver(tell);
  watcher?.observe(page, { attributes: true, attributeFilter: ["lang"] });
  return () => watcher?.disconnect();
}
