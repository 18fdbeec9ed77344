import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../server/messages.ts';
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
let a: Player;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await register(t.app);
  const fiveDollars = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
  const threeCents = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 3 });
  [ids.five, ids.five2, ids.tiny, ids.tiny2] = await grant(t.db, a.userId, [
    fiveDollars.id,
    fiveDollars.id,
    threeCents.id,
    threeCents.id,
  ]);
  ids.knife = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 737_792 })).id;
  ids.fourCents = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 4 })).id;
  // 500 x 90 000 / 450 001 = 99.99..., just under the 0.1 % minimum (100); 450 000 gives exactly 100.
  ids.belowMin = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 450_001 })).id;
  ids.atMin = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 450_000 })).id;
});
afterAll(() => t.close());

async function play(item: number, target: number, chance: string) {
  const token = await getToken(t.app, a.cookie);
  return postUpgrade(t.app, a.cookie, {
    'inventory_items[]': [String(item)],
    uniq_item: String(target),
    upgrade_front_chance: chance,
    roll_under: '1',
    selected_multiplier: '2',
    token,
  });
}

describe('the minimum chance', () => {
  it.each([
    ['a $0.03 stake against a $7,377.92 target, at the 0.1 % the page once showed', 'tiny', 'knife'],
    ['a stake whose chance is a fraction of a thousandth below the minimum', 'five', 'belowMin'],
  ])('refuses %s, saying what to do, and changes nothing', async (_name, item, target) => {
    const before = await snapshot(t.db, a.userId);
    const res = await play(ids[item], ids[target], '0.100');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en.chance_too_low });
    expect(await snapshot(t.db, a.userId)).toEqual(before);
  });

  it('plays a stake whose chance is exactly the minimum, at 0.1 %', async () => {
    const res = await play(ids.five2, ids.atMin, '0.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price: 4500, tickets: 5, provably_fair: { chance: 0.1 } });
  });

  it('pays no ticket for a stake below one ticket step', async () => {
    const before = await snapshot(t.db, a.userId);
    // 3 x 90 000 / 4 = 67 500: a 67.5 % game worth 3 cents, under the 100-cent step.
    const res = await play(ids.tiny2, ids.fourCents, '67.5');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ tickets: 0, bonus_balance: before.bonus, provably_fair: { chance: 67.5 } });
    expect((await snapshot(t.db, a.userId)).bonus).toBe(before.bonus);
  });
});
