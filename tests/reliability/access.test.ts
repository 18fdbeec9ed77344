/**
 * Access, cross-site and abuse: another player's items, expired and signed-out sessions, replayed and foreign
 * tokens, cross-site posts (with or without the token), signed-out upgrades; the rate limits with their messages.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, usedTokens } from '../../server/db/schema.ts';
import { messages } from '../../server/messages.ts';
import { sha256Hex } from '../../server/services/crypto.ts';
import { DB_KIND } from './helpers/db.ts';
import { record } from './helpers/record.ts';
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
} from '../server/helpers/app.ts';

// Thousands of requests in one scenario: minutes on a busy 2-core machine, beside the parallel server suite.
vi.setConfig({ testTimeout: 600_000, hookTimeout: 180_000 });

let t: TestApp;
let stakeId = 0;
let targetId = 0;
let refusals = 0;
beforeAll(async () => {
  t = await createTestApp({ allowedOrigins: ['https://partner.example'] });
  stakeId = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 })).id;
  targetId = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 })).id;
});
afterAll(() => t?.close());

/** A fair upgrade of one item; `extra` overrides fields or adds headers. */
async function upgrade(p: Player, item: number, token: string, headers: Record<string, string> = {}) {
  const form = new URLSearchParams({
    'inventory_items[]': String(item),
    uniq_item: String(targetId),
    upgrade_front_chance: '50',
    roll_under: '1',
    token,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/upgrade/upgrade_items',
    headers: { cookie: p.cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: form.toString(),
  });
}

/** Expects a refusal with this status and message, and no change to the player's state. */
async function expectRefused(
  p: Player,
  act: () => Promise<{ statusCode: number; json(): unknown }>,
  status: number,
  key: keyof typeof messages.en,
) {
  const before = await snapshot(t.db, p.userId);
  const res = await act();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ status: false, msg: messages.en[key] });
  expect(await snapshot(t.db, p.userId)).toEqual(before);
  refusals += 1;
}

describe(`access (${DB_KIND})`, () => {
  it("refuses staking or selling another player's items", async () => {
    const [a, b] = [await register(t.app), await register(t.app)];
    const [hers] = await grant(t.db, b.userId, [stakeId]);
    await expectRefused(a, async () => upgrade(a, hers, await getToken(t.app, a.cookie)), 409, 'item_unavailable');
    await expectRefused(
      a,
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/inventory/sell',
          headers: { cookie: a.cookie },
          payload: { id: hers },
        }),
      409,
      'item_unavailable',
    );
    expect((await snapshot(t.db, b.userId)).inv.find((i) => i.id === hers)?.state).toBe('owned');
  });

  it('refuses an expired session and a signed-out one everywhere a player acts', async () => {
    const expired = await register(t.app);
    const token = await getToken(t.app, expired.cookie);
    const [item] = await grant(t.db, expired.userId, [stakeId]);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sha256Hex(expired.cookie.slice('sid='.length))));
    const out = await register(t.app);
    const outToken = await getToken(t.app, out.cookie);
    const [outItem] = await grant(t.db, out.userId, [stakeId]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: out.cookie } })).statusCode,
    ).toBe(200);
    const spent = async () => (await t.db.select({ id: usedTokens.id }).from(usedTokens)).length;
    for (const [p, it, tok] of [
      [expired, item, token],
      [out, outItem, outToken],
    ] as const) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: p.cookie } })).json().user,
      ).toBeNull();
      // The token call does not look the session up (docs/api.md): a dead session's cookie still gets a token,
      // bound to that session, which the settlement refuses like any other game of a dead session.
      const late = await getToken(t.app, p.cookie);
      const used = await spent();
      await expectRefused(p, () => upgrade(p, it, late), 401, 'not_signed_in');
      await expectRefused(p, () => upgrade(p, it, tok), 401, 'not_signed_in');
      expect(await spent()).toBe(used);
      await expectRefused(
        p,
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/inventory/sell',
            headers: { cookie: p.cookie },
            payload: { id: it },
          }),
        401,
        'not_signed_in',
      );
    }
  });

  it('refuses a replayed token and a token of another player', async () => {
    const [a, b] = [await register(t.app), await register(t.app)];
    const [first, second] = await grant(t.db, a.userId, [stakeId, stakeId]);
    const token = await getToken(t.app, a.cookie);
    expect((await upgrade(a, first, token)).statusCode).toBe(200);
    await expectRefused(a, () => upgrade(a, second, token), 403, 'token_invalid');
    const hers = await getToken(t.app, b.cookie);
    await expectRefused(a, () => upgrade(a, second, hers), 403, 'token_invalid');
  });

  it('refuses a signed-out upgrade', async () => {
    const p = await register(t.app);
    const [item] = await grant(t.db, p.userId, [stakeId]);
    await expectRefused(
      p,
      () =>
        postUpgrade(t.app, '', {
          'inventory_items[]': String(item),
          uniq_item: String(targetId),
          upgrade_front_chance: '50',
          roll_under: '1',
          token: 'x',
        }),
      401,
      'not_signed_in',
    );
  });

  it('refuses cross-site posts by Origin or Referer, with or without the token, and lets this site and allowed origins through', async () => {
    const p = await register(t.app);
    const [item] = await grant(t.db, p.userId, [stakeId]);
    const crossSite: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      { origin: 'http://localhost:8080' },
    ];
    for (const headers of crossSite) {
      await expectRefused(p, () => upgrade(p, item, ''), 400, 'token_missing');
      await expectRefused(p, () => upgrade(p, item, '', headers), 403, 'cross_site');
      await expectRefused(p, async () => upgrade(p, item, await getToken(t.app, p.cookie), headers), 403, 'cross_site');
      await expectRefused(
        p,
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/inventory/sell',
            headers: { cookie: p.cookie, ...headers },
            payload: { id: item },
          }),
        403,
        'cross_site',
      );
      await expectRefused(
        p,
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            headers,
            payload: { username: p.username, password: 'secret-pass' },
          }),
        403,
        'cross_site',
      );
    }
    // inject's Host is localhost:80: the same origin, and the configured partner, are not cross-site.
    for (const origin of ['http://localhost', 'http://localhost:80', 'https://partner.example']) {
      const [toPlay, toSell] = await grant(t.db, p.userId, [stakeId, stakeId]);
      expect((await upgrade(p, toPlay, await getToken(t.app, p.cookie), { origin })).statusCode).toBe(200);
      const sold = await t.app.inject({
        method: 'POST',
        url: '/api/inventory/sell',
        headers: { cookie: p.cookie, origin, referer: `${origin}/upgrades/` },
        payload: { id: toSell },
      });
      expect(sold.statusCode).toBe(200);
    }
    record('access', { refusals_checked: refusals });
  });
});
