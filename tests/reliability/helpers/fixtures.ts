/**
 * Scenario fixtures: a stake item at 5.00 and targets at exactly 1.8x one, two and three stakes, so every game
 * is at a 50 % chance whatever the number of staked items; players' items granted straight into the database.
 */
import type { Db } from '../../../server/db/client.ts';
import { addCatalogueItem, grant } from '../../server/helpers/app.ts';

/** Prices and catalogue ids of the fixture items. */
export interface Fixtures {
  stakeId: number;
  /** targets[k] is the target for k staked items (1..3). */
  targets: Record<number, number>;
  /** The chance every fixture game has, as the cs page sends it. */
  chance: string;
}

/** Adds the fixture catalogue rows (cs site). */
export async function addFixtures(db: Db): Promise<Fixtures> {
  const stake = await addCatalogueItem(db, { site: 'cs', priceMinor: 500 });
  const targets: Record<number, number> = {};
  for (const k of [1, 2, 3]) targets[k] = (await addCatalogueItem(db, { site: 'cs', priceMinor: 900 * k })).id;
  return { stakeId: stake.id, targets, chance: '50' };
}

/** Grants `count` stake items to a player; returns their inventory ids. */
export function grantStakes(db: Db, fx: Fixtures, userId: number, count: number): Promise<number[]> {
  return grant(db, userId, Array(count).fill(fx.stakeId));
}

/** A small seeded generator (mulberry32), so a failing run can be replayed from its printed seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** k distinct random elements of a list. */
export function pick<T>(rand: () => number, list: T[], k: number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, k);
}
