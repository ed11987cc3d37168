// What notebook hosts other than Jupyter need from the page.
//
// marimo's mo.ui.anywidget re-runs the cells that read a table when the page saves a change to the
// widget's model, never on a custom message or on a change made in Python. Every move reaches
// Python as a custom message, so after drawing each new snapshot the page saves `seen`, the
// snapshot version it has drawn: marimo then re-runs the dependent cells, which read the state
// Python published. Python checks `seen` (never past its own version) and nothing acts on it.

/**
 * Save `seen` after each new snapshot; returns the function that stops it.
 * @param {{ get(name: string): any, set(name: string, value: any): void, save_changes(): void,
 *   on(name: string, fn: () => void): void, off(name: string, fn: () => void): void }} model
 */
export function acknowledgeSnapshots(model) {
  const onSnapshot = () => {
    const version = model.get("snapshot")?.version;
    if (!Number.isInteger(version) || version <= (model.get("seen") ?? 0)) return;
    model.set("seen", version);
    model.save_changes();
  };
  model.on("change:snapshot", onSnapshot);
  return () => model.off("change:snapshot", onSnapshot);
}
