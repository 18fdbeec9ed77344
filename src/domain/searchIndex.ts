/**
 * A list prepared once for filtering, so that a key press in a search box over 20,000 targets costs one
 * `includes` per candidate and word and nothing else: the list is sorted once per load and direction, prices
 * converted to minor units once, level counts parsed once, names folded for the search once (foldSearch; in idle
 * time when the page calls `prepare`, else on the first search). A filter's result is the positions of its items
 * in the sorted list; the items themselves are only looked up for the page on show (or the whole list when asked
 * for). Results are kept for the last few filters, and a search that implies an earlier one (typing on) scans
 * only that earlier result, while a shorter one (backspace) is usually a filter seen a moment ago. The rules are
 * those of filters.ts (matchesFilter, matchesLevels); tests/domain/searchIndex.test.ts checks both give the same
 * lists.
 */
import { foldSearch, levelCount, matchesWords, raritySet, searchWords, type FilterState, type SortDirection } from './filters.ts';
import type { Item } from './item.ts';
import { toMinor } from './money.ts';

/** How many recent filter results an index keeps (typing a word and deleting it again fits). */
const RECENT = 48;

/** The items passing one filter, in display order: a count, and the items looked up only when asked for. */
export class SearchResult<T> {
  private all: T[] | null = null;

  constructor(
    private readonly sorted: readonly T[],
    /** Positions in the sorted list, ascending. */
    readonly hits: Int32Array,
  ) {}

  /** How many items pass. */
  get length(): number {
    return this.hits.length;
  }

  /** The passing items from `start` up to (not including) `end`, as Array.prototype.slice counts. */
  slice(start: number, end = this.hits.length): T[] {
    const from = Math.max(0, Math.min(start, this.hits.length));
    const to = Math.max(from, Math.min(end, this.hits.length));
    const out = new Array<T>(to - from);
    for (let k = from; k < to; k++) out[k - from] = this.sorted[this.hits[k]];
    return out;
  }

  /** Every passing item (built once, on demand). */
  items(): T[] {
    this.all ??= this.slice(0);
    return this.all;
  }
}

interface Recent<T> {
  /** Everything but the search text, as a key: only results with the same bounds can be narrowed. */
  rest: string;
  /** The search's folded words joined by a space ('stattrak ak' and 'StatTrak AK-' are one search). */
  key: string;
  words: string[];
  result: SearchResult<T>;
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

/**
 * Whether every name matching `words` also matches `earlier`: each earlier word lies inside one of the new words
 * (typing on extends the last word or adds words), so an earlier result can be narrowed instead of rescanning.
 */
function implies(words: readonly string[], earlier: readonly string[]): boolean {
  return earlier.every((e) => words.some((w) => w.includes(e)));
}

/**
 * Writes to `out` from `n` on the positions among from[start..end) whose folded name holds `word`; returns the
 * new count. `out` may be `from` itself with n <= start (it never writes ahead of what it reads).
 */
function collect(names: readonly string[], from: Int32Array, start: number, end: number, word: string, out: Int32Array, n: number): number {
  for (let k = start; k < end; k++) {
    const i = from[k];
    if (names[i].includes(word)) out[n++] = i;
  }
  return n;
}

/** A list sorted by price (ties by id) with per-item search keys, and its recent filter results. */
export class SearchIndex<T extends Item> {
  /** The list in display order. */
  readonly sorted: readonly T[];
  /** Folded names (foldSearch) in display order, filled up to `foldedCount` by `prepare`. */
  private readonly names: string[];
  private foldedCount = 0;
  private readonly prices: Float64Array;
  private readonly types: string[];
  private levels: Array<number | null> | null = null;
  private scratch: Int32Array | null = null;
  private readonly recent: Array<Recent<T>> = [];

  constructor(items: readonly T[], sort: SortDirection) {
    const n = items.length;
    const prices = new Float64Array(n);
    for (let i = 0; i < n; i++) prices[i] = toMinor(items[i].price);
    const order = Array.from({ length: n }, (_, i) => i);
    const dir = sort === 'asc' ? 1 : -1;
    order.sort((a, b) => (prices[a] - prices[b]) * dir || items[a].id - items[b].id);
    this.sorted = order.map((i) => items[i]);
    this.prices = Float64Array.from(order, (i) => prices[i]);
    this.types = this.sorted.map((i) => i.type);
    this.names = new Array<string>(n);
  }

