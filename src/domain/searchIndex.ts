/**
 * A list sorted and folded once so a key press over 20,000 targets checks distinct words, not names
 * (docs/decisions/search-index.md). A search word has no space, so a name holds it iff one of its words does.
 */
import {
  foldedWords,
  foldSearch,
  levelCount,
  raritySet,
  searchWords,
  type FilterState,
  type SortDirection,
} from './filters.ts';
import type { Item } from './item.ts';
import { toMinor } from './money.ts';

/** Recent filter results kept: typing a word and deleting it again fits. */
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
  /** Everything but the search text: only results with the same bounds can be narrowed. */
  rest: string;
  /** Folded words joined by a space ('stattrak ak' and 'StatTrak AK-' are one search). */
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
    if (
      x.id !== y.id ||
      x.price !== y.price ||
      x.name !== y.name ||
      x.type !== y.type ||
      x.type_prize !== y.type_prize ||
      x.image !== y.image
    )
      return false;
  }
  return true;
}

/** Whether every name matching `words` also matches `earlier`, so the earlier result can be narrowed. */
function implies(words: readonly string[], earlier: readonly string[]): boolean {
  return earlier.every((e) => words.some((w) => w.includes(e)));
}

/** A list sorted by price (ties by id) with per-item search keys, and its recent filter results. */
export class SearchIndex<T extends Item> {
  readonly sorted: readonly T[];
  /** How many names `prepare` has added to the word index. */
  private foldedCount = 0;
  private readonly words: string[] = [];
  private readonly wordIds = new Map<string, number>();
  /** Per word id, the positions of the names holding it, ascending. */
  private readonly postings: number[][] = [];
  /** `marks[i] === mark` when position i holds the word being matched. */
  private marks: Uint32Array | null = null;
  private mark = 0;
  private every: Int32Array | null = null;
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
  }

  /** Indexes the names a slice at a time while `more()` (an idle deadline) allows; true once all are in. */
  prepare(more: () => boolean = () => true): boolean {
    const n = this.sorted.length;
    while (this.foldedCount < n) {
      // Small slices: a key press arriving meanwhile waits for at most one.
      const start = this.foldedCount;
      const end = Math.min(n, start + 8);
      for (let i = start; i < end; i++) this.addName(i, foldSearch(this.sorted[i].name));
      this.foldedCount = end;
      if (end === n) {
        // Warm the key press's loops so the JIT has compiled them before the first key.
        this.narrowWord(this.everyPosition(), 'a');
      }
      if (end < n && !more()) return false;
    }
    return true;
  }

  private addName(i: number, folded: string): void {
    for (const word of foldedWords(folded)) {
      let id = this.wordIds.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.wordIds.set(word, id);
        this.words.push(word);
        this.postings.push([]);
      }
      const at = this.postings[id];
      if (at[at.length - 1] !== i) at.push(i);
    }
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
        this.recent.splice(i, 1);
        this.recent.unshift(r);
        return r.result;
      }
      if (implies(words, r.words) && (!base || r.result.length < base.result.length)) base = r;
    }
    if (words.length) this.prepare();
    // Check only words the earlier result does not already ensure ('ak' after 'stattrak' holds for all of it).
    const hits = base
      ? this.narrow(
          base.result.hits,
          words.filter((w) => !base.words.some((e) => e.includes(w))),
        )
      : this.scan(f, words, bpMaxLevels);
    const result = new SearchResult(this.sorted, hits);
    this.recent.unshift({ rest, key, words, result });
    if (this.recent.length > RECENT) this.recent.pop();
    return result;
  }

  /** Positions among `from` whose folded name holds every word (`from` itself when there is none to check). */
  private narrow(from: Int32Array, words: readonly string[]): Int32Array {
    let out = from;
    for (const word of words) out = this.narrowWord(out, word);
    return out;
  }

  /** Positions among `from` whose folded name holds `word`, as a new array. */
  private narrowWord(from: Int32Array, word: string): Int32Array {
    const marks = (this.marks ??= new Uint32Array(this.sorted.length));
    // Marks wrap after 2^32 - 1 searches; clear them so a stale mark never matches.
    if (this.mark === 0xffffffff) marks.fill((this.mark = 0));
    const mark = ++this.mark;
    for (let id = 0; id < this.words.length; id++) {
      if (this.words[id].includes(word)) for (const i of this.postings[id]) marks[i] = mark;
    }
    const out = this.buffer();
    let n = 0;
    for (let k = 0; k < from.length; k++) if (marks[from[k]] === mark) out[n++] = from[k];
    return out.slice(0, n);
  }

  private everyPosition(): Int32Array {
    return (this.every ??= Int32Array.from(this.sorted, (_, i) => i));
  }

  /** Scratch shared by every filter; a result keeps only its own sliced copy. */
  private buffer(): Int32Array {
    this.scratch ??= new Int32Array(this.sorted.length);
    return this.scratch;
  }

  private scan(f: FilterState, words: readonly string[], bpMaxLevels: number | null): Int32Array {
    const min = f.minPrice == null ? -Infinity : toMinor(f.minPrice);
    const max = f.maxPrice == null ? Infinity : toMinor(f.maxPrice);
    const rarities = raritySet(f.rarity);
    const levels = bpMaxLevels == null ? null : this.levelCounts();
    const named = words.length ? this.narrow(this.everyPosition(), words) : null;
    const count = named ? named.length : this.sorted.length;
    const out = this.buffer();
    let n = 0;
    for (let k = 0; k < count; k++) {
      const i = named ? named[k] : k;
      const p = this.prices[i];
      if (p < min || p > max) continue;
      if (rarities.size && !rarities.has(this.types[i])) continue;
      if (levels) {
        const l = levels[i];
        if (l == null || l > bpMaxLevels!) continue;
      }
      out[n++] = i;
    }
    return out.slice(0, n);
  }

  private levelCounts(): Array<number | null> {
    this.levels ??= this.sorted.map((i) => levelCount(i.name));
    return this.levels;
  }
}
