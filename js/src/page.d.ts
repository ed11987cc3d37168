// The page's own pieces, for the type check (hand-written; the snapshot's types are generated
// into snapshot.d.ts).

/** What the viewer picked up: a card from the hand, or a pile by its space. */
export interface Source {
  kind: "card" | "pile";
  id: string;
}

/** The layout's sizes (layout.js), as the drawing reads them. */
export interface Size {
  card: number;
  cell: number;
  hand: number;
  felt: number;
  seatsTop?: boolean;
  sideBelow?: boolean;
}

/** What the page keeps while drawing: the picked card or pile, the hint's parts, the layout. */
export interface Ui {
  selected: Source | null;
  hint: { card?: string; pile: string; source?: string } | null;
  size: Size | null;
}

/** The table's actions, as the keyboard and drag and drop use them (index.js). */
export interface Ctx {
  root: HTMLElement;
  send(intent: Record<string, unknown>): void;
  select(source: Source | null): void;
  clear(): boolean;
  pickCard(code: string): void;
  pickPile(space: string): void;
  act(action: string, from?: Element): void;
  keyed(key: string): string | null;
  focus(selector: string): void;
}
