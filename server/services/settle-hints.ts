/**
 * What this process already knows about games to come, so that a settlement can be computed before its one
 * statement (server/services/upgrade.ts, "the known way"): the active seed a game token names (its server seed and
 * client seed, as the last game of that seed returned them) and the price of the items a player may stake (as the
 * index answer and the games of this process returned them).
 *
 * Hints, never the authority: the statement that settles a known game checks every one it used against the rows
 * it writes (the seed's id, nonce and client seed, each staked item's owner, state, site and price, the target's
 * price) and undoes itself when any differs; the game then settles the way that reads everything first. So a
 * stale or missing hint costs time, never a wrong game, and several processes need not share them. Bounded: the
 * oldest entries go first.
 */

import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';

/** The active seed a game token names, as its last game returned it. */
export interface SeedHint {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string | null;
}

/** An inventory item as the index answer showed it (of its type_prize only whether it is the locked one is kept). */
export interface ItemHint {
  priceMinor: number;
  typePrize: number;
}

/** Keeps at most `max` entries, dropping the ones set longest ago. */
class Bounded<V> {
  private readonly map = new Map<number, V>();
  constructor(private readonly max: number) {}

  get(key: number): V | undefined {
    return this.map.get(key);
  }

  set(key: number, value: V): void {
    // Re-inserted at the end: the most recently set stays longest.
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as number);
  }

  delete(key: number): void {
    this.map.delete(key);
  }

  get size(): number {
    return this.map.size;
  }
}

/** Counts of settlements by way, for tests and the bench's notes. */
export interface SettleCounts {
  /** Settled in one statement from hints. */
  known: number;
  /** A known game whose statement found a hint stale, then settled (or refused) the reading way. */
  differed: number;
  /** Settled (or refused) the reading way: no game token, or a hint missing. */
  read: number;
}

export class SettleHints {
  private readonly seeds: Bounded<SeedHint>;
  /** An item's price in minor units, or -1 for a locked one (type_prize 13): one small integer per entry. */
  private readonly items: Bounded<number>;
  readonly counts: SettleCounts = { known: 0, differed: 0, read: 0 };

  /** About 250 B per seed and 30 B per item: the defaults (about 5 and 8 MB) hold 20,000 seeds and 250,000 items. */
  constructor(maxSeeds = 20_000, maxItems = 250_000) {
    this.seeds = new Bounded(maxSeeds);
    this.items = new Bounded(maxItems);
  }

  seed(seedId: number): SeedHint | undefined {
    return this.seeds.get(seedId);
  }

  rememberSeed(seedId: number, seed: SeedHint): void {
    this.seeds.set(seedId, {
      serverSeed: seed.serverSeed,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
    });
  }

  item(inventoryId: number): ItemHint | undefined {
    const v = this.items.get(inventoryId);
    if (v === undefined) return undefined;
    return v < 0 ? { priceMinor: 0, typePrize: LOCKED_TYPE_PRIZE } : { priceMinor: v, typePrize: 0 };
  }

  rememberItem(inventoryId: number, item: ItemHint): void {
    this.items.set(inventoryId, item.typePrize === LOCKED_TYPE_PRIZE ? -1 : item.priceMinor);
  }

  /** Staked items are gone for good. */
  forgetItems(inventoryIds: readonly number[]): void {
    for (const id of inventoryIds) this.items.delete(id);
  }

  get sizes(): { seeds: number; items: number } {
    return { seeds: this.seeds.size, items: this.items.size };
  }
}