  /**
   * Folds the names for the search, a slice at a time while `more()` says so (an idle callback's deadline);
   * everything at once without it. True once every name is folded.
   */
  prepare(more: () => boolean = () => true): boolean {
    const n = this.sorted.length;
    while (this.foldedCount < n) {
      // Small slices: a key press that arrives meanwhile waits for at most one (a few names at 4x CPU throttling).
      const start = this.foldedCount;
      const end = Math.min(n, start + 8);
      const scratch = this.buffer();
      for (let i = start; i < end; i++) {
        this.names[i] = foldSearch(this.sorted[i].name);
        scratch[i] = i;
      }
      // The key press's loop, run here over the new names (into the scratch array): by the first key it is
      // compiled and optimised. Cold, its first run over 20,000 names took 25 to 50 ms of a 4x-throttled key.
      collect(this.names, scratch, start, end, 'a', scratch, start);
      this.foldedCount = end;
      if (end < n && !more()) return false;
    }
    return true;
  }

  /** The items passing `f` (and BP mode's max levels when not null), in display order. */
  filter(f: FilterState, bpMaxLevels: number | null = null): SearchResult<T> {
    const words = searchWords(f.text);
    const key = words.join(' ');
    const rest = `${f.minPrice}|${f.maxPrice}|${f.rarity}|${bpMaxLevels}`;
    let base: Recent<T> | null = null;
    for (let i = 0; i < this.recent.length; i++) {
      const r = this.recent[i];
      if (r.rest !== rest) continue;
      if (r.key === key) {
        // Most recent first, so the next lookups find it sooner.
        this.recent.splice(i, 1);
        this.recent.unshift(r);
        return r.result;
      }
      if (implies(words, r.words) && (!base || r.result.length < base.result.length)) base = r;
    }
    if (words.length) this.prepare();
    // Narrowing checks only the words the earlier result does not already ensure: a word inside one of its words
    // ('a' or 'ak' after 'stattrak') holds for all of it, so 'stattrak ak' reuses the positions of 'stattrak'.
    const hits = base ? this.narrow(base.result.hits, words.filter((w) => !base.words.some((e) => e.includes(w)))) : this.scan(f, words, bpMaxLevels);
    const result = new SearchResult(this.sorted, hits);
    this.recent.unshift({ rest, key, words, result });
    if (this.recent.length > RECENT) this.recent.pop();
    return result;
  }

  /** Positions among `from` whose folded name holds every word (`from` itself when there is none to check). */
  private narrow(from: Int32Array, words: readonly string[]): Int32Array {
    if (!words.length) return from;
    const out = this.buffer();
    const names = this.names;
    let n = 0;
    if (words.length === 1) {
      // The usual key press: one word grows.
      n = collect(names, from, 0, from.length, words[0], out, 0);
    } else {
      for (let k = 0; k < from.length; k++) if (matchesWords(names[from[k]], words)) out[n++] = from[k];
    }
    return out.slice(0, n);
  }

  /** A scratch array as long as the list, reused by every filter (a result keeps only its own exact copy). */
  private buffer(): Int32Array {
    this.scratch ??= new Int32Array(this.sorted.length);
    return this.scratch;
  }

  /** One pass over the whole list with every rule of the filter. */
  private scan(f: FilterState, words: readonly string[], bpMaxLevels: number | null): Int32Array {
    const min = f.minPrice == null ? -Infinity : toMinor(f.minPrice);
    const max = f.maxPrice == null ? Infinity : toMinor(f.maxPrice);
    const rarities = raritySet(f.rarity);
    const levels = bpMaxLevels == null ? null : this.levelCounts();
    const out = this.buffer();
    let n = 0;
    for (let i = 0; i < this.sorted.length; i++) {
      const p = this.prices[i];
      if (p < min || p > max) continue;
      if (rarities.size && !rarities.has(this.types[i])) continue;
      if (levels) {
        const l = levels[i];
        if (l == null || l > bpMaxLevels!) continue;
      }
      if (words.length && !matchesWords(this.names[i], words)) continue;
      out[n++] = i;
    }
    return out.slice(0, n);
  }

  private levelCounts(): Array<number | null> {
    this.levels ??= this.sorted.map((i) => levelCount(i.name));
    return this.levels;
  }
}
