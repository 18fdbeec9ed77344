import { describe, expect, it } from 'vitest';
import { applyFilter, EMPTY_FILTER, type FilterState, type SortDirection } from '../../src/domain/filters.ts';
import type { Item } from '../../src/domain/item.ts';
import { SearchIndex } from '../../src/domain/searchIndex.ts';

const item = (id: number, name: string, price: number, type = 'covert'): Item => ({ id, name, price, type, image: '', type_prize: 0 });

const ITEMS: Item[] = [
  item(1, 'AK-47 | Redline (Field-Tested)', 12.5, 'classified'),
  item(2, 'StatTrak™ AK-47 | Redline (Minimal Wear)', 40.01, 'classified'),
  item(3, 'AWP | Asiimov (Battle-Scarred)', 55, 'covert'),
  item(4, 'Glock-18 | Water Elemental', 3.2, 'restricted'),
  item(5, 'ak-47 | case hardened', 12.5, 'classified'),
  item(6, '120 Levels Battle Pass', 9.99, 'Rare'),
  item(7, '3000 Levels Battle Pass', 99, 'Arcana'),
  item(8, '3001 Levels Battle Pass', 100, 'Arcana'),
  item(9, 'M4A1-S | Hyper Beast', 0.01, 'covert'),
  item(10, 'Souvenir AWP | Dragon Lore', 12.5, 'covert'),
];

const f = (over: Partial<FilterState>): FilterState => ({ ...EMPTY_FILTER, ...over });
const ids = (items: readonly Item[]) => items.map((i) => i.id);

describe('SearchIndex.filter gives the lists of applyFilter (the rules of filters.ts)', () => {
  const cases: Array<[string, FilterState, SortDirection, number | null, number[]]> = [
    ['no filter, ascending: by price, ties by id', EMPTY_FILTER, 'asc', null, [9, 4, 6, 1, 5, 10, 2, 3, 7, 8]],
    ['no filter, descending: ties still by id', EMPTY_FILTER, 'desc', null, [8, 7, 3, 2, 1, 5, 10, 6, 4, 9]],
    ['search is case-insensitive on the name', f({ text: 'aK-47' }), 'asc', null, [1, 5, 2]],
    ['search matches inside the name', f({ text: 'redline' }), 'asc', null, [1, 2]],
    ['search with no match', f({ text: 'zeus' }), 'asc', null, []],
    ['min price keeps items at or above it', f({ minPrice: 12.5 }), 'asc', null, [1, 5, 10, 2, 3, 7, 8]],
    ['max price keeps items at or below it', f({ maxPrice: 9.99 }), 'asc', null, [9, 4, 6]],
    ['min and max together', f({ minPrice: 3.2, maxPrice: 40.01 }), 'asc', null, [4, 6, 1, 5, 10, 2]],
    ['rarity is a comma-separated list', f({ rarity: 'covert, restricted' }), 'asc', null, [9, 4, 10, 3]],
    ['BP mode keeps level items up to max levels', EMPTY_FILTER, 'asc', 3000, [6, 7]],
    ['BP mode with a low cap', EMPTY_FILTER, 'asc', 120, [6]],
    ['every rule at once', f({ text: 'LEVELS', minPrice: 10, rarity: 'Arcana' }), 'desc', 3000, [7]],
  ];

  it.each(cases)('%s', (_, filter, sort, levels, expected) => {
    const index = new SearchIndex(ITEMS, sort);
    expect(ids(index.filter(filter, levels))).toEqual(expected);
    expect(ids(index.filter(filter, levels))).toEqual(ids(applyFilter(ITEMS, filter, sort, levels)));
  });
});

describe('SearchIndex narrowing and recent results', () => {
  // Keystrokes in order: typing narrows the previous result; backspace and a changed bound must not reuse a
  // result they are not a subset of.
  const sequence: FilterState[] = [
    f({ text: 'a' }), f({ text: 'aw' }), f({ text: 'awp' }), f({ text: 'awp ' }), f({ text: 'awp' }), f({ text: 'aw' }),
    f({ text: 'a' }), f({ text: '' }), f({ text: 'ak' }), f({ text: 'ak', minPrice: 13 }), f({ text: 'ak-', minPrice: 13 }),
    f({ text: 'ak-' }), f({ text: 'k' }), f({ text: 'K-47 |' }), f({ text: 'STATTRAK' }), f({ text: 'stattrak™ ' }),
  ];

  it('gives the same list as a fresh filter for each key of a typing session', () => {
    const index = new SearchIndex(ITEMS, 'asc');
    for (const filter of sequence) {
      expect(ids(index.filter(filter)), JSON.stringify(filter)).toEqual(ids(applyFilter(ITEMS, filter, 'asc')));
    }
  });

  it('keeps BP levels apart: a result under one cap is not reused under another', () => {
    const index = new SearchIndex(ITEMS, 'asc');
    expect(ids(index.filter(f({ text: 'levels' }), 120))).toEqual([6]);
    expect(ids(index.filter(f({ text: 'levels' }), 3000))).toEqual([6, 7]);
    expect(ids(index.filter(f({ text: 'levels' }), null))).toEqual([6, 7, 8]);
  });

  it('answers a filter seen a moment ago with the same list (backspace does not rescan)', () => {
    const index = new SearchIndex(ITEMS, 'asc');
    const first = index.filter(f({ text: 'aw' }));
    index.filter(f({ text: 'awp' }));
    expect(index.filter(f({ text: 'aw' }))).toBe(first);
  });

  it('stays right over a long session past its memory of recent filters', () => {
    const index = new SearchIndex(ITEMS, 'desc');
    for (let round = 0; round < 3; round++) {
      for (let p = 0; p <= 60; p++) {
        const filter = f({ text: p % 7 === 0 ? 'a' : '', minPrice: p % 11 });
        expect(ids(index.filter(filter))).toEqual(ids(applyFilter(ITEMS, filter, 'desc')));
      }
    }
  });
});
