/** A site configured with house rules other than the defaults: 0.95, 1 % to 75 %, 10 items. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chanceThousandths } from '../../src/domain/chance.ts';
import { gameRulesFromWire } from '../../src/domain/rules.ts';
import { verifyGame } from '../../src/domain/verify.ts';
import { rollRecord } from '../../src/fair/rollRecord.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { games } from '../../server/db/schema.ts';
import { messages } from '../../server/messages.ts';
import { sha256Hex } from '../../server/services/crypto.ts';
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

const env = { PAYOUT_FACTOR: '0.95', CHANCE_MIN_PERCENT: '1', CHANCE_MAX_PERCENT: '75', MAX_STAKE_ITEMS: '10' };
let t: TestApp;
let a: Player;
const ids: Record<string, number> = {};
let items: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ houseRules: loadConfig(env).houseRules });
  a = await register(t.app);
  const five = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
  const fifty = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 50 });
  const big = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 890 });
  items = await grant(t.db, a.userId, [five.id, fifty.id, big.id, ...Array.from({ length: 11 }, () => fifty.id)]);
  ids.ten = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 1000 })).id;
  ids.nine = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 })).id;
  ids.hundred = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 10_000 })).id;
  ids.thousand = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 100_000 })).id;
});
afterAll(() => t.close());

async function play(stake: number[], target: number, chance: string) {
  return postUpgrade(t.app, a.cookie, {
    'inventory_items[]': stake.map(String),
    uniq_item: String(target),
    upgrade_front_chance: chance,
    roll_under: '1',
    selected_multiplier: '2',
    token: await getToken(t.app, a.cookie),
  });
}

describe('house rules from the environment', () => {
  it('reads PAYOUT_FACTOR, CHANCE_MIN_PERCENT, CHANCE_MAX_PERCENT, MAX_STAKE_ITEMS exactly, defaults otherwise', () => {
    expect(loadConfig(env).houseRules).toEqual({
      payoutPer100k: 95_000,
      chanceMin: 1_000,
      chanceMax: 75_000,
      maxStakeItems: 10,
    });
    expect(loadConfig({}).houseRules).toEqual({
      payoutPer100k: 90_000,
      chanceMin: 100,
      chanceMax: 80_000,
      maxStakeItems: 15,
    });
    expect(loadConfig({ PAYOUT_FACTOR: '0.98765', CHANCE_MIN_PERCENT: '0.005' }).houseRules).toMatchObject({
      payoutPer100k: 98_765,
      chanceMin: 5,
    });
  });

  it.each([
    [{ PAYOUT_FACTOR: '1.5' }, 'PAYOUT_FACTOR'],
    [{ PAYOUT_FACTOR: '0.123456' }, 'PAYOUT_FACTOR'],
    [{ PAYOUT_FACTOR: '-0.9' }, 'PAYOUT_FACTOR'],
    [{ CHANCE_MIN_PERCENT: '0.0001' }, 'CHANCE_MIN_PERCENT'],
    [{ CHANCE_MAX_PERCENT: '100' }, 'CHANCE_MAX_PERCENT'],
    [{ CHANCE_MIN_PERCENT: '50', CHANCE_MAX_PERCENT: '40' }, 'CHANCE_MIN_PERCENT=50 is above CHANCE_MAX_PERCENT=40'],
    [{ MAX_STAKE_ITEMS: '0' }, 'MAX_STAKE_ITEMS'],
    [{ MAX_STAKE_ITEMS: 'ten' }, 'MAX_STAKE_ITEMS'],
  ])('refuses %o at start', (bad, named) => {
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    expect(() => loadConfig(bad)).toThrow(named);
  });
});

describe('a site at 0.95, 1 % to 75 %, 10 items', () => {
  it('tells the page its rules in GET /api/site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.json().house_rules).toEqual({ payout_factor: 0.95, chance_min: 1, chance_max: 75, max_stake_items: 10 });
  });

  it('plays at stake x 0.95 / target, records the rules, and the roll record verifies with them', async () => {
    // 5.00 x 0.95 / 10.00 = 47.5 % (45 % at the default 0.9).
    const res = await play([items[0]], ids.ten, '47.5');
    expect(res.statusCode, res.body).toBe(200);
    const rollId = res.json().provably_fair.roll_id as string;
    expect(res.json().provably_fair.chance).toBe(47.5);
    const [game] = await t.db.select().from(games).where(eq(games.rollId, rollId));
    expect(game).toMatchObject({ chance: 47_500, payoutPer100k: 95_000, chanceMin: 1_000, chanceMax: 75_000 });

    await t.app.inject({ method: 'POST', url: '/api/provably_fair/rotate', headers: { cookie: a.cookie } });
    const record = (await t.app.inject({ method: 'GET', url: `/api/provably_fair/roll/${rollId}` })).json();
    expect(record).toMatchObject({
      stake: 5,
      target_price: 10,
      chance: 47.5,
      rules: { payout_factor: 0.95, chance_min: 1, chance_max: 75 },
    });
    const hmac = async (key: string, message: string) =>
      new Uint8Array((await import('node:crypto')).createHmac('sha256', key).update(message).digest());
    const verdict = await verifyGame(rollRecord(record), hmac, async (s) => sha256Hex(s));
    expect(verdict).toMatchObject({
      seedMatchesHash: true,
      rollMatches: true,
      resultFollows: true,
      chanceFollows: true,
    });
    // The recorded rules, not today's defaults, are what the chance follows from.
    expect(chanceThousandths(500, 1000, gameRulesFromWire(record.rules))).toBe(47_500);
    expect(chanceThousandths(500, 1000)).not.toBe(47_500);
  });

  it('caps the chance at 75 %', async () => {
    // 8.90 x 0.95 / 9.00 = 93.9 %, capped.
    const res = await play([items[2]], ids.nine, '75');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().provably_fair.chance).toBe(75);
  });

  it.each([
    // 0.50 x 0.95 / 100.00 = 0.475 %: playable at the default 0.1 % minimum, not at 1 %.
    ['a chance under 1 %', () => [items[1]], () => ids.hundred, '0.475', 400, 'chance_too_low' as const],
    ['11 items', () => items.slice(3, 14), () => ids.thousand, '5.225', 400, 'too_many_items' as const],
  ])('refuses %s and changes nothing', async (_name, stake, target, chance, status, key) => {
    const before = await snapshot(t.db, a.userId);
    const res = await play(stake(), target(), chance);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ status: false, msg: messages.en[key] });
    expect(await snapshot(t.db, a.userId)).toEqual(before);
  });

  it('plays 10 items', async () => {
    // 10 x 0.50 x 0.95 / 1000.00 = 0.475 %: below 1 %, so against 100.00: 4.75 %.
    const res = await play(items.slice(3, 13), ids.hundred, '4.75');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().provably_fair.chance).toBe(4.75);
  });
});
