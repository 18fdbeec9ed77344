/**
 * Writes a grid's cells straight into the elements ItemCell rendered, for the frame that answers a change of the view
 * (a key press in a search box, a filter, the sort, a page turn): React renders the same content once that frame has
 * been painted (ItemGrid), so a key press paints after a few attribute and text writes instead of after a render of
 * the grid and its fifteen cells (issue 6: React's work was the largest part of the page's own time per key, most of
 * all on a fresh page's first keys, whose code runs cold).
 *
 * React's render writes only what differs from its own last render, so what this module writes must be what that
 * render will show: exactly what ItemCell renders for the new state (cellView), with no element added or removed.
 * A cell is either as React last rendered it, or written with what React's next render will show (`written`).
 */
import type { Item } from '../domain/item.ts';
import type { CellView } from './ItemCell.tsx';
import type { Slot } from './gridSlots.ts';
import type { GridInput } from './ItemGrid.tsx';

/** Sets an attribute (undefined: removes it) when it differs. */
function setAttr(el: Element, name: string, value: string | undefined): void {
  if (value === undefined) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/**
 * Sets an element's text. Its one text node is changed in place, as React's own text update does: replacing the node
 * (`textContent =`) would also remove a DOM node and its layout object and create new ones, on every cell of a key.
 */
function setText(el: Element, text: string): void {
  const node = el.firstChild;
  if (node && node === el.lastChild && node.nodeType === 3) {
    if ((node as Text).data !== text) (node as Text).data = text;
  } else el.textContent = text;
}

/**
 * ItemCell's own pieces, handed over by the grid rather than imported: this module is loaded on its own after the
 * first render, and importing the page's modules would make the bundler split them out of the page's first script.
 */
export interface CellParts {
  /** The item each cell shows (a click picks it). */
  cellItems: WeakMap<Element, Item>;
  /** The cells' picture boxes that have come near the viewport. */
  nearArts: WeakSet<Element>;
  /** Picture addresses the browser holds. */
  askedPictures: Set<string>;
}

/** Writes `v`, showing `item`, into `cell`, a button ItemCell rendered, with its picture if it may show now. */
function writeCell(cell: HTMLButtonElement, item: Item, v: CellView, parts: CellParts): void {
  const [price, art, name] = cell.firstElementChild!.children;
  // As ItemCell: a picture only once the cell has come near the viewport, never for a placeholder; and only one the
  // browser holds (a picture is asked for by React's render, after the typing pauses).
  const src = !v.empty && parts.askedPictures.has(item.image) && parts.nearArts.has(art) ? item.image : undefined;
  // The same item with the same marks (rarity, selected, locked, placeholder: the class) shows the same texts: only its
  // picture may differ. Many cells of a key press are such (those whose item stays).
  if (parts.cellItems.get(cell) !== item || cell.className !== v.className) {
    parts.cellItems.set(cell, item);
    if (cell.className !== v.className) cell.className = v.className;
    setAttr(cell, 'data-testid', v.testId);
    setAttr(cell, 'aria-hidden', v.empty ? 'true' : undefined);
    if (cell.disabled !== v.empty) cell.disabled = v.empty;
    setAttr(cell, 'aria-pressed', String(v.selected));
    setAttr(cell, 'title', v.title);
    setText(price, v.price);
    setText(name.children[0], v.line1);
    setText(name.children[1], v.line2);
  }
  setAttr(art.firstElementChild!, 'src', src);
}

/** Cells outside the viewport, as their grid's IntersectionObserver last reported (without one, none is). */
const outside = new WeakSet<Element>();
/** Cells written since React last rendered their grid's latest input. */
const written = new WeakSet<Element>();
const watched = new WeakSet<Element>();

/**
 * Starts following which of a grid's cells are outside the viewport. A grid's cells are its children for as long as
 * it is mounted (always PAGE_SIZE, keyed by position); each grid has its own observer, which goes with it.
 */
export function watch(grid: Element): void {
  if (typeof IntersectionObserver === 'undefined' || watched.has(grid)) return;
  watched.add(grid);
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) outside.delete(entry.target);
      else outside.add(entry.target);
    }
  });
  for (const cell of grid.children) observer.observe(cell);
}

