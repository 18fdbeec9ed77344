/**
 * The known way (server/services/upgrade.ts, settleKnown): a game token's game whose seed and prices this process
 * already knows is computed first and settled in one statement that checks every hint against the rows it writes.
 * These tests play it on the real database (PGlite; PostgreSQL under test:pg) and check that it gives exactly the
 * game the reading way gives, and that every stale hint falls back to the reading way's answer with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { chanceThousandths } from '../../src/domain/chance.ts';
import { computeRollSync } from '../../src/domain/roll.ts';
import { catalogueItems, games, inventoryItems, seeds, sessions } from '../../server/db/schema.ts';
import { hmacSha256Node } from '../../server/services/crypto.ts';
import type { SettleCounts } from '../../server/services/settle-hints.ts';
import {
  activeSeed,
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
beforeAll(async () => {
  t = await createTestApp({ ticketStepMinor: 100 });
});
afterAll(() => t.close());

const counts = (): SettleCounts => ({ ...t.app.upgrades.hints.counts });
function delta(before: SettleCounts): SettleCounts {
  const now = counts();
  return { known: now.known - before.known, differed: now.differed - before.differed, read: now.read - before.read };
}

/** The page's data call: it shows the inventory, and the server learns its prices. */
async function loadIndex(player: Player) {
  const res = await t.app.inject({ method: 'POST', url: '/api/upgrade/index', headers: { cookie: player.cookie } });
  expect(res.statusCode).toBe(200);
}

/**
 * A player with four 5.00 items (one of them locked) and 9.00 and 30.00 targets: chance 50.000 % for one item
 * against the first. The first game is played with a session token (the reading way); its answer's next_token
 * is a game token, which the tests spend.
 */
async function setup() {
  const player = await register(t.app);
  const stakeItem = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
  const lockedItem = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500, typePrize: 13 });
  const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900, type: 'classified' });
  const dearer = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 3000 });
  const invIds = await grant(t.db, player.userId, [stakeItem.id, stakeItem.id, stakeItem.id], {
    source: 'case',
    sourceCaseId: 3,
  });
  const [lockedId] = await grant(t.db, player.userId, [lockedItem.id]);
  await loadIndex(player);
  const before = counts();
  const first = await postUpgrade(t.app, player.cookie, {
    'inventory_items[]': [String(invIds[0])],
    uniq_item: String(target.id),
    upgrade_front_chance: '50.000',
    roll_under: '1',
    token: await getToken(t.app, player.cookie),
  });
  expect(first.statusCode).toBe(200);
  expect(delta(before)).toEqual({ known: 0, differed: 0, read: 1 });
  return {
    player,
    stakeItem,
    target,
    dearer,
    free: invIds.slice(1),
    lockedId,
    token: first.json().next_token as string,
  };
}

/** The roll of the player's next game (nonce as the active seed has it now). */
async function nextRoll(userId: number) {
  const seed = await activeSeed(t.db, userId);
  return { seed, roll: computeRollSync(hmacSha256Node, seed.serverSeed, seed.clientSeed!, seed.nonce) };
}

