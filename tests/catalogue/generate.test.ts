import { describe, expect, it } from 'vitest';
import { CS_QUALITIES, DOTA_RARITIES, LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { levelCount } from '../../src/domain/filters.ts';
import { generateCatalogue, type CatalogueRow } from '../../server/catalogue/generate.ts';
import { LEVEL_RARITY, levelPriceCents } from '../../server/catalogue/dota.ts';

const RATE = 92.5;
const cs = generateCatalogue('cs', { rubPerUsd: RATE });
const dota = generateCatalogue('dota', { rubPerUsd: RATE });
const ru = generateCatalogue('ru', { rubPerUsd: RATE });
const CS_NAME =
  /^(★ )?(StatTrak™ |Souvenir )?.+ \| .+ \((Factory New|Minimal Wear|Field-Tested|Well-Worn|Battle-Scarred)\)$/;
const WEARS = ['Factory New', 'Minimal Wear', 'Field-Tested', 'Well-Worn', 'Battle-Scarred'];

function meanBy(rows: readonly CatalogueRow[]): Map<string, number> {
  const sums = new Map<string, [number, number]>();
  for (const r of rows) {
    const [s, n] = sums.get(r.type) ?? [0, 0];
    sums.set(r.type, [s + r.priceMinor, n + 1]);
  }
  return new Map([...sums].map(([t, [s, n]]) => [t, s / n]));
}

const dotaSets = dota.filter((r) => levelCount(r.name) === null);
const dotaLevels = dota.filter((r) => levelCount(r.name) !== null);

describe('generateCatalogue', () => {
  it.each([
    ['cs', cs, 5000],
    ['dota', dota, 1000],
    ['ru', ru, 5000],
  ] as const)('gives %s at least the required number of items, each name once', (_site, rows, min) => {
    expect(rows.length).toBeGreaterThanOrEqual(min);
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });

  it.each([
    ['cs', cs],
    ['dota', dota],
    ['ru', ru],
  ] as const)('gives %s valid rows: positive integer prices, no image, type_prize 0 or 13', (_site, rows) => {
    const bad = rows.filter(
      (r) =>
        !(Number.isSafeInteger(r.priceMinor) && r.priceMinor > 0) ||
        r.image !== null ||
        ![0, LOCKED_TYPE_PRIZE].includes(r.typePrize) ||
        r.name.length > 200,
    );
    expect(bad).toEqual([]);
  });

  it('is deterministic: two calls give identical arrays', () => {
    for (const site of ['cs', 'dota', 'ru'] as const) {
      expect(generateCatalogue(site, { rubPerUsd: RATE })).toEqual(generateCatalogue(site, { rubPerUsd: RATE }));
    }
  });

  it('generates all three sites well within a second', () => {
    const t = performance.now();
    for (const site of ['cs', 'dota', 'ru'] as const) generateCatalogue(site, { rubPerUsd: RATE });
    expect(performance.now() - t).toBeLessThan(1000);
  });

  it.each([92.5, 1, 0.5, 100.37])('makes ru the CS catalogue in kopecks at %s roubles per dollar', (rate) => {
    const rows = generateCatalogue('ru', { rubPerUsd: rate });
    expect(rows.map((r) => [r.name, r.type, r.typePrize])).toEqual(cs.map((r) => [r.name, r.type, r.typePrize]));
    expect(rows.map((r) => r.priceMinor)).toEqual(cs.map((r) => Math.max(1, Math.round(r.priceMinor * rate))));
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses a rouble rate of %s', (rate) => {
    expect(() => generateCatalogue('ru', { rubPerUsd: rate })).toThrow(RangeError);
  });
});

describe('the CS catalogue', () => {
  it('names every item like Steam: optional star, StatTrak™ or Souvenir, weapon | skin (exterior)', () => {
    expect(cs.filter((r) => !CS_NAME.test(r.name)).map((r) => r.name)).toEqual([]);
  });

  it('stars knives and gloves only', () => {
    const wrong = cs.filter((r) => r.name.startsWith('★ ') !== (r.type === 'special' || r.type === 'extraordinary'));
    expect(wrong.map((r) => r.name)).toEqual([]);
  });

  it('uses only the CS quality names of the spec, every one of them', () => {
    expect(new Set(cs.map((r) => r.type))).toEqual(new Set(CS_QUALITIES));
  });

  it('prices rarer qualities higher on average, knives and gloves above covert, contraband on top', () => {
    const mean = meanBy(cs);
    const order = ['consumer_grade', 'industrial_grade', 'mil_spec', 'restricted', 'classified', 'covert'];
    for (let i = 1; i < order.length; i++) expect(mean.get(order[i])!).toBeGreaterThan(mean.get(order[i - 1])! * 2);
    for (const top of ['special', 'extraordinary']) expect(mean.get(top)!).toBeGreaterThan(mean.get('covert')! * 2);
    expect(mean.get('contraband')!).toBeGreaterThan(Math.max(mean.get('special')!, mean.get('extraordinary')!));
  });

  it('spreads prices from a few cents to a few thousand dollars', () => {
    const prices = cs.map((r) => r.priceMinor);
    expect(Math.min(...prices)).toBe(3);
    expect(Math.max(...prices)).toBeGreaterThan(1000_00);
    expect(Math.max(...prices)).toBeLessThan(10_000_00);
  });

  it('prices a better exterior of the same skin at least as high, strictly once it is worth a dollar', () => {
    const bySkin = new Map<string, Map<string, number>>();
    for (const r of cs) {
      const m = / \(([^()]+)\)$/.exec(r.name)!;
      const skin = r.name.slice(0, m.index);
      if (!bySkin.has(skin)) bySkin.set(skin, new Map());
      bySkin.get(skin)!.set(m[1], r.priceMinor);
    }
    let compared = 0;
    for (const [skin, wears] of bySkin) {
      const prices = WEARS.filter((w) => wears.has(w)).map((w) => wears.get(w)!);
      for (let i = 1; i < prices.length; i++) {
        expect(prices[i - 1], skin).toBeGreaterThanOrEqual(prices[i]);
        if (prices[i] >= 100) expect(prices[i - 1], skin).toBeGreaterThan(prices[i]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(4000);
  });

  it('prices StatTrak™ at 1.5 to 3 times the plain item', () => {
    const byName = new Map(cs.map((r) => [r.name, r.priceMinor]));
    const statTrak = cs.filter((r) => r.name.includes('StatTrak™ '));
    expect(statTrak.length).toBeGreaterThan(100);
    for (const r of statTrak) {
      const plain = byName.get(r.name.replace('StatTrak™ ', ''))!;
      // Rounding to cents blurs the ratio of the cheapest items.
      if (plain >= 100) expect(r.priceMinor / plain, r.name).toSatisfy((x: number) => x >= 1.49 && x <= 3.01);
    }
  });

  it('locks about 2-3 % of items, exactly the Souvenir ones', () => {
    const locked = cs.filter((r) => r.typePrize === LOCKED_TYPE_PRIZE);
    expect(locked.length / cs.length).toBeGreaterThan(0.015);
    expect(locked.length / cs.length).toBeLessThan(0.04);
    expect(locked).toEqual(cs.filter((r) => r.name.startsWith('Souvenir ')));
  });
});

describe('the Dota catalogue', () => {
  it('uses all seven Dota rarities and nothing else', () => {
    expect(new Set(dota.map((r) => r.type))).toEqual(new Set(DOTA_RARITIES));
  });

  it('prices Common lowest and Arcana and Legendary highest on average (set items)', () => {
    const mean = meanBy(dotaSets);
    const order = ['Common', 'Uncommon', 'Rare', 'Mythical', 'Immortal'];
    for (let i = 1; i < order.length; i++) expect(mean.get(order[i])!).toBeGreaterThan(mean.get(order[i - 1])!);
    for (const top of ['Arcana', 'Legendary']) expect(mean.get(top)!).toBeGreaterThan(mean.get('Immortal')!);
  });

  it('has at least a thousand set items besides the level bundles', () => {
    expect(dotaSets.length).toBeGreaterThanOrEqual(1000);
  });

  it.each([1, 5, 24, 120, 355, 3000])('sells a bundle of %i battle-pass levels', (n) => {
    const row = dota.find((r) => levelCount(r.name) === n);
    expect(row).toMatchObject({ name: n === 1 ? '1 Level' : `${n} Levels`, type: LEVEL_RARITY, typePrize: 0 });
  });

  it('prices level bundles at about $0.20 a level, cheaper per level in bulk but never cheaper in total', () => {
    const levels = dotaLevels.map((r) => ({ n: levelCount(r.name)!, price: r.priceMinor })).sort((a, b) => a.n - b.n);
    expect(levels.length).toBeGreaterThan(50);
    expect(levels.at(-1)!.n).toBeGreaterThanOrEqual(3000);
    expect(levels[0]).toEqual({ n: 1, price: 20 });
    for (let i = 1; i < levels.length; i++) {
      expect(levels[i].price).toBeGreaterThan(levels[i - 1].price);
      expect(levels[i].price / levels[i].n).toBeLessThanOrEqual(levels[i - 1].price / levels[i - 1].n + 0.5);
    }
    expect(levelPriceCents(3000)).toBeGreaterThan(200_00);
    expect(levelPriceCents(3000)).toBeLessThan(600_00);
  });

  it('locks about 2-3 % of items, exactly the Corrupted ones', () => {
    const locked = dota.filter((r) => r.typePrize === LOCKED_TYPE_PRIZE);
    expect(locked.length / dota.length).toBeGreaterThan(0.015);
    expect(locked.length / dota.length).toBeLessThan(0.04);
    expect(locked).toEqual(dota.filter((r) => r.name.startsWith('Corrupted ')));
  });

  it('does not name any set item with a leading number (BP mode would take it for levels)', () => {
    expect(dotaSets.filter((r) => /^\d/.test(r.name))).toEqual([]);
  });
});
