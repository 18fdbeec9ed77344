/**
 * A list prepared once for filtering, so that a key press in a search box over 20,000 targets costs one
 * `includes` per candidate and nothing else: the list is sorted once per load and direction, names are
 * lower-cased once, prices converted to minor units once, level counts parsed once. Results are kept for the
 * last few filters, and a search that extends an earlier one (typing on) scans only that earlier result, while
 * a shorter one (backspace) is usually a filter seen a moment ago. The rules are those of filters.ts
 * (matchesFilter, matchesLevels); tests/domain/searchIndex.test.ts checks both give the same lists.
 */
import { levelCount, raritySet, type FilterState, type SortDirection } from './filters.ts';
import type { Item } from './item.ts';
import { toMinor } from './money.ts';

/** How many recent filter results an index keeps (typing a word and deleting it again fits). */
const RECENT = 48;

interface Recent {
  /** Everything but the search text, as a key: only results with the same bounds can be narrowed. */
  rest: string;
  text: string;
  /** Positions in the sorted list, ascending. */
  hits: Int32Array;
  items: unknown[];
}

/** Whether two lists hold the same items field by field (a reload that changed nothing). */
export function sameItems(a: readonly Item[], b: readonly Item[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.id !== y.id || x.price !== y.price || x.name !== y.name || x.type !== y.type || x.type_prize !== y.type_prize || x.image !== y.image) return false;
  }
  return true;
}

/** A list sorted by price (ties by id) with per-item search keys, and its recent filter results. */
export class SearchIndex<T extends Item> {
  /** The list in display order. */
  readonly sorted: readonly T[];
  private readonly names: string[];
  private readonly prices: Float64Array;
  private readonly types: string[];
  private levels: Array<number | null> | null = null;
  private readonly recent: Recent[] = [];

  constructor(items: readonly T[], sort: SortDirection) {
    const n = items.length;
    const prices = new Float64Array(n);
    for (let i = 0; i < n; i++) prices[i] = toMinor(items[i].price);
    const order = Array.from({ length: n }, (_, i) => i);
    const dir = sort === 'asc' ? 1 : -1;
    order.sort((a, b) => (prices[a] - prices[b]) * dir || items[a].id - items[b].id);
    this.sorted = order.map((i) => items[i]);
    this.prices = Float64Array.from(order, (i) => prices[i]);
    this.names = this.sorted.map((i) => i.name.toLowerCase());
    this.types = this.sorted.map((i) => i.type);
  }

  /** The items passing `f` (and BP mode's max levels when not null), in display order. */
  filter(f: FilterState, bpMaxLevels: number | null = null): T[] {
    const text = f.text.toLowerCase();
    const rest = `${f.minPrice}|${f.maxPrice}|${f.rarity}|${bpMaxLevels}`;
    let base: Recent | null = null;
    for (let i = 0; i < this.recent.length; i++) {
      const r = this.recent[i];
      if (r.rest !== rest || !text.includes(r.text)) continue;
      if (r.text === text) {
        // Most recent first, so the next lookups find it sooner.
        this.recent.splice(i, 1);
        this.recent.unshift(r);
        return r.items as T[];
      }
      if (!base || r.hits.length < base.hits.length) base = r;
    }
    const hits = base ? this.narrow(base.hits, text) : this.scan(f, text, bpMaxLevels);
    const items = Array.from(hits, (i) => this.sorted[i]);
    this.recent.unshift({ rest, text, hits, items });
    if (this.recent.length > RECENT) this.recent.pop();
    return items;
  }

  /** Positions among `from` whose name contains `text` (already lower-case). */
  private narrow(from: Int32Array, text: string): Int32Array {
    const out = new Int32Array(from.length);
    let n = 0;
    for (let k = 0; k < from.length; k++) {
      const i = from[k];
      if (this.names[i].includes(text)) out[n++] = i;
    }
    return out.slice(0, n);
  }

  /** One pass over the whole list with every rule of the filter. */
  private scan(f: FilterState, text: string, bpMaxLevels: number | null): Int32Array {
    const min = f.minPrice == null ? -Infinity : toMinor(f.minPrice);
    const max = f.maxPrice == null ? Infinity : toMinor(f.maxPrice);
    const rarities = raritySet(f.rarity);
    const levels = bpMaxLevels == null ? null : this.levelCounts();
    const out = new Int32Array(this.sorted.length);
    let n = 0;
    for (let i = 0; i < this.sorted.length; i++) {
      const p = this.prices[i];
      if (p < min || p > max) continue;
      if (rarities.size && !rarities.has(this.types[i])) continue;
      if (levels) {
        const l = levels[i];
        if (l == null || l > bpMaxLevels!) continue;
      }
      if (text && !this.names[i].includes(text)) continue;
      out[n++] = i;
    }
    return out.slice(0, n);
  }

  private levelCounts(): Array<number | null> {
    this.levels ??= this.sorted.map((i) => levelCount(i.name));
    return this.levels;
  }
}
