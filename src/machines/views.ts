/**
 * The lists the page shows, derived from the context: filtered, sorted, paged. Each side keeps a SearchIndex of
 * its list (sorted, names folded for the search; rebuilt only when the list or the sort changes) and the filter's
 * result is memoised on the identity of its inputs, so the statechart's actions and the components share one
 * computation and a key press in the search box over 20,000 targets scans folded names, narrowing the previous
 * result while the query grows. A result is a count and positions: the grid looks up only its page's 15 items.
 */
import { PAGE_SIZE } from '../domain/constants.ts';
import { pageCount, type FilterState, type SortDirection } from '../domain/filters.ts';
import type { Item } from '../domain/item.ts';
import { toMinor } from '../domain/money.ts';
import { SearchIndex, SearchResult, sameItems } from '../domain/searchIndex.ts';
import type { PageContext, TargetView } from './context.ts';
import type { Side } from './events.ts';

/** Remembers the last result per argument tuple (compared by identity). */
function memoLast<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let lastArgs: A | null = null;
  let last: R;
  return (...args: A) => {
    if (lastArgs && lastArgs.length === args.length && lastArgs.every((a, i) => Object.is(a, args[i]))) return last;
    last = fn(...args);
    lastArgs = args;
    return last;
  };
}

/**
 * Derives a value from a list, kept across reloads that bring the same items (after every game the catalogue
 * comes back unchanged): compared by identity first, then once field by field per new list.
 */
function keepAcrossReloads<R>(derive: (items: readonly Item[]) => R): (items: readonly Item[]) => R {
  let seen: readonly Item[] | null = null;
  let value: R;
  return (items) => {
    if (items !== seen) {
      if (seen === null || !sameItems(seen, items)) value = derive(items);
      seen = items;
    }
    return value;
  };
}

/** Both sorts' indexes of a list: the sort, the folded names and the recent results survive a reload. */
function indexes(): (items: readonly Item[], sort: SortDirection) => SearchIndex<Item> {
  const of = keepAcrossReloads(() => ({
    asc: null as SearchIndex<Item> | null,
    desc: null as SearchIndex<Item> | null,
  }));
  return (items, sort) => {
    const both = of(items);
    return (both[sort] ??= new SearchIndex(items, sort));
  };
}

const leftIndex = indexes();
const rightIndex = indexes();
const catalogue = keepAcrossReloads((items) => new Map(items.map((i) => [i.id, i])));

function filtered(index: SearchIndex<Item>, filter: FilterState, levels: number | null): SearchResult<Item> {
  return index.filter(filter, levels);
}

const filteredLeft = memoLast(filtered);
const filteredRight = memoLast(filtered);

/** The max levels BP mode filters by (null when BP mode is off). */
export function bpLevels(right: TargetView): number | null {
  if (!right.bp) return null;
  return Math.min(right.maxLevels ?? right.levelsCap, right.levelsCap);
}

/** The player's items as the left side shows them (all pages), as a count and items looked up on demand. */
export function leftResult(ctx: Pick<PageContext, 'inventory' | 'left'>): SearchResult<Item> {
  return filteredLeft(leftIndex(ctx.inventory, ctx.left.sort), ctx.left.filter, null);
}

/** The targets as the right side shows them (all pages), as a count and items looked up on demand. */
export function rightResult(ctx: Pick<PageContext, 'uitems' | 'right'>): SearchResult<Item> {
  return filteredRight(rightIndex(ctx.uitems, ctx.right.sort), ctx.right.filter, bpLevels(ctx.right));
}

/** The player's items as the left side shows them (all pages). */
export function leftList(ctx: Pick<PageContext, 'inventory' | 'left'>): Item[] {
  return leftResult(ctx).items();
}

/** The targets as the right side shows them (all pages). */
export function rightList(ctx: Pick<PageContext, 'uitems' | 'right'>): Item[] {
  return rightResult(ctx).items();
}

/**
 * Folds a side's names for the search ahead of the first key press, a slice at a time while `more()` says so
 * (an idle callback's deadline). True once done.
 */
export function prepareSearch(items: readonly Item[], sort: SortDirection, side: Side, more: () => boolean): boolean {
  return (side === 'left' ? leftIndex : rightIndex)(items, sort).prepare(more);
}

/** One page of a list with its position. */
export interface PageSlice {
  items: Item[];
  page: number;
  pages: number;
  total: number;
}

/** A list or a search result: a length and slices. */
interface Listing {
  readonly length: number;
  slice(start: number, end: number): Item[];
}

/** The visible page of a list (the page index is clamped to the list); only its items are looked up. */
export function slicePage(list: Listing, page: number): PageSlice {
  const pages = pageCount(list.length, PAGE_SIZE);
  const p = Math.min(Math.max(0, page), pages - 1);
  return { items: list.slice(p * PAGE_SIZE, p * PAGE_SIZE + PAGE_SIZE), page: p, pages, total: list.length };
}

// Memoised: the stake summary's selector and the play guard ask for it on every snapshot, a key press included.
const stakeTotal = memoLast((inventory: readonly Item[], staked: readonly number[]): number => {
  const byId = new Map(inventory.map((i) => [i.id, i]));
  let total = 0;
  for (const id of staked) total += toMinor(byId.get(id)?.price ?? 0);
  return total;
});

// Memoised like the total: the play guard and the wheel ask for it on every snapshot.
const stakedList = memoLast((inventory: readonly Item[], staked: readonly number[]): Item[] => {
  const byId = new Map(inventory.map((i) => [i.id, i]));
  return staked.flatMap((id) => byId.get(id) ?? []);
});

/** The staked items, in the order they were picked. */
export function stakedItems(ctx: Pick<PageContext, 'inventory' | 'staked'>): Item[] {
  return stakedList(ctx.inventory, ctx.staked);
}

/** Total staked price in minor units. */
export function stakeMinor(ctx: Pick<PageContext, 'inventory' | 'staked'>): number {
  return stakeTotal(ctx.inventory, ctx.staked);
}

/** The chosen target item, if it is in the catalogue. */
export function targetItem(ctx: Pick<PageContext, 'uitems' | 'target'>): Item | null {
  if (ctx.target == null) return null;
  return catalogue(ctx.uitems).get(ctx.target) ?? null;
}

/** The first staked item (it sets the multiplier). */
export function firstStaked(ctx: Pick<PageContext, 'inventory' | 'staked'>): Item | null {
  if (ctx.staked.length === 0) return null;
  return ctx.inventory.find((i) => i.id === ctx.staked[0]) ?? null;
}
