/**
 * What each of a grid's PAGE_SIZE slots shows. Two rules, both for a key press (or a page turn) that changes the
 * cells, which costs the most main-thread time of anything the player does while choosing (docs/performance.md):
 *
 * - **On screen first.** A cell the player cannot see (an IntersectionObserver says it is outside the viewport)
 *   keeps its item until the frame with the cells on screen has been painted; then every cell shows the new
 *   page. Below the fold of a laptop half the cells of a page are out of sight, and more on a phone with its
 *   keyboard up: their text, layout and paint no longer come before the result the player is looking at. While
 *   such cells are behind, the grid carries `data-settling` (the tests and the bench's second key figure wait
 *   for it to go).
 * - **Every slot kept.** A page with fewer items than PAGE_SIZE keeps the other slots as invisible placeholders.
 *   The grid keeps its size, so the pager stays under the pointer from page to page and the page does not
 *   jump as the result shrinks and grows while the player types; and a result that grows again fills cells
 *   that exist instead of building new ones.
 *
 * Without IntersectionObserver (jsdom, old browsers) every cell counts as on screen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { PAGE_SIZE } from '../domain/constants.ts';
import { afterPaint } from './afterPaint.ts';

/** A slot's content: the item it shows, or the item it last showed, kept invisible (`empty`). */
export interface Slot<T> {
  item: T;
  empty: boolean;
}

/**
 * The slots of a grid showing `items` (one page, at most PAGE_SIZE), and whether cells off screen still show
 * the items of an earlier page. `items` must keep its identity while the page is the same.
 */
export function useSlots<T>(items: readonly T[]): { slots: Slot<T>[]; settling: boolean; ref: (el: HTMLElement | null) => void } {
  const { ref, offScreen } = useOffScreen();
  // The page every cell has shown: cells off screen keep showing it until the next frame.
  const [settled, setSettled] = useState(items);
  // What each slot showed last: an empty slot keeps it (invisible), so emptying and refilling a slot changes
  // only what differs.
  const last = useRef<T[]>([]);
  let settling = false;
  const slots: Slot<T>[] = [];
  for (let slot = 0; slot < PAGE_SIZE; slot++) {
    let item: T | undefined = items[slot];
    if (settled !== items && offScreen(slot) && item !== settled[slot]) {
      // An earlier item that the new page also shows waits as a placeholder: no item is on show twice.
      item = items.includes(settled[slot]) ? undefined : settled[slot];
      settling = true;
    }
    const kept = item ?? last.current[slot] ?? items[0];
    if (kept === undefined) continue;
    last.current[slot] = kept;
    slots.push({ item: kept, empty: item === undefined });
  }
  // The cells off screen follow once the frame that paints this render has been painted.
  useEffect(() => (settled === items ? undefined : afterPaint(() => setSettled(items))), [items, settled]);
  return { slots, settling, ref };
}

/**
 * Whether a slot (a child of the grid, by position) is outside the viewport, as last reported, and the ref that
 * gives the grid element: its cells are keyed by position and always PAGE_SIZE, so the elements observed when
 * the grid mounts are the slots' for as long as it stays.
 */
function useOffScreen(): { ref: (el: HTMLElement | null) => void; offScreen: (slot: number) => boolean } {
  const state = useRef<{ grid: HTMLElement | null; observer: IntersectionObserver | null; outside: WeakSet<Element> }>(null);
  state.current ??= { grid: null, observer: null, outside: new WeakSet() };
  const s = state.current;
  const ref = useCallback((el: HTMLElement | null) => {
    s.observer?.disconnect();
    s.observer = null;
    s.grid = el;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    s.observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) s.outside.delete(entry.target);
        else s.outside.add(entry.target);
      }
    });
    for (const cell of el.children) s.observer.observe(cell);
  }, [s]);
  return { ref, offScreen: (slot) => s.outside.has(s.grid?.children[slot] as Element) };
}
