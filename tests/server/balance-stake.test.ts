import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { siteInfo } from '../../server/config.ts';
import { games, inventoryItems, ledgerEntries, wallets } from '../../server/db/schema.ts';
import { messages } from '../../server/messages.ts';
import { credit } from '../../server/services/wallet.ts';
import { checkInvariants } from '../reliability/invariants.ts';
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

const CURRENCY = siteInfo('cs').currency;
let t: TestApp;
let stakeItem: number;
/** 40.00: against a 10.00 stake the chance is exactly 22.5 %. */
let target: number;

beforeAll(async () => {
  t = await createTestApp();
  stakeItem = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 })).id;
  target = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 4_000 })).id;
});
afterAll(() => t.close());

/** A new player with this balance (minor units), credited as a sale would be. */
async function playerWith(balanceMinor: number): Promise<Player> {
  const p = await register(t.app);
  if (balanceMinor > 0)
    await t.db.transaction((tx) =>
      credit(tx, { userId: p.userId, currency: CURRENCY, amountMinor: balanceMinor, kind: 'adjust' }),
    );
  return p;
}

async function play(p: Player, fields: Record<string, string | string[]>) {
  return postUpgrade(t.app, p.cookie, {
    uniq_item: String(target),
    roll_under: '1',
    token: await getToken(t.app, p.cookie),
    ...fields,
  });
}

const balanceOf = async (userId: number) =>
  (await t.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balanceMinor ?? 0;

const gameLedger = (userId: number) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'game')));

describe('a stake of balance', () => {
  it('plays balance alone at the chance its amount gives, debits it with a ledger entry and records it', async () => {
    const p = await playerWith(2_500);
    const res = await play(p, { balance_stake: '10.00', upgrade_front_chance: '22.5' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.provably_fair.chance).toBe(22.5);
    expect(answer.balance).toBe(15);
    expect(await balanceOf(p.userId)).toBe(1_500);
    const [game] = await t.db.select().from(games).where(eq(games.rollId, answer.provably_fair.roll_id));
    expect(game).toMatchObject({ stakeMinor: 1_000, balanceStakeMinor: 1_000, stakeCount: 0, chance: 22_500 });
    expect(await gameLedger(p.userId)).toMatchObject([{ amountMinor: -1_000, gameId: game.id, currency: CURRENCY }]);
    expect(answer.casegame).toBeNull();
    // A win gives the target, as for items.
    const won = await t.db
      .select()
      .from(inventoryItems)
      .where(and(eq(inventoryItems.userId, p.userId), eq(inventoryItems.source, 'upgrade')));
    expect(won.map((i) => i.id)).toEqual(answer.success ? [answer.vinLastItemId] : []);
  });

  it('adds balance to items: the chance counts both, the items are spent and the balance debited', async () => {
    const p = await playerWith(1_000);
    const [a, b] = await grant(t.db, p.userId, [stakeItem, stakeItem]);
    // 5.00 + 5.00 + 2.50 = 12.50 against 40.00: 28.125 %.
    const res = await play(p, {
      'inventory_items[]': [String(a), String(b)],
      balance_stake: '2.5',
      upgrade_front_chance: '28.125',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.provably_fair.chance).toBe(28.125);
    expect(answer.balance).toBe(7.5);
    const [game] = await t.db.select().from(games).where(eq(games.rollId, answer.provably_fair.roll_id));
    expect(game).toMatchObject({ stakeMinor: 1_250, balanceStakeMinor: 250, stakeCount: 2 });
    const spent = await t.db.select().from(inventoryItems).where(eq(inventoryItems.spentGameId, game.id));
    expect(spent.map((i) => i.id).sort()).toEqual([a, b].sort());
  });

  it('refuses more than the balance, in the site language, and changes nothing', async () => {
    const p = await playerWith(999);
    const before = await snapshot(t.db, p.userId);
    const res = await play(p, { balance_stake: '10', upgrade_front_chance: '22.5' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: false, msg: messages.en.balance_insufficient });
    expect(await snapshot(t.db, p.userId)).toEqual(before);
    expect(await gameLedger(p.userId)).toEqual([]);
  });

  it.each([
    ['-1', 'balance_stake_invalid'],
    ['1.234', 'balance_stake_invalid'],
    ['1e3', 'balance_stake_invalid'],
    [' 5', 'balance_stake_invalid'],
    ['abc', 'balance_stake_invalid'],
    // Past the bound by its cents only: refused as malformed, not as more than the balance.
    ['1000000000.01', 'balance_stake_invalid'],
    ['0', 'items_required'],
    ['', 'items_required'],
  ])('refuses balance_stake %j with no items: %s, changing nothing', async (value, key) => {
    const p = await playerWith(5_000);
    const before = await snapshot(t.db, p.userId);
    const res = await play(p, { balance_stake: value, upgrade_front_chance: '22.5' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en[key as keyof typeof messages.en] });
    expect(await snapshot(t.db, p.userId)).toEqual(before);
  });

  it('refuses a balance stake whose chance is below the minimum, and one that is worth more than the target', async () => {
    const p = await playerWith(100_000);
    const before = await snapshot(t.db, p.userId);
    const low = await play(p, { balance_stake: '0.01', upgrade_front_chance: '0.1' });
    expect(low.json()).toEqual({ status: false, msg: messages.en.chance_too_low });
    const dear = await play(p, { balance_stake: '40', upgrade_front_chance: '80' });
    expect(dear.json()).toEqual({ status: false, msg: messages.en.target_too_cheap });
    expect(await snapshot(t.db, p.userId)).toEqual(before);
  });

  it('lets one of two games racing for the same money through, and never takes the balance below zero', async () => {
    const p = await playerWith(1_500);
    const [one, two] = await Promise.all([
      play(p, { balance_stake: '10', upgrade_front_chance: '22.5' }),
      play(p, { balance_stake: '10', upgrade_front_chance: '22.5' }),
    ]);
    const statuses = [one.statusCode, two.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = one.statusCode === 409 ? one : two;
    expect(refused.json().msg).toBe(messages.en.balance_insufficient);
    expect(await balanceOf(p.userId)).toBe(500);
    expect(await gameLedger(p.userId)).toHaveLength(1);
    // The wallet is still the sum of its entries.
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, p.userId));
    expect(entries.reduce((s, e) => s + e.amountMinor, 0)).toBe(500);
  });

  it('leaves every wallet the sum of its entries and every balance stake matched by its debit', async () => {
    expect((await checkInvariants(t.db)).violations).toEqual([]);
  });
});
