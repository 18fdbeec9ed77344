/**
 * The filter rules written the plain way, item by item: the oracle SearchIndex's lists are checked against
 * (searchIndex.test.ts). Test code only: the page filters through SearchIndex alone.
 */
import {
  foldSearch,
  levelCount,
  raritySet,
  searchWords,
  type FilterState,
  type SortDirection,
} from '../../src/domain/filters.ts';
import type { Item } from '../../src/domain/item.ts';
import { toMinor } from '../../src/domain/money.ts';

/**
 * Whether a folded name matches the folded words of a search: every word appears in it, in any order ('AK-47
 * Redline' and 'redline ak' both find 'AK-47 | Redline (Field-Tested)'). A one-word search is a substring search.
 */
function matchesWords(foldedName: string, words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) if (!foldedName.includes(words[i])) return false;
  return true;
}

/** Whether an item passes a side's filter: name search (foldSearch, matchesWords), price bounds, rarity list. */
function matchesFilter(
  item: Item,
  f: FilterState,
  rarities = raritySet(f.rarity),
  words = searchWords(f.text),
): boolean {
  if (words.length && !matchesWords(foldSearch(item.name), words)) return false;
  const p = toMinor(item.price);
  if (f.minPrice != null && p < toMinor(f.minPrice)) return false;
  if (f.maxPrice != null && p > toMinor(f.maxPrice)) return false;
  if (rarities.size && !rarities.has(item.type)) return false;
  return true;
}

/** BP mode: keep battle-pass level items whose level count is at most maxLevels. */
function matchesLevels(item: Item, maxLevels: number): boolean {
  const n = levelCount(item.name);
  return n != null && n <= maxLevels;
}

/** Filters and sorts a list by price (ties by id, so pages are stable). */
export function applyFilter<T extends Item>(
  items: readonly T[],
  f: FilterState,
  sort: SortDirection,
  bpMaxLevels: number | null = null,
): T[] {
  const rarities = raritySet(f.rarity);
  const words = searchWords(f.text);
  const out = items.filter(
    (i) => matchesFilter(i, f, rarities, words) && (bpMaxLevels == null || matchesLevels(i, bpMaxLevels)),
  );
  const dir = sort === 'asc' ? 1 : -1;
  return out.sort((a, b) => (toMinor(a.price) - toMinor(b.price)) * dir || a.id - b.id);
}