/** What ItemGrid's last render gives the writer: its grid element, and how it derives its cells. */
export interface GridState {
  grid: HTMLElement | null;
  /**
   * The page of items an input shows, and the slots a render of it will give (gridSlots.ts), which the grid then
   * remembers; with `last`, the slots as if the grid had last shown `last` (updated instead).
   */
  slots: (input: GridInput, last?: Item[]) => [Item[], Slot<Item>[]];
  /** What a cell showing `item` shows (ItemCell's cellView, with the grid's texts). */
  cell: (item: Item, empty: boolean) => CellView;
  /** Tells the grid that the player typed (the pictures' pause starts over). */
  typed: () => void;
  parts: CellParts;
}

/**
 * Writes a change of the view alone (search text, filters, sort, page) from `now` to `next` into the cells on
 * screen, as the grid's next render will show them. **On screen first:** a cell the player cannot see keeps its
 * item until that render, which follows the paint (unless the new page shows that item elsewhere). Below the fold
 * of a laptop half the cells of a page are out of sight, and more on a phone with its keyboard up: their text,
 * layout and paint no longer come before the result the player is looking at.
 * While cells off screen are behind, the grid carries `data-settling` (the tests and the bench's second key figure
 * wait for it to go). False, writing nothing, for any other change, or when there is nothing to write into (no
 * grid yet) or to show (no item passes: the render shows the empty message).
 */
export function writeView(now: GridInput, next: GridInput, g: GridState): boolean {
  if (now.items !== next.items || now.picked !== next.picked) return false;
  if (now.view.filter.text !== next.view.filter.text) g.typed();
  const grid = g.grid;
  if (!grid) return false;
  const [page, slots] = g.slots(next);
  if (page.length === 0 || slots.length !== grid.children.length) return false;
  if (grid.isConnected) watch(grid);
  let behind = false;
  slots.forEach(({ item, empty }, slot) => {
    const cell = grid.children[slot] as HTMLButtonElement;
    // A cell off screen that React rendered last (not written since) may wait for React's next render, which will
    // show `item` in it; unless the item it shows is on the new page: no item is on show twice. A cell written
    // since is always written again: React's next render changes only what differs from its own last render.
    if (outside.has(cell) && !written.has(cell)) {
      const shows = g.parts.cellItems.get(cell);
      if (shows === item && cell.disabled === empty) return;
      if (!shows || !page.includes(shows)) {
        behind = true;
        return;
      }
    }
    written.add(cell);
    writeCell(cell, item, g.cell(item, empty), g.parts);
  });
  setAttr(grid, 'data-settling', behind ? 'true' : undefined);
  return true;
}

/** Grids that have rehearsed (rehearse). */
const rehearsed = new WeakSet<Element>();

/**
 * Rehearses a key press, in idle time once the list's names are folded for the search: a search for the first word
 * of the list's last item, written into a copy of the grid that is not in the document, and back again, twice. The
 * player's first keys then run code that V8 has compiled and given its inline caches (a function gets them only
 * after several calls), instead of running cold, which made a fresh page's second key about 7 ms slower than a later
 * one at 4x (docs/performance.md, session 15). Nothing on the page changes: the copy is dropped, the cells' observer
 * does not watch it, the placeholders keep their items, and the pictures' pause is left alone. Once per grid: a list
 * that arrives later (after a game) finds the code warm, and a rehearsal per list cost the heap bench 0.25 MB over 50
 * games.
 */
export function rehearse(input: GridInput, g: GridState): void {
  const word = /\p{L}+/u.exec(input.items.at(-1)?.name ?? '')?.[0];
  if (!g.grid || rehearsed.has(g.grid) || !word) return;
  rehearsed.add(g.grid);
  const typed = { ...input, view: { ...input.view, filter: { ...input.view.filter, text: word } } };
  // The copy's own slots: what the grid's placeholders keep is the grid's, not the rehearsal's.
  const last: Item[] = [];
  const copy = {
    ...g,
    grid: g.grid.cloneNode(true) as HTMLElement,
    slots: (of: GridInput) => g.slots(of, last),
    typed() {},
  };
  for (let i = 0; i < 4; i++) writeView(i % 2 ? typed : input, i % 2 ? input : typed, copy);
}

/**
 * Tells the writer that React has rendered the grid's latest input: every cell shows what React last rendered, and
 * none is behind. The grid's cells are followed from then on (watch).
 */
export function rendered(grid: Element): void {
  watch(grid);
  for (const cell of grid.children) written.delete(cell);
  grid.removeAttribute('data-settling');
}
