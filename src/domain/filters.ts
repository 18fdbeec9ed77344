/** The filters' rules: one side's filter state and how a search and a name are compared (SearchIndex applies them). */
import { PAGE_SIZE } from './constants.ts';

/** One side's filter state (spec: text, min_price, max_price, rarity; the right side adds max_levels). */
export interface FilterState {
  text: string;
  /** Major units; null = no bound. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Comma-separated list of types; empty = all. */
  rarity: string;
}

export const EMPTY_FILTER: FilterState = { text: '', minPrice: null, maxPrice: null, rarity: '' };

export type SortDirection = 'asc' | 'desc';

/** The level count a battle-pass item's name starts with ('120 Levels ...' -> 120), else null. */
export function levelCount(name: string): number | null {
  const m = /^(\d+)\s/.exec(name);
  return m ? Number(m[1]) : null;
}

/** Parses the comma-separated rarity filter into a set (empty = all). */
export function raritySet(rarity: string): Set<string> {
  return new Set(
    rarity
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** Printable ASCII that is neither a letter, a digit nor a space (ASCII's punctuation and symbols). */
const ASCII_MARKS = /[!-/:-@[-`{-~]+/g;
/** Accents and other combining marks (after NFD), punctuation and symbols such as ™, ★ and ♥. */
const MARKS = /[\p{M}\p{P}\p{S}]+/gu;

/**
 * A name or a search as the search compares them (spec 5: case-insensitive on the name): lower-case, with accents
 * taken off (Jörmungandr, Saibā) and punctuation and symbols dropped, so that what a player types on a keyboard
 * finds the item: 'stattrak karambit' finds '★ StatTrak™ Karambit', 'jormungandr' finds 'Jörmungandr', 'ak47' finds
 * 'AK-47'. Letters of any script, digits and spaces stay. Folding only ever drops or lowers characters, one by one, so every name an
 * unfolded search would match is still matched.
 */
export function foldSearch(text: string): string {
  const lower = text.toLowerCase();
  // Most names are ASCII: one cheap pass instead of a Unicode normalisation (20,000 names are folded per list).
  if (!/[^\x00-\x7f]/.test(lower)) return lower.replace(ASCII_MARKS, '');
  return lower.normalize('NFD').replace(MARKS, '');
}

/**
 * The words of a folded text, split on whitespace: a search's words, and a name's words in the search index, which
 * relies on a search word never holding what separates a name's words.
 */
export function foldedWords(folded: string): string[] {
  return folded.split(/\s+/).filter((w) => w !== '');
}

/** The words of a search, folded (foldSearch); none for an empty or blank search, which matches every name. */
export function searchWords(text: string): string[] {
  return foldedWords(foldSearch(text));
}

/** Number of pages for a list (at least 1). */
export function pageCount(length: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(length / size));
}
