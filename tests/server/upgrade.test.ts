import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { chanceThousandths } from '../../src/domain/chance.ts';
import { computeRollSync } from '../../src/domain/roll.ts';
import { games, inventoryItems, seeds } from '../../server/db/schema.ts';
import { hmacSha256Node, sha256Hex } from '../../server/services/crypto.ts';
import {
  activeSeed,
  addCatalogueItem,
  createTestApp,
  getToken,
  grant,
  postUpgrade,
  register,
  snapshot,
  type TestApp,
} from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ticketStepMinor: 100 });
});
afterAll(() => t.close());

/** A player staking one 5.00 item against a 9.00 target: chance exactly 50.000 %, so the roll decides by direction. */
async function fiftyFiftySetup(source: Parameters<typeof grant>[3] = { source: 'grant' }) {
  const player = await register(t.app);
  const stakeItem = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
  const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900, type: 'classified' });
  const [invId] = await grant(t.db, player.userId, [stakeItem.id], source);
  const seed = await activeSeed(t.db, player.userId);
  const roll = computeRollSync(hmacSha256Node, seed.serverSeed, seed.clientSeed!, seed.nonce);
  return { player, stakeItem, target, invId, seed, roll };
}

describe('POST /api/upgrade/upgrade_items', () => {
  it('settles a win: stake spent, target added, tickets credited, game recorded and reproducible', async () => {
    const { player, target, invId, seed, roll } = await fiftyFiftySetup({ source: 'case', sourceCaseId: 7 });
    expect(chanceThousandths(500, 900)).toBe(50_000);
    const rollUnder = roll.value < 50_000 ? '1' : '0';
    const before = await snapshot(t.db, player.userId);
    const res = await postUpgrade(t.app, player.cookie, {
      'inventory_items[]': [String(invId)],
      uniq_item: String(target.id),
      upgrade_front_chance: '50.000',
      roll_under: rollUnder,
      selected_multiplier: '1.8',
      token: await getToken(t.app, player.cookie),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: true,
      success: 1,
      tickets: 5,
      item: target.name,
      img: `/app/public/items/${target.id}.png`,
      price: 9,
      quality: 'classified',
      casegame: { kind: 'case', case_id: 7 },
      bonus_balance: before.bonus + 5,
      balance: 0,
      provably_fair: {
        roll: roll.value / 1000,
        chance: 50,
        roll_under: Number(rollUnder),
        server_seed_hash: seed.serverSeedHash,
        client_seed: seed.clientSeed,
        nonce: 0,
      },
    });
    expect(body.vinLastItemId).toEqual(expect.any(Number));

    const [staked] = await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, invId));
    expect(staked.state).toBe('spent');
    const [won] = await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, body.vinLastItemId));
    expect(won).toMatchObject({ userId: player.userId, catalogueItemId: target.id, state: 'owned', source: 'upgrade' });
    const [game] = await t.db.select().from(games).where(eq(games.rollId, body.provably_fair.roll_id));
    expect(game).toMatchObject({
      success: true,
      chance: 50_000,
      roll: roll.value,
      nonce: 0,
      stakeMinor: 500,
      stakeCount: 1,
      targetPriceMinor: 900,
      wonInventoryItemId: won.id,
      tickets: 5,
    });
    expect(staked.spentGameId).toBe(game.id);
    expect(won.sourceGameId).toBe(game.id);
    const [seedAfter] = await t.db.select().from(seeds).where(eq(seeds.id, seed.id));
    expect(seedAfter.nonce).toBe(1);
    // The recorded roll recomputes from the seed that hashes to the recorded commitment.
    expect(sha256Hex(seed.serverSeed)).toBe(game.serverSeedHash);
    expect(computeRollSync(hmacSha256Node, seed.serverSeed, game.clientSeed, game.nonce)).toEqual({
      value: game.roll,
      round: game.round,
      chunk: game.chunk,
    });
  });

  it('settles a loss: stake spent, nothing won, tickets still credited', async () => {
    const { player, target, invId, roll } = await fiftyFiftySetup({ source: 'giftcase' });
    const rollUnder = roll.value < 50_000 ? '0' : '1';
    const before = await snapshot(t.db, player.userId);
    const res = await postUpgrade(t.app, player.cookie, {
      inventory_items: String(invId),
      uniq_item: String(target.id),
      upgrade_front_chance: '50',
      roll_under: rollUnder,
      selected_multiplier: '',
      token: await getToken(t.app, player.cookie),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: 0,
      vinLastItemId: null,
      tickets: 5,
      casegame: { kind: 'giftcase' },
      bonus_balance: before.bonus + 5,
    });
    const after = await snapshot(t.db, player.userId);
    expect(after.inv.find((i) => i.id === invId)!.state).toBe('spent');
    expect(after.inv.length).toBe(before.inv.length);
    expect(after.games).toBe(before.games + 1);
    const [game] = await t.db.select().from(games).where(eq(games.rollId, res.json().provably_fair.roll_id));
    expect(game.success).toBe(false);
    expect(game.wonInventoryItemId).toBeNull();
  });

  it('accepts the item list as repeated fields, one comma-separated value, or a JSON array, and counts nonces up', async () => {
    const player = await register(t.app);
    const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 100 });
    const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 100_000 });
    const ids = await grant(t.db, player.userId, Array(9).fill(stake.id));
    const chance = (n: number) => (chanceThousandths(100 * n, 100_000) / 1000).toFixed(3);
    const forms: Array<Record<string, string | string[]>> = [
      { 'inventory_items[]': ids.slice(0, 3).map(String) },
      { inventory_items: ids.slice(3, 5).map(String) },
      { inventory_items: ids.slice(5, 7).join(',') },
    ];
    const counts = [3, 2, 2];
    for (const [i, form] of forms.entries()) {
      const res = await postUpgrade(t.app, player.cookie, {
        ...form,
        uniq_item: String(target.id),
        upgrade_front_chance: chance(counts[i]),
        roll_under: '1',
        token: await getToken(t.app, player.cookie),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().provably_fair.nonce).toBe(i);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upgrade/upgrade_items',
      headers: { cookie: player.cookie },
      payload: {
        inventory_items: ids.slice(7, 9),
        uniq_item: target.id,
        upgrade_front_chance: Number(chance(2)),
        roll_under: 0,
        selected_multiplier: 'x1.2',
        token: await getToken(t.app, player.cookie),
      },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().provably_fair).toMatchObject({ nonce: 3, roll_under: 0, chance: 0.18 });
    const spent = await t.db.select().from(inventoryItems).where(inArray(inventoryItems.id, ids));
    expect(spent.every((r) => r.state === 'spent')).toBe(true);
  });

  it('accepts a chance shown with one decimal (rounded down) and refuses one rounded up', async () => {
    const player = await register(t.app);
    const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 1234 });
    const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 5678 });
    const c = chanceThousandths(1234, 5678);
    expect(c % 100).not.toBe(0);
    const [a, b] = await grant(t.db, player.userId, [stake.id, stake.id]);
    const base = { uniq_item: String(target.id), roll_under: '1' };
    const up = await postUpgrade(t.app, player.cookie, {
      ...base,
      inventory_items: String(a),
      upgrade_front_chance: (Math.ceil(c / 100) / 10).toFixed(1),
      token: await getToken(t.app, player.cookie),
    });
    expect(up.statusCode).toBe(409);
    const down = await postUpgrade(t.app, player.cookie, {
      ...base,
      inventory_items: String(b),
      upgrade_front_chance: (Math.floor(c / 100) / 10).toFixed(1),
      token: await getToken(t.app, player.cookie),
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().provably_fair.chance).toBe(c / 1000);
  });
});
