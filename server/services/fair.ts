import { and, count, desc, eq } from 'drizzle-orm';
import type { HistoryResponse, RollResponse } from '../../src/api/contract.ts';
import { thousandthsToPercent } from '../../src/domain/chance.ts';
import { toMajor } from '../../src/domain/money.ts';
import { rollToPercent } from '../../src/domain/roll.ts';
import { gameRulesToWire } from '../../src/domain/rules.ts';
import type { Db } from '../db/client.ts';
import { catalogueItems, games, seeds } from '../db/schema.ts';
import { AppError } from '../messages.ts';

/** Games per history page. */
export const HISTORY_PAGE_SIZE = 20;

/** A game by its public roll id; the server seed only once revealed. */
export async function rollById(db: Db, rollId: string): Promise<RollResponse> {
  if (!/^[0-9a-f]{1,64}$/.test(rollId)) throw new AppError(404, 'roll_not_found');
  const [row] = await db
    .select({ game: games, seedStatus: seeds.status, serverSeed: seeds.serverSeed })
    .from(games)
    .innerJoin(seeds, eq(seeds.id, games.seedId))
    .where(eq(games.rollId, rollId));
  if (!row) throw new AppError(404, 'roll_not_found');
  const g = row.game;
  return {
    status: true,
    roll_id: g.rollId,
    server_seed_hash: g.serverSeedHash,
    server_seed: row.seedStatus === 'revealed' ? row.serverSeed : null,
    client_seed: g.clientSeed,
    nonce: g.nonce,
    chance: thousandthsToPercent(g.chance),
    roll_under: g.rollUnder ? 1 : 0,
    roll: rollToPercent(g.roll),
    success: g.success ? 1 : 0,
    time: g.createdAt.toISOString(),
    stake: toMajor(g.stakeMinor),
    target_price: toMajor(g.targetPriceMinor),
    rules: gameRulesToWire(g),
  };
}

/** A page (0-based) of the player's games, newest first, and their revealed seeds with game counts. */
export async function historyOf(db: Db, userId: number, page: number): Promise<HistoryResponse> {
  const [{ total }] = await db.select({ total: count() }).from(games).where(eq(games.userId, userId));
  const rows = await db
    .select({ game: games, target: catalogueItems.name })
    .from(games)
    .innerJoin(catalogueItems, eq(catalogueItems.id, games.targetCatalogueItemId))
    .where(eq(games.userId, userId))
    .orderBy(desc(games.id))
    .limit(HISTORY_PAGE_SIZE)
    .offset(page * HISTORY_PAGE_SIZE);
  const revealed = await db
    .select()
    .from(seeds)
    .where(and(eq(seeds.userId, userId), eq(seeds.status, 'revealed')))
    .orderBy(desc(seeds.revealedAt), desc(seeds.id))
    .limit(100);
  return {
    status: true,
    page,
    pages: Math.ceil(total / HISTORY_PAGE_SIZE),
    games: rows.map(({ game: g, target }) => ({
      roll_id: g.rollId,
      time: g.createdAt.toISOString(),
      stake: toMajor(g.stakeMinor),
      stake_count: g.stakeCount,
      target,
      target_price: toMajor(g.targetPriceMinor),
      chance: thousandthsToPercent(g.chance),
      roll_under: g.rollUnder ? 1 : 0,
      roll: rollToPercent(g.roll),
      success: g.success ? 1 : 0,
      server_seed_hash: g.serverSeedHash,
      nonce: g.nonce,
    })),
    revealed_seeds: revealed.map((s) => ({
      server_seed: s.serverSeed,
      server_seed_hash: s.serverSeedHash,
      client_seed: s.clientSeed ?? '',
      games: s.nonce,
      revealed_at: (s.revealedAt ?? s.createdAt).toISOString(),
    })),
  };
}
