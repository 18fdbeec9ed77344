/**
 * A row the decision used changes between the read and the write: the write changes nothing, and the game is read
 * and decided again. The change is made inside the game's own transaction, right before the write, so the moment
 * is exact on PGlite and PostgreSQL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { statement, type DbHandle } from '../../server/db/client.ts';
import { games } from '../../server/db/schema.ts';
import { AppError } from '../../server/messages.ts';
import { sha256Hex } from '../../server/services/crypto.ts';
import { settleUpgrade } from '../../server/services/upgrade.ts';
import { parseUpgradeRequest } from '../../server/services/upgrade-request.ts';
import {
  addCatalogueItem,
  createTestApp,
  grant,
  register,
  snapshot,
  type Player,
  type TestApp,
} from './helpers/app.ts';

const reprice = statement('test_reprice', 'update catalogue_items set price_minor = $1 where id = $2');

let t: TestApp;
let a: Player;
let stake: number[];

beforeAll(async () => {
  t = await createTestApp();
  a = await register(t.app);
  const five = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
  stake = await grant(t.db, a.userId, [five.id, five.id]);
});
afterAll(() => t.close());

/** The handle, with the target repriced inside the first attempt's transaction just before its write. */
function repricingOnce(target: number, price: number): { handle: DbHandle; attempts: () => number } {
  let attempts = 0;
  const raw: DbHandle['raw'] = {
    ...t.handle.raw,
    transaction: (work) =>
      t.handle.raw.transaction((q) => {
        attempts += 1;
        const first = attempts === 1;
        return work({
          ...q,
          commitWith: async (steps) => {
            if (first) await q.batch([{ st: reprice, params: [price, target] }]);
            return q.commitWith(steps);
          },
        });
      }),
  };
  return { handle: { ...t.handle, raw }, attempts: () => attempts };
}

const request = (item: number, target: number, chance: string) =>
  parseUpgradeRequest(
    {
      'inventory_items[]': [String(item)],
      uniq_item: String(target),
      upgrade_front_chance: chance,
      roll_under: '1',
      token: 'checked-by-recaptcha',
    },
    15,
  );
const auth = () => ({ sessionId: sha256Hex(a.cookie.slice('sid='.length)) });

describe('a change between the read and the write', () => {
  it('writes nothing the first time and settles the game as read again', async () => {
    const target = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 })).id;
    // 5.00 for 9.00 is 50 %; for 8.99 it is 50.055 %, which the page's 50.000 still matches (shown rounded down).
    const { handle, attempts } = repricingOnce(target, 899);
    const { answer } = await settleUpgrade(handle, t.config, auth(), request(stake[0], target, '50'), null);
    expect(attempts()).toBe(2);
    expect(answer).toMatchObject({ price: 8.99, provably_fair: { chance: 50.055 } });
    const played = await t.db.select().from(games).where(eq(games.userId, a.userId));
    expect(played).toHaveLength(1);
    expect(played[0]).toMatchObject({ targetPriceMinor: 899, chance: 50_055, stakeMinor: 500 });
  });

  it('refuses with prices_changed, nothing written, when the game read again no longer matches the chance sent', async () => {
    const target = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 })).id;
    const before = await snapshot(t.db, a.userId);
    const { handle, attempts } = repricingOnce(target, 1000);
    const settling = settleUpgrade(handle, t.config, auth(), request(stake[1], target, '50'), null);
    await expect(settling).rejects.toThrow(AppError);
    await expect(settling).rejects.toMatchObject({ statusCode: 409, key: 'prices_changed' });
    expect(attempts()).toBe(2);
    expect(await snapshot(t.db, a.userId)).toEqual(before);
  });
});
