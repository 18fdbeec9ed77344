/** The filters' rules: one side's filter state and how a search and a name are compared (SearchIndex applies them). */
import { PAGE_SIZE } from './constants.ts';

/** One side's filter state. */
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

/** The comma-separated rarity filter as a set (empty = all). */
export function raritySet(rarity: string): Set<string> {
  return new Set(
    rarity
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** ASCII punctuation and symbols. */
const ASCII_MARKS = /[!-/:-@[-`{-~]+/g;
/** Combining marks (after NFD), punctuation and symbols such as ™ and ★. */
const MARKS = /[\p{M}\p{P}\p{S}]+/gu;

/**
 * Lower-case without accents, punctuation or symbols, so what a keyboard types finds the item ('ak47' finds
 * 'AK-47', 'jormungandr' finds 'Jörmungandr'). It only drops or lowers characters, so no match is lost.
 */
export function foldSearch(text: string): string {
  const lower = text.toLowerCase();
  // Most names are ASCII: skip the Unicode normalisation for them.
  if (!/[^\x00-\x7f]/.test(lower)) return lower.replace(ASCII_MARKS, '');
  return lower.normalize('NFD').replace(MARKS, '');
}

/** The words of a folded text; the search index relies on a word never holding whitespace. */
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
