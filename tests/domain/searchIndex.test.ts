import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../server/catalogue/generate.ts';
import {
  EMPTY_FILTER,
  foldSearch,
  searchWords,
  type FilterState,
  type SortDirection,
} from '../../src/domain/filters.ts';
import type { Item } from '../../src/domain/item.ts';
import { SearchIndex } from '../../src/domain/searchIndex.ts';
import { applyFilter } from './filterOracle.ts';

const item = (id: number, name: string, price: number, type = 'covert'): Item => ({
  id,
  name,
  price,
  type,
  image: '',
  type_prize: 0,
});

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
  item(11, '★ StatTrak™ Karambit | Fade (Factory New)', 900, 'covert'),
  item(12, 'AUG | Flame Jörmungandr (Field-Tested)', 7, 'covert'),
  item(13, 'M4A4 | 龍王 (Dragon King) (Minimal Wear)', 4, 'covert'),
  item(14, 'MAC-10 | Saibā Oni (Minimal Wear)', 2, 'restricted'),
];

const f = (over: Partial<FilterState>): FilterState => ({ ...EMPTY_FILTER, ...over });
const ids = (items: { slice(start: number): Item[] }) => items.slice(0).map((i) => i.id);

describe('SearchIndex.filter gives the lists of the item-by-item oracle (filterOracle.ts)', () => {
  const cases: Array<[string, FilterState, SortDirection, number | null, number[]]> = [
    [
      'no filter, ascending: by price, ties by id',
      EMPTY_FILTER,
      'asc',
      null,
      [9, 14, 4, 13, 12, 6, 1, 5, 10, 2, 3, 7, 8, 11],
    ],
    [
      'no filter, descending: ties still by id',
      EMPTY_FILTER,
      'desc',
      null,
      [11, 8, 7, 3, 2, 1, 5, 10, 6, 12, 13, 4, 14, 9],
    ],
    ['search is case-insensitive on the name', f({ text: 'aK-47' }), 'asc', null, [1, 5, 2]],
    ['search matches inside the name', f({ text: 'redline' }), 'asc', null, [1, 2]],
    ['search with no match', f({ text: 'zeus' }), 'asc', null, []],
    ['marks a player cannot type are ignored: StatTrak™ and ★', f({ text: 'StatTrak Karambit' }), 'asc', null, [11]],
    ['typing the marks still finds the name', f({ text: '★ StatTrak™ Karambit' }), 'asc', null, [11]],
    ['words need not be next to each other: no "|" needed', f({ text: 'StatTrak AK-47 Redline' }), 'asc', null, [2]],
    ['words match in any order', f({ text: 'redline ak' }), 'desc', null, [2, 1]],
    ['every word must be in the name', f({ text: 'ak-47 dragon' }), 'asc', null, []],
    ['punctuation is ignored on both sides', f({ text: 'ak47 fieldtested' }), 'asc', null, [1]],
    ['accents are ignored', f({ text: 'jormungandr' }), 'asc', null, [12]],
    ['an accented search finds the plain name too', f({ text: 'Dragön' }), 'asc', null, [13, 10]],
    ['other scripts are searched as they are', f({ text: '龍王' }), 'asc', null, [13]],
    ['a blank search is no search', f({ text: '   ' }), 'asc', null, [9, 14, 4, 13, 12, 6, 1, 5, 10, 2, 3, 7, 8, 11]],
    ['min price keeps items at or above it', f({ minPrice: 12.5 }), 'asc', null, [1, 5, 10, 2, 3, 7, 8, 11]],
    ['max price keeps items at or below it', f({ maxPrice: 9.99 }), 'asc', null, [9, 14, 4, 13, 12, 6]],
    ['min and max together', f({ minPrice: 3.2, maxPrice: 40.01 }), 'asc', null, [4, 13, 12, 6, 1, 5, 10, 2]],
    [
      'rarity is a comma-separated list',
      f({ rarity: 'covert, restricted' }),
      'asc',
      null,
      [9, 14, 4, 13, 12, 10, 3, 11],
    ],
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

describe('search folding (what a player can type finds the name)', () => {
  it.each([
    ['StatTrak™ AK-47 | Redline (Field-Tested)', 'stattrak ak47  redline fieldtested'],
    ['★ Karambit | Fade', ' karambit  fade'],
    ['AUG | Flame Jörmungandr', 'aug  flame jormungandr'],
    ['MAC-10 | Saibā Oni', 'mac10  saiba oni'],
    ['Sticker | I ♥ CS', 'sticker  i  cs'],
    ['M4A4 | 龍王 (Dragon King)', 'm4a4  龍王 dragon king'],
    ["Chantico's Fire", 'chanticos fire'],
    ['120 Levels Battle Pass', '120 levels battle pass'],
  ])('%s -> %j', (name, folded) => {
    expect(foldSearch(name)).toBe(folded);
  });

  it.each([
    ['StatTrak AK-47 Redline', ['stattrak', 'ak47', 'redline']],
    ['  ak   | red ', ['ak', 'red']],
    ['™ ★', []],
    ['', []],
  ])('the words of %j', (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });
});

describe('SearchIndex narrowing and recent results', () => {
  // Keystrokes in order: typing narrows the previous result; backspace and a changed bound must not reuse a
  // result they are not a subset of.
  const sequence: FilterState[] = [
    f({ text: 'a' }),
    f({ text: 'aw' }),
    f({ text: 'awp' }),
    f({ text: 'awp ' }),
    f({ text: 'awp' }),
    f({ text: 'aw' }),
    f({ text: 'a' }),
    f({ text: '' }),
    f({ text: 'ak' }),
    f({ text: 'ak', minPrice: 13 }),
    f({ text: 'ak-', minPrice: 13 }),
    f({ text: 'ak-' }),
    f({ text: 'k' }),
    f({ text: 'K-47 |' }),
    f({ text: 'STATTRAK' }),
    f({ text: 'stattrak™ ' }),
    // Words: a new word, a word that grows, a word that splits in two, a word dropped by backspace, marks typed.
    f({ text: 'stattrak a' }),
    f({ text: 'stattrak ak-4' }),
    f({ text: 'stattrak ak-47 r' }),
    f({ text: 'stattrak ak-47 red' }),
    f({ text: 'stattrak ak-47 re' }),
    f({ text: 'stattrak ak-47 ' }),
    f({ text: 'stattrak ak-4' }),
    f({ text: 'statt rak' }),
    f({ text: 'ak redline' }),
    f({ text: 'ak red line' }),
    f({ text: 'ak redlin' }),
    f({ text: 'red ak' }),
    f({ text: 'red' }),
    f({ text: '★' }),
    f({ text: '★ s' }),
    f({ text: 'fade ★ s' }),
    f({ text: 'dragon' }),
    f({ text: 'dragon ki' }),
    f({ text: 'dragonki' }),
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

  it('narrows by the new words only: a word inside an earlier word reuses the earlier positions as they are', () => {
    const index = new SearchIndex(ITEMS, 'asc');
    const earlier = index.filter(f({ text: 'stattrak' }));
    expect(index.filter(f({ text: 'stattrak a' })).hits).toBe(earlier.hits);
    expect(index.filter(f({ text: 'ak stattrak' })).hits).toBe(earlier.hits);
    expect(ids(index.filter(f({ text: 'stattrak ak-47' })))).toEqual([2]);
    expect(ids(index.filter(f({ text: 'tat ak-47' })))).toEqual(
      ids(applyFilter(ITEMS, f({ text: 'tat ak-47' }), 'asc')),
    );
  });

  it('keeps each result apart from the next filters (results never share the scratch positions)', () => {
    const index = new SearchIndex(ITEMS, 'desc');
    const results = sequence.map((filter) => [filter, index.filter(filter)] as const);
    for (const [filter, result] of results)
      expect(ids(result), JSON.stringify(filter)).toEqual(ids(applyFilter(ITEMS, filter, 'desc')));
  });

  it('takes searches that fold to the same words as one search', () => {
    const index = new SearchIndex(ITEMS, 'asc');
    const first = index.filter(f({ text: 'StatTrak AK' }));
    expect(index.filter(f({ text: 'stattrak™  ak-' }))).toBe(first);
  });

  it('gives the same lists whether its names were folded ahead (prepare) or by the first search', () => {
    const ahead = new SearchIndex(ITEMS, 'asc');
    let calls = 0;
    while (!ahead.prepare(() => ++calls % 2 === 0));
    const lazy = new SearchIndex(ITEMS, 'asc');
    for (const filter of sequence) expect(ids(ahead.filter(filter))).toEqual(ids(lazy.filter(filter)));
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

describe('SearchIndex word index (a search word is found through the words of the names)', () => {
  it('a name holding a word twice is listed once, and a word inside a longer word matches', () => {
    const items = [
      item(1, 'Fade Fade | Fade', 1),
      item(2, 'Marble Fade', 2),
      item(3, 'Faded Zebra', 3),
      item(4, 'Zebra', 4),
    ];
    const index = new SearchIndex(items, 'asc');
    expect(ids(index.filter(f({ text: 'fade' })))).toEqual([1, 2, 3]);
    expect(ids(index.filter(f({ text: 'ade' })))).toEqual([1, 2, 3]);
    expect(ids(index.filter(f({ text: 'zebra fad' })))).toEqual([3]);
  });

  it('stays right when its marks run out and start over', () => {
    const index = new SearchIndex(ITEMS, 'asc');
    // The marks are 32-bit: start just below the last one, so the next searches cross the wrap.
    (index as unknown as { mark: number }).mark = 0xfffffffe;
    for (const text of ['ak', 'awp', 'red', 'dragon', 'fade'])
      expect(ids(index.filter(f({ text })))).toEqual(ids(applyFilter(ITEMS, f({ text }), 'asc')));
  });

  it('a search word never spans two words of a name ("k 4" is the words "k" and "4")', () => {
    const items = [item(1, 'AK 47', 1), item(2, 'AK47', 2), item(3, 'K', 3)];
    const index = new SearchIndex(items, 'asc');
    expect(ids(index.filter(f({ text: 'k 4' })))).toEqual([1, 2]);
    expect(ids(index.filter(f({ text: 'k4' })))).toEqual([2]);
  });

  // The generated catalogues (thousands of names): every prefix of a few searches, typed and deleted again, each
  // answered as applyFilter answers it, by a fresh scan or by narrowing an earlier result.
  const catalogue = (site: 'cs' | 'dota'): Item[] =>
    generateCatalogue(site, { rubPerUsd: 90 }).map((r, i) => ({
      id: i + 1,
      name: r.name,
      price: r.priceMinor / 100,
      type: r.type,
      image: '',
      type_prize: r.typePrize,
    }));
  const typed = (text: string): FilterState[] => {
    const keys = Array.from({ length: text.length }, (_, i) => f({ text: text.slice(0, i + 1) }));
    return [...keys, ...keys.slice(0, -1).reverse()];
  };

  it.each([
    ['cs', ['StatTrak AK-47 Redline', 'souvenir awp', 'case ★ fade', 'fn m4', 'e', 'zzz']],
    ['dota', ['Arcana', 'levels battle', 'of the', 'a b c']],
  ] as const)(
    '%s catalogue, key by key',
    (site, searches) => {
      const items = catalogue(site);
      for (const sort of ['asc', 'desc'] as const) {
        const index = new SearchIndex(items, sort);
        for (const text of searches) {
          for (const filter of [...typed(text), f({ text, minPrice: 5, maxPrice: 50 })]) {
            expect(ids(index.filter(filter)), JSON.stringify(filter)).toEqual(ids(applyFilter(items, filter, sort)));
          }
        }
      }
    },
    // Hundreds of filters over the whole catalogue compared with the oracle: a correctness check, not a timing one.
    120_000,
  );

  it('any names and any search: the same list as applyFilter (property)', () => {
    const word = fc.stringMatching(/^[a-cé ™|-]{0,6}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 30 }),
        fc.array(word, { minLength: 1, maxLength: 8 }),
        (names, searches) => {
          const items = names.map((name, i) => item(i + 1, name, (i * 7) % 5));
          const index = new SearchIndex(items, 'asc');
          for (const text of searches)
            expect(ids(index.filter(f({ text })))).toEqual(ids(applyFilter(items, f({ text }), 'asc')));
        },
      ),
      { numRuns: 300 },
    );
  });
});
