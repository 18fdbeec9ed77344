/** The Dota catalogue: set items, arcanas, locked Corrupted variants and battle-pass level bundles. */
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import {
  DOTA_ARCANAS,
  DOTA_HEROES,
  DOTA_LOCKED_PREFIX,
  DOTA_PREFIXES,
  DOTA_RARITY_PRICES,
  DOTA_RARITY_SHARES,
  DOTA_THEMES,
} from './data/dota-words.ts';
import { spread, unit } from './hash.ts';
import type { CatalogueRow } from './generate.ts';

/** Share of (hero slot, theme) pairs that exist as an item. */
const THEME_SHARE = 0.25;
/** About 2.5 % of the catalogue is locked. */
const LOCKED_SHARE = 0.028;
/** A real Dota rarity, so the filter finds the bundles. */
export const LEVEL_RARITY = 'Immortal';
/** Price of one battle-pass level in USD cents before the bulk discount. */
const CENTS_PER_LEVEL = 20;
/** Bundles get cheaper per level, yet never cheaper in total. */
const LEVEL_EXPONENT = 0.92;

/** Level counts sold as bundles. */
export function levelCounts(): number[] {
  const counts = new Set<number>([120, 355, 1111, 2024]);
  const steps: [from: number, to: number, step: number][] = [
    [1, 30, 1],
    [35, 100, 5],
    [110, 300, 10],
    [325, 1000, 25],
    [1050, 3000, 50],
  ];
  for (const [from, to, step] of steps) for (let n = from; n <= to; n += step) counts.add(n);
  return [...counts].sort((a, b) => a - b);
}

/** The USD-cent price of a bundle of n battle-pass levels. */
export function levelPriceCents(n: number): number {
  return Math.round(CENTS_PER_LEVEL * n ** LEVEL_EXPONENT);
}

function pickRarity(name: string): string {
  let u = unit(name, 'rarity');
  for (const [rarity, share] of DOTA_RARITY_SHARES) {
    if (u < share) return rarity;
    u -= share;
  }
  return 'Common';
}

function pickPrefix(name: string): { prefix: string; factor: number } {
  let u = unit(name, 'prefix');
  for (const p of DOTA_PREFIXES) {
    if (u < p.share) return p;
    u -= p.share;
  }
  return { prefix: '', factor: 1 };
}

function cents(usd: number): number {
  return Math.max(3, Math.round(usd * 100));
}

/** Builds the Dota catalogue with prices in USD cents. */
export function dotaCatalogueCents(): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  const seen = new Set<string>();
  for (const [hero, nouns] of Object.entries(DOTA_HEROES)) {
    for (const noun of nouns) {
      for (const theme of DOTA_THEMES) {
        const base = `${theme} ${noun}`;
        // Two heroes may share a slot noun ('Tail'); the first one keeps the name.
        if (seen.has(base) || unit(`${hero}|${base}`, 'theme') >= THEME_SHARE) continue;
        seen.add(base);
        const type = pickRarity(base);
        const price = DOTA_RARITY_PRICES[type];
        const usd = price.usd * spread(base, 'price', price.sigma);
        const { prefix, factor } = pickPrefix(base);
        rows.push({ name: prefix + base, priceMinor: cents(usd * factor), type, typePrize: 0, image: null });
        if (unit(base, 'locked') < LOCKED_SHARE) {
          rows.push({
            name: DOTA_LOCKED_PREFIX + base,
            priceMinor: cents(usd * 2),
            type,
            typePrize: LOCKED_TYPE_PRIZE,
            image: null,
          });
        }
      }
    }
  }
  const arcana = DOTA_RARITY_PRICES.Arcana;
  for (const name of DOTA_ARCANAS) {
    const usd = arcana.usd * spread(name, 'price', arcana.sigma);
    rows.push({ name, priceMinor: cents(usd), type: 'Arcana', typePrize: 0, image: null });
    rows.push({ name: `Exalted ${name}`, priceMinor: cents(usd * 1.6), type: 'Arcana', typePrize: 0, image: null });
  }
  for (const n of levelCounts()) {
    rows.push({
      name: `${n} ${n === 1 ? 'Level' : 'Levels'}`,
      priceMinor: levelPriceCents(n),
      type: LEVEL_RARITY,
      typePrize: 0,
      image: null,
    });
  }
  return rows;
}
