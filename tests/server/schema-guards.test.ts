/**
 * Migration 0004: the games log has no foreign keys; guards keep the rows a game names. Deleting or re-keying a
 * user or a catalogue item, deleting a seed other than a committed next one, and TRUNCATE are refused with nothing
 * changed; deleting a lone next seed (seedPair's repair) and ordinary updates still work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { catalogueItems, games, seeds, users } from '../../server/db/schema.ts';
import {
  addCatalogueItem,
  createTestApp,
  getToken,
  grant,
  postUpgrade,
  register,
  snapshot,
  type Player,
  type TestApp,
} from './helpers/app.ts';

let t: TestApp;
let p: Player;
let targetId: number;

beforeAll(async () => {
  // No sequencer: it would give the game its log index between the two reads this file compares.
  t = await createTestApp({ logSequenceMs: 0 });
  p = await register(t.app);
  const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
  targetId = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 })).id;
  const [item] = await grant(t.db, p.userId, [stake.id]);
  const res = await postUpgrade(t.app, p.cookie, {
    'inventory_items[]': [String(item)],
    uniq_item: String(targetId),
    upgrade_front_chance: '50.000',
    roll_under: '1',
    selected_multiplier: '',
    token: await getToken(t.app, p.cookie),
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

/** The error a statement fails with (PostgreSQL's, wrapped by the driver or Drizzle), or null. */
async function failure(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ''}`;
  }
}

describe('the rows a settled game names stay', () => {
  it("refuses deleting, truncating or re-keying users, catalogue items and a game's seed, changing nothing", async () => {
    const [game] = await t.db.select().from(games).where(eq(games.userId, p.userId));
    const before = await snapshot(t.db, p.userId);
    const attempts: Array<[string, () => Promise<unknown>]> = [
      ['delete the player', () => t.db.delete(users).where(eq(users.id, p.userId))],
      [
        're-key the player',
        () =>
          t.db
            .update(users)
            .set({ id: p.userId + 100_000 })
            .where(eq(users.id, p.userId)),
      ],
      ['delete the target', () => t.db.delete(catalogueItems).where(eq(catalogueItems.id, targetId))],
      [
        're-key the target',
        () =>
          t.db
            .update(catalogueItems)
            .set({ id: targetId + 100_000 })
            .where(eq(catalogueItems.id, targetId)),
      ],
      ["delete the game's seed", () => t.db.delete(seeds).where(eq(seeds.id, game.seedId))],
      [
        "re-key the game's seed",
        () =>
          t.db
            .update(seeds)
            .set({ id: game.seedId + 100_000 })
            .where(eq(seeds.id, game.seedId)),
      ],
      ['truncate users', () => t.db.execute(sql`truncate users cascade`)],
      ['truncate catalogue_items', () => t.db.execute(sql`truncate catalogue_items cascade`)],
      ['truncate seeds', () => t.db.execute(sql`truncate seeds cascade`)],
    ];
    for (const [what, run] of attempts)
      expect(await failure(run), what).toMatch(/never deleted or re-keyed|only a committed next seed/);
    expect(await snapshot(t.db, p.userId)).toEqual(before);
    const [still] = await t.db.select().from(games).where(eq(games.id, game.id));
    expect(still).toEqual(game);
    const [target] = await t.db
      .select({ id: catalogueItems.id })
      .from(catalogueItems)
      .where(eq(catalogueItems.id, targetId));
    expect(target).toEqual({ id: targetId });
  });

  it('still allows retiring a catalogue item, updating a player and deleting a lone next seed (then rebuilt)', async () => {
    await t.db.update(catalogueItems).set({ active: false, priceMinor: 950 }).where(eq(catalogueItems.id, targetId));
    await t.db.update(users).set({ bonusBalance: 7 }).where(eq(users.id, p.userId));
    await t.db.delete(seeds).where(and(eq(seeds.userId, p.userId), eq(seeds.status, 'next')));
    const state = await t.app.inject({ method: 'GET', url: '/api/provably_fair/state', headers: { cookie: p.cookie } });
    expect(state.statusCode, state.body).toBe(200);
    const next = await t.db
      .select()
      .from(seeds)
      .where(and(eq(seeds.userId, p.userId), eq(seeds.status, 'next')));
    expect(next).toHaveLength(1);
  });
});
