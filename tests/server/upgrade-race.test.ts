import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { games, inventoryItems } from '../../server/db/schema.ts';
import { messages } from '../../server/messages.ts';
import {
  addCatalogueItem,
  createTestApp,
  getToken,
  grant,
  postUpgrade,
  register,
  type TestApp,
} from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/upgrade/upgrade_items', () => {
  it('lets exactly one of 20 parallel requests staking the same item through', async () => {
    const player = await register(t.app);
    const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
    const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
    const [item] = await grant(t.db, player.userId, [stake.id]);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => getToken(t.app, player.cookie)));
    const results = await Promise.all(
      tokens.map((token) =>
        postUpgrade(t.app, player.cookie, {
          'inventory_items[]': [String(item)],
          uniq_item: String(target.id),
          upgrade_front_chance: '50',
          roll_under: '1',
          token,
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ status: false, msg: messages.en.item_unavailable });
    }
    const played = await t.db.select().from(games).where(eq(games.userId, player.userId));
    expect(played).toHaveLength(1);
    expect(played[0].nonce).toBe(0);
    const [row] = await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, item));
    expect(row).toMatchObject({ state: 'spent', spentGameId: played[0].id });
  });

  it('settles parallel games of one player on distinct items with consecutive nonces', async () => {
    const player = await register(t.app);
    const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
    const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
    const items = await grant(t.db, player.userId, Array(10).fill(stake.id));
    const tokens = await Promise.all(items.map(() => getToken(t.app, player.cookie)));
    const results = await Promise.all(
      items.map((item, i) =>
        postUpgrade(t.app, player.cookie, {
          'inventory_items[]': [String(item)],
          uniq_item: String(target.id),
          upgrade_front_chance: '50',
          roll_under: '1',
          token: tokens[i],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const nonces = results.map((r) => r.json().provably_fair.nonce).sort((x: number, y: number) => x - y);
    expect(nonces).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