describe('the known way', () => {
  it("settles a game token's game in one statement with the reading way's result: a win", async () => {
    const s = await setup();
    const { seed, roll } = await nextRoll(s.player.userId);
    const rollUnder = roll.value < 50_000 ? '1' : '0';
    const before = await snapshot(t.db, s.player.userId);
    const c0 = counts();
    const res = await postUpgrade(t.app, s.player.cookie, {
      'inventory_items[]': [String(s.free[0])],
      uniq_item: String(s.target.id),
      upgrade_front_chance: '50.000',
      roll_under: rollUnder,
      token: s.token,
    });
    expect(res.statusCode).toBe(200);
    expect(delta(c0)).toEqual({ known: 1, differed: 0, read: 0 });
    const body = res.json();
    expect(body).toMatchObject({
      status: true,
      success: 1,
      tickets: 5,
      item: s.target.name,
      img: `/app/public/items/${s.target.id}.png`,
      price: 9,
      quality: 'classified',
      casegame: { kind: 'case', case_id: 3 },
      bonus_balance: before.bonus + 5,
      balance: 0,
      provably_fair: {
        roll: roll.value / 1000,
        chance: 50,
        roll_under: Number(rollUnder),
        server_seed_hash: seed.serverSeedHash,
        client_seed: seed.clientSeed,
        nonce: 1,
      },
    });
    expect(body.next_token).toEqual(expect.any(String));
    const [staked] = await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, s.free[0]));
    const [won] = await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, body.vinLastItemId));
    const [game] = await t.db.select().from(games).where(eq(games.rollId, body.provably_fair.roll_id));
    expect(game).toMatchObject({
      userId: s.player.userId,
      site: 'cs',
      seedId: seed.id,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      nonce: 1,
      success: true,
      chance: 50_000,
      rollUnder: rollUnder === '1',
      roll: roll.value,
      round: roll.round,
      chunk: roll.chunk,
      stakeMinor: 500,
      stakeCount: 1,
      targetCatalogueItemId: s.target.id,
      targetPriceMinor: 900,
      wonInventoryItemId: won.id,
      tickets: 5,
    });
    expect(staked).toMatchObject({ state: 'spent', spentGameId: game.id });
    expect(won).toMatchObject({
      userId: s.player.userId,
      catalogueItemId: s.target.id,
      state: 'owned',
      source: 'upgrade',
      sourceGameId: game.id,
    });
    const [seedAfter] = await t.db.select().from(seeds).where(eq(seeds.id, seed.id));
    expect(seedAfter.nonce).toBe(2);

    // The won item's price is known too: staking it next is a known game again, with the token this answer brought.
    const { roll: third } = await nextRoll(s.player.userId);
    const chance = chanceThousandths(900, 3000);
    const c1 = counts();
    const again = await postUpgrade(t.app, s.player.cookie, {
      'inventory_items[]': [String(won.id)],
      uniq_item: String(s.dearer.id),
      upgrade_front_chance: String(chance / 1000),
      roll_under: '1',
      token: body.next_token,
    });
    expect(again.statusCode).toBe(200);
    expect(delta(c1)).toEqual({ known: 1, differed: 0, read: 0 });
    expect(again.json()).toMatchObject({
      success: third.value < chance ? 1 : 0,
      casegame: null,
      provably_fair: { nonce: 2, roll: third.value / 1000 },
    });
  });

  it('settles a loss the known way: stake spent, nothing won, tickets credited', async () => {
    const s = await setup();
    const { roll } = await nextRoll(s.player.userId);
    const rollUnder = roll.value < 50_000 ? '0' : '1';
    const before = await snapshot(t.db, s.player.userId);
    const c0 = counts();
    const res = await postUpgrade(t.app, s.player.cookie, {
      inventory_items: `${s.free[0]},${s.free[1]}`,
      uniq_item: String(s.dearer.id),
      upgrade_front_chance: String(chanceThousandths(1000, 3000) / 1000),
      roll_under: rollUnder,
      token: s.token,
    });
    expect(res.statusCode).toBe(200);
    expect(delta(c0)).toEqual({ known: 1, differed: 0, read: 0 });
    const chance = chanceThousandths(1000, 3000);
    const won = rollUnder === '1' ? roll.value < chance : roll.value >= 100_000 - chance;
    expect(res.json()).toMatchObject({
      success: won ? 1 : 0,
      tickets: 10,
      bonus_balance: before.bonus + 10,
      provably_fair: { nonce: 1 },
    });
    const rows = await t.db
      .select()
      .from(inventoryItems)
      .where(inArray(inventoryItems.id, s.free.slice(0, 2)));
    expect(rows.map((r) => r.state)).toEqual(['spent', 'spent']);
    const [game] = await t.db.select().from(games).where(eq(games.rollId, res.json().provably_fair.roll_id));
    expect(game).toMatchObject({
      stakeMinor: 1000,
      stakeCount: 2,
      success: won,
      wonInventoryItemId: won ? expect.any(Number) : null,
    });
  });

  type Setup = Awaited<ReturnType<typeof setup>>;
  /** One staked item against the 9.00 target (50 %), unless a case names its own game. */
  const oneItem = (s: Setup) => ({ items: [s.free[0]], target: s.target.id, chance: '50.000' });
  const stale: Array<{
    what: string;
    arrange: (s: Setup) => Promise<unknown>;
    game?: (s: Setup) => { items: number[]; target: number; chance: string };
    status: number;
    ways: Partial<SettleCounts>;
  }> = [
    {
      what: "a staked item's price changed since the index: 409 prices_changed",
      arrange: (s) => t.db.update(catalogueItems).set({ priceMinor: 600 }).where(eq(catalogueItems.id, s.stakeItem.id)),
      status: 409,
      ways: { known: 0, differed: 1, read: 0 },
    },
    {
      what: 'a staked item is no longer owned: 409 item_unavailable',
      arrange: (s) => t.db.update(inventoryItems).set({ state: 'sold' }).where(eq(inventoryItems.id, s.free[0])),
      game: (s) => ({
        items: [s.free[0], s.free[1]],
        target: s.dearer.id,
        chance: String(chanceThousandths(1000, 3000) / 1000),
      }),
      status: 409,
      ways: { known: 0, differed: 1, read: 0 },
    },
    {
      what: 'the seeds were rotated after the token: 403 token_invalid',
      arrange: async (s) => {
        const rotated = await t.app.inject({
          method: 'POST',
          url: '/api/provably_fair/rotate',
          headers: { cookie: s.player.cookie },
        });
        expect(rotated.statusCode).toBe(200);
      },
      status: 403,
      ways: { known: 0, differed: 1, read: 0 },
    },
    {
      // The catalogue this process holds may or may not have reloaded by then: only that it was not settled is sure.
      what: 'the target was retired: 404 target_unavailable',
      arrange: (s) => t.db.update(catalogueItems).set({ active: false }).where(eq(catalogueItems.id, s.target.id)),
      status: 404,
      ways: { known: 0 },
    },
    {
      what: 'the session has ended: 401 not_signed_in',
      arrange: (s) => t.db.delete(sessions).where(eq(sessions.userId, s.player.userId)),
      status: 401,
      ways: { known: 0, differed: 1, read: 0 },
    },
    {
      what: 'a locked item is staked: 400 item_locked, the reading way from the start',
      arrange: async () => {},
      game: (s) => ({ items: [s.lockedId], target: s.target.id, chance: '50.000' }),
      status: 400,
      ways: { known: 0, differed: 0, read: 1 },
    },
  ];

  it.each(stale)(
    "falls back to the reading way's answer when $what, with nothing changed",
    async ({ arrange, game, status, ways }) => {
      const s = await setup();
      await arrange(s);
      const before = await snapshot(t.db, s.player.userId);
      const c0 = counts();
      const g = (game ?? oneItem)(s);
      const res = await postUpgrade(t.app, s.player.cookie, {
        'inventory_items[]': g.items.map(String),
        uniq_item: String(g.target),
        upgrade_front_chance: g.chance,
        roll_under: '1',
        token: s.token,
      });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ status: false, msg: expect.any(String) });
      expect(delta(c0)).toMatchObject(ways);
      expect(await snapshot(t.db, s.player.userId)).toEqual(before);
    },
  );

  it('lets one of two requests spending the same game token through; the other is 403 with nothing changed', async () => {
    const s = await setup();
    const before = await snapshot(t.db, s.player.userId);
    const play = (item: number) =>
      postUpgrade(t.app, s.player.cookie, {
        'inventory_items[]': [String(item)],
        uniq_item: String(s.target.id),
        upgrade_front_chance: '50.000',
        roll_under: '1',
        token: s.token,
      });
    const answers = await Promise.all([play(s.free[0]), play(s.free[1])]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    const after = await snapshot(t.db, s.player.userId);
    expect(after.games).toBe(before.games + 1);
    expect(after.seeds.find((r) => r.status === 'active')!.nonce).toBe(
      before.seeds.find((r) => r.status === 'active')!.nonce + 1,
    );
    // Exactly the winner's item was spent.
    const spent =
      after.inv.filter((r) => r.state === 'spent').length - before.inv.filter((r) => r.state === 'spent').length;
    expect(spent).toBe(1);
  });
});
