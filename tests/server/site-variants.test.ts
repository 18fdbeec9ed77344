import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { wallets } from '../../server/db/schema.ts';
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

describe('the ru site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ site: 'ru' });
  });
  afterAll(() => t.close());

  it('has a ticket step of 90 roubles by default', () => {
    expect(t.config.ticketStepMinor).toBe(9000);
  });

  it('plays the CS catalogue in roubles: Russian messages, a one-decimal chance, tickets per 90 roubles, RUB balance', async () => {
    const p = await register(t.app);
    const stake = await addCatalogueItem(t.db, { site: 'ru', priceMinor: 18_000 });
    const target = await addCatalogueItem(t.db, { site: 'ru', priceMinor: 36_000 });
    const csItem = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 100 });
    const [item, toSell, foreignGame] = await grant(t.db, p.userId, [stake.id, stake.id, csItem.id]);

    const res = await postUpgrade(t.app, p.cookie, {
      'inventory_items[]': [String(item)],
      uniq_item: String(target.id),
      upgrade_front_chance: '45.0',
      roll_under: '1',
      token: await getToken(t.app, p.cookie),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ price: 360, tickets: 2, bonus_balance: 2, provably_fair: { chance: 45 } });
    expect(body.msg).toBe(body.success ? messages.ru.upgrade_won : messages.ru.upgrade_lost);

    const sold = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/sell',
      headers: { cookie: p.cookie },
      payload: { id: toSell },
    });
    expect(sold.json()).toEqual({ status: true, balance: 180 });
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, p.userId));
    expect(wallet).toMatchObject({ currency: 'RUB', balanceMinor: 18_000 });

    const inventory = (
      await t.app.inject({ method: 'POST', url: '/api/upgrade/index', headers: { cookie: p.cookie } })
    ).json().inventory;
    expect(inventory.some((i: { id: number }) => i.id === foreignGame)).toBe(false);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/sell',
      headers: { cookie: p.cookie },
      payload: { id: foreignGame },
    });
    expect(refused.json()).toEqual({ status: false, msg: messages.ru.item_unavailable });
  });
});

describe('the target catalogue cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ site: 'dota' });
  });
  afterAll(() => t.close());

  it('reuses the serialised catalogue within its TTL and reloads after invalidation', async () => {
    const { TargetCatalogue } = await import('../../server/services/catalogue-index.ts');
    const cache = new TargetCatalogue(t.db, t.config, 60_000);
    const first = JSON.parse(await cache.json());
    expect(first.length).toBeGreaterThanOrEqual(1000);
    const added = await addCatalogueItem(t.db, { site: 'dota', priceMinor: 123, type: 'Rare' });
    expect(JSON.parse(await cache.json())).toHaveLength(first.length);
    cache.invalidate();
    const reloaded = JSON.parse(await cache.json());
    expect(reloaded).toHaveLength(first.length + 1);
    expect(reloaded.some((i: { id: number }) => i.id === added.id)).toBe(true);
  });
});
