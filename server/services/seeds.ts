/** Seed pairs per player; every change locks the users row first, so one player's seed changes and games serialise. */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { games, seeds, users } from '../db/schema.ts';
import { randomHex, sha256Hex } from './crypto.ts';

/** A fresh server seed and its commitment. */
export function newServerSeed(): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = randomHex(32);
  return { serverSeed, serverSeedHash: sha256Hex(serverSeed) };
}

/** The client seed the server proposes. */
export function newClientSeed(): string {
  return randomHex(8);
}

/** Creates the active pair and the committed next seed of a new player. */
export async function createSeedPair(tx: Executor, userId: number): Promise<void> {
  await tx.insert(seeds).values([
    { userId, ...newServerSeed(), clientSeed: newClientSeed(), status: 'active', nonce: 0, activatedAt: new Date() },
    { userId, ...newServerSeed(), status: 'next' },
  ]);
}

/** Locks the player's users row: the serialisation point for their games and seed changes. */
export async function lockUser(tx: Tx, userId: number): Promise<{ bonusBalance: number }> {
  const [row] = await tx
    .select({ bonusBalance: users.bonusBalance })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new Error(`user ${userId} vanished`);
  return row;
}

/** The active and next seed rows, created if an older account lacks them. */
export async function seedPair(tx: Tx, userId: number) {
  const load = () =>
    tx
      .select()
      .from(seeds)
      .where(and(eq(seeds.userId, userId), sql`${seeds.status} in ('active', 'next')`));
  let rows = await load();
  if (rows.length < 2) {
    await tx.delete(seeds).where(and(eq(seeds.userId, userId), eq(seeds.status, 'next')));
    if (!rows.some((r) => r.status === 'active')) await createSeedPair(tx, userId);
    else await tx.insert(seeds).values({ userId, ...newServerSeed(), status: 'next' });
    rows = await load();
  }
  const active = rows.find((r) => r.status === 'active')!;
  const next = rows.find((r) => r.status === 'next')!;
  return { active, next };
}

/** What the seed panel shows. */
export interface SeedState {
  server_seed_hash: string;
  next_server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

function stateOf(pair: Awaited<ReturnType<typeof seedPair>>): SeedState {
  return {
    server_seed_hash: pair.active.serverSeedHash,
    next_server_seed_hash: pair.next.serverSeedHash,
    client_seed: pair.active.clientSeed ?? '',
    nonce: pair.active.nonce,
  };
}

/** The player's current seed state. */
export async function seedState(tx: Tx, userId: number): Promise<SeedState> {
  await lockUser(tx, userId);
  return stateOf(await seedPair(tx, userId));
}

/** Reveals the active seed, promotes the next one at nonce 0, commits a new next. */
export async function rotateSeeds(tx: Tx, userId: number, clientSeed?: string) {
  await lockUser(tx, userId);
  const { active, next } = await seedPair(tx, userId);
  const now = new Date();
  await tx.update(seeds).set({ status: 'revealed', revealedAt: now }).where(eq(seeds.id, active.id));
  if (active.nonce > 0) await tx.update(games).set({ revealed: true }).where(eq(games.seedId, active.id));
  const newClient = clientSeed ?? active.clientSeed ?? newClientSeed();
  await tx
    .update(seeds)
    .set({ status: 'active', clientSeed: newClient, nonce: 0, activatedAt: now })
    .where(eq(seeds.id, next.id));
  await tx.insert(seeds).values({ userId, ...newServerSeed(), status: 'next' });
  return {
    revealed_server_seed: active.serverSeed,
    revealed_server_seed_hash: active.serverSeedHash,
    revealed_client_seed: active.clientSeed ?? '',
    games: active.nonce,
    state: stateOf(await seedPair(tx, userId)),
  };
}
