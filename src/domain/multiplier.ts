import { toMinor } from './money.ts';
import type { Item } from './item.ts';

/** Multiplier = target price / the whole stake, to 2 decimals (0 when either is missing). */
export function multiplierOf(targetMinor: number | null, stakeMinor: number | null): number {
  if (!targetMinor || !stakeMinor) return 0;
  return Math.round((targetMinor * 100) / stakeMinor) / 100;
}

/** The minimum target price (minor) a multiplier button asks for: stake x multiplier, rounded up. */
export function multiplierMinPrice(stakeMinor: number, multiplier: number): number {
  return Math.ceil((stakeMinor * Math.round(multiplier * 100)) / 100);
}

/** The cheapest item costing at least minMinor (ties: lowest id), or null. */
export function cheapestAtLeast<T extends Item>(items: readonly T[], minMinor: number): T | null {
  let best: T | null = null;
  for (const item of items) {
    const p = toMinor(item.price);
    if (p < minMinor) continue;
    if (!best || p < toMinor(best.price) || (p === toMinor(best.price) && item.id < best.id)) best = item;
  }
  return best;
}
