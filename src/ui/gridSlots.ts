/**
 * What each of a grid's PAGE_SIZE slots shows. **Every slot kept:** a page with fewer items than PAGE_SIZE keeps
 * the other slots as invisible placeholders. The grid keeps its size, so the pager stays under the pointer from
 * page to page and the page does not jump as the result shrinks and grows while the player types; and a result
 * that grows again fills cells that exist instead of building new ones. (The other rule, on screen first, is the
 * cell writer's: src/ui/cellWriter.ts.)
 */
import { PAGE_SIZE } from '../domain/constants.ts';

/** A slot's content: the item it shows, or the item it last showed, kept invisible (`empty`). */
export interface Slot<T> {
  item: T;
  empty: boolean;
}

/**
 * The slots showing `items` (one page, at most PAGE_SIZE) when slot i last showed `last[i]` (updated here). The
 * same arguments give the same slots, so the cell writer and the render after it agree.
 */
export function slotsFor<T>(items: readonly T[], last: T[]): Slot<T>[] {
  const slots: Slot<T>[] = [];
  for (let slot = 0; slot < PAGE_SIZE; slot++) {
    const item: T | undefined = items[slot];
    const kept = item ?? last[slot] ?? items[0];
    if (kept === undefined) continue;
    last[slot] = kept;
    slots.push({ item: kept, empty: item === undefined });
  }
  return slots;
}
