import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inventoryItems } from '../../server/db/schema.ts';
import {
  addCatalogueItem,
  createTestApp,
  getToken,
  grant,
  postUpgrade,
  register,
  type TestApp,
} from './helpers/app.ts';

// On PostgreSQL a sale used to lock the item and then wait for the player row (its ledger insert's foreign-key
// check) while a game held the player row and waited for the item: a deadlock, answered 500 after the retries.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitUpgradePerMin: 0, rateLimitUpgradeIpPerMin: 0 });
});
afterAll(() => t.close());

describe('POST /api/inventory/sell racing POST /api/upgrade/upgrade_items', () => {
  it('answers every one of 60 interleaved sells and upgrades of the same items with 200 or 409, never 5xx', async () => {
    const p = await register(t.app);
    const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
    const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
    const items = await grant(t.db, p.userId, Array(6).fill(stake.id));
    const tokens = await Promise.all(Array.from({ length: 30 }, () => getToken(t.app, p.cookie)));
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const item = String(items[i % items.length]);
        if (i % 2 === 0)
          return t.app.inject({
            method: 'POST',
            url: '/api/inventory/sell',
            headers: { cookie: p.cookie },
            payload: { id: item },
          });
        return postUpgrade(t.app, p.cookie, {
          'inventory_items[]': [item],
          uniq_item: String(target.id),
          upgrade_front_chance: '50',
          roll_under: '1',
          token: tokens[(i - 1) / 2],
        });
      }),
    );
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(items.length);
    const rows = await t.db
      .select({ id: inventoryItems.id, state: inventoryItems.state })
      .from(inventoryItems)
      .where(eq(inventoryItems.userId, p.userId));
    expect(
      rows
        .filter((r) => items.includes(r.id))
        .map((r) => r.state)
        .filter((s) => s === 'owned'),
    ).toEqual([]);
  });

  it('takes the player lock before locking the item, as a game does', async () => {
    const p = await register(t.app);
    const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
    const [item] = await grant(t.db, p.userId, [stake.id]);
    const sell = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/inventory/sell',
        headers: { cookie: p.cookie },
        payload: { id: String(item) },
      });
    // PGlite has one connection, so transactions cannot interleave there; the interleaving needs PostgreSQL.
    if (!t.databaseUrl) return expect((await sell()).statusCode).toBe(200);
    const game = new pg.Client({ connectionString: t.databaseUrl });
    await game.connect();
    try {
      await game.query('begin');
      await game.query('select id from users where id = $1 for update', [p.userId]);
      const sale = sell();
      await new Promise((r) => setTimeout(r, 300));
      // A game holding the player row can still lock the item: the sale waits for the player before touching it.
      const locked = await game.query('select id from inventory_items where id = $1 for update nowait', [item]);
      expect(locked.rowCount).toBe(1);
      await game.query('rollback');
      expect((await sale).statusCode).toBe(200);
    } finally {
      await game.end();
    }
  });
});
