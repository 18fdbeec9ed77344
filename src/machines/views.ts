/**
 * The lists the page shows, derived from the context: filtered, sorted, paged. Each list keeps its SearchIndex per
 * sort direction beside it (a WeakMap on the list), so two pages or server renders never share one.
 */
import { PAGE_SIZE } from '../domain/constants.ts';
import { pageCount, type SortDirection } from '../domain/filters.ts';
import type { Item } from '../domain/item.ts';
import { toMinor } from '../domain/money.ts';
import { SearchIndex, type SearchResult } from '../domain/searchIndex.ts';
import type { PageContext, TargetView } from './context.ts';

const indexes = new WeakMap<readonly Item[], Partial<Record<SortDirection, SearchIndex<Item>>>>();
const byIds = new WeakMap<readonly Item[], ReadonlyMap<number, Item>>();

/** A list's search index in one sort direction (built on first use). */
function indexOf(items: readonly Item[], sort: SortDirection): SearchIndex<Item> {
  let both = indexes.get(items);
  if (!both) indexes.set(items, (both = {}));
  return (both[sort] ??= new SearchIndex(items, sort));
}

/** A list's items by id (built on first use). */
function byId(items: readonly Item[]): ReadonlyMap<number, Item> {
  let map = byIds.get(items);
  if (!map) byIds.set(items, (map = new Map(items.map((i) => [i.id, i]))));
  return map;
}

/** The max levels BP mode filters by (null when BP mode is off). */
export function bpLevels(right: TargetView): number | null {
  if (!right.bp) return null;
  return Math.min(right.maxLevels ?? right.levelsCap, right.levelsCap);
}

/** The player's items as the left side shows them (all pages), as a count and items looked up on demand. */
export function leftResult(ctx: { inventory: readonly Item[]; left: PageContext['left'] }): SearchResult<Item> {
  return indexOf(ctx.inventory, ctx.left.sort).filter(ctx.left.filter, null);
}

/** The targets as the right side shows them (all pages), as a count and items looked up on demand. */
export function rightResult(ctx: { uitems: readonly Item[]; right: TargetView }): SearchResult<Item> {
  return indexOf(ctx.uitems, ctx.right.sort).filter(ctx.right.filter, bpLevels(ctx.right));
}

/** The player's items as the left side shows them (all pages). */
export function leftList(ctx: { inventory: readonly Item[]; left: PageContext['left'] }): Item[] {
  return leftResult(ctx).items();
}

/** The targets as the right side shows them (all pages). */
export function rightList(ctx: { uitems: readonly Item[]; right: TargetView }): Item[] {
  return rightResult(ctx).items();
}

/**
 * Folds a list's names for the search ahead of the first key press, a slice at a time while `more()` says so (an
 * idle callback's deadline). True once done.
 */
export function prepareSearch(items: readonly Item[], sort: SortDirection, more: () => boolean): boolean {
  return indexOf(items, sort).prepare(more);
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

/** The staked items, in the order they were picked. */
export function stakedItems(ctx: Pick<PageContext, 'inventory' | 'staked'>): Item[] {
  const items = byId(ctx.inventory);
  return ctx.staked.flatMap((id) => items.get(id) ?? []);
}

/** Total staked price in minor units. */
export function stakeMinor(ctx: { inventory: readonly Item[]; staked: readonly number[] }): number {
  const items = byId(ctx.inventory);
  let total = 0;
  for (const id of ctx.staked) total += toMinor(items.get(id)?.price ?? 0);
  return total;
}

/**
 * The whole stake in minor units: the staked items plus the balance part when the balance covers it. An amount
 * typed above the balance stakes nothing (Play names the short balance), so no figure counts it as staked.
 */
export function totalStakeMinor(ctx: {
  inventory: readonly Item[];
  staked: readonly number[];
  balanceStake: number;
  user: Pick<NonNullable<PageContext['user']>, 'balance'> | null;
}): number {
  return stakeMinor(ctx) + (ctx.balanceStake <= balanceMinor(ctx) ? ctx.balanceStake : 0);
}

/** The signed-in player's balance in minor units (0 when signed out). */
export function balanceMinor(ctx: { user: Pick<NonNullable<PageContext['user']>, 'balance'> | null }): number {
  return toMinor(ctx.user?.balance ?? 0);
}

/** The chosen target item, if it is in the catalogue. */
export function targetItem(ctx: { uitems: readonly Item[]; target: number | null }): Item | null {
  if (ctx.target == null) return null;
  return byId(ctx.uitems).get(ctx.target) ?? null;
}
