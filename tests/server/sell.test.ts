import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inventoryItems, ledgerEntries, wallets } from '../../server/db/schema.ts';
import { messages } from '../../server/messages.ts';
import { addCatalogueItem, createTestApp, grant, register, snapshot, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sell = (cookie: string, id: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/inventory/sell', headers: { cookie }, payload: { id } });

describe('POST /api/inventory/sell', () => {
  it('sells an item at its catalogue price into the balance, once', async () => {
    const p = await register(t.app);
    const item = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 1234 });
    const [inv, inv2] = await grant(t.db, p.userId, [item.id, item.id]);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/sell',
      headers: { cookie: p.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${inv}`,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true, balance: 12.34 });
    const again = await sell(p.cookie, inv);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(messages.en.item_unavailable);
    expect((await sell(p.cookie, inv2)).json()).toEqual({ status: true, balance: 24.68 });
    const [row] = await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, inv));
    expect(row.state).toBe('sold');
    const ledger = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, p.userId));
    expect(ledger.map((l) => [l.kind, l.amountMinor, l.currency])).toEqual([
      ['sale', 1234, 'USD'],
      ['sale', 1234, 'USD'],
    ]);
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, p.userId));
    expect(wallet.balanceMinor).toBe(ledger.reduce((s, l) => s + l.amountMinor, 0));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: p.cookie } })).json().user.balance,
    ).toBe(24.68);
  });

  it('pays once when the same item is sold 10 times in parallel', async () => {
    const p = await register(t.app);
    const item = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 700 });
    const [inv] = await grant(t.db, p.userId, [item.id]);
    const results = await Promise.all(Array.from({ length: 10 }, () => sell(p.cookie, inv)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, p.userId));
    expect(wallet.balanceMinor).toBe(700);
  });

  it.each([
    { name: 'a locked (type_prize 13) item', kind: 'locked', status: 400 },
    { name: "another player's item", kind: 'foreign', status: 409 },
    { name: 'a non-numeric id', kind: 'junk', status: 400 },
    { name: 'a missing id', kind: 'missing', status: 400 },
  ])('refuses $name and changes nothing', async ({ kind, status }) => {
    const p = await register(t.app);
    const other = await register(t.app);
    const locked = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500, typePrize: 13 });
    const [lockedInv] = await grant(t.db, p.userId, [locked.id]);
    const [foreignInv] = await grant(t.db, other.userId, [locked.id]);
    const id = { locked: lockedInv, foreign: foreignInv, junk: 'abc', missing: undefined }[kind];
    const before = [await snapshot(t.db, p.userId), await snapshot(t.db, other.userId)];
    const res = await sell(p.cookie, id);
    expect(res.statusCode).toBe(status);
    expect(res.json().status).toBe(false);
    expect([await snapshot(t.db, p.userId), await snapshot(t.db, other.userId)]).toEqual(before);
  });

  it('refuses a signed-out sale with 401', async () => {
    expect((await sell('sid=x', 1)).statusCode).toBe(401);
  });
});
