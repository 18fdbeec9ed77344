import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { catalogueItems, inventoryItems, seeds, sessions, users } from '../../server/db/schema.ts';
import { messages } from '../../server/messages.ts';
import { sha256Hex } from '../../server/services/crypto.ts';
import { createTestApp, register, sidCookie, uniqueName, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ starterPackSize: 12 });
});
afterAll(() => t.close());

const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });

describe('POST /api/auth/register', () => {
  it('creates the player, signs them in with an HttpOnly SameSite=Lax cookie, and grants a starter pack in demo mode', async () => {
    const username = uniqueName('new');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${username}&password=long-enough-pass&age_confirmed=on`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, user: { name: username, balance: 0, bonus_balance: 0 } });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/sid=[\w-]+/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = sidCookie(res.headers['set-cookie']);
    expect((await me(cookie)).json().user.name).toBe(username);

    const userId = res.json().user.id;
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The session table keeps only the hash of the cookie secret.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(stored.map((s) => s.id)).toEqual([sha256Hex(cookie.slice(4))]);

    const pack = await t.db
      .select({
        source: inventoryItems.source,
        caseId: inventoryItems.sourceCaseId,
        typePrize: catalogueItems.typePrize,
        site: catalogueItems.site,
      })
      .from(inventoryItems)
      .innerJoin(catalogueItems, eq(catalogueItems.id, inventoryItems.catalogueItemId))
      .where(eq(inventoryItems.userId, userId));
    expect(pack).toHaveLength(12);
    expect(pack.every((p) => p.site === 'cs')).toBe(true);
    expect(pack.some((p) => p.typePrize === LOCKED_TYPE_PRIZE)).toBe(true);
    expect(new Set(pack.map((p) => p.source))).toEqual(new Set(['case', 'giftcase', 'starter']));
    expect(pack.filter((p) => p.source === 'case').every((p) => p.caseId !== null)).toBe(true);
    const seedRows = await t.db.select().from(seeds).where(eq(seeds.userId, userId));
    expect(seedRows.map((s) => s.status).sort()).toEqual(['active', 'next']);
  });

  it('sets a Secure cookie when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await createTestApp({ trustProxy: '127.0.0.1', starterPackSize: 1 });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: uniqueName(), password: 'long-enough-pass', age_confirmed: '1' },
      });
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });

  it.each([
    { username: 'ab', password: 'pass', key: 'username_invalid' as const },
    { username: 'has space', password: 'pass', key: 'username_invalid' as const },
    { username: 'x'.repeat(33), password: 'pass', key: 'username_invalid' as const },
    { username: 'okname', password: 'abc', key: 'password_short' as const },
    { username: 'okname', password: 'p'.repeat(129), key: 'password_short' as const },
    { username: 'okname', password: 42, key: 'password_invalid' as const },
    { username: 42, password: 'pass', key: 'username_invalid' as const },
  ])('refuses username $username / a password of the wrong length with 400', async ({ username, password, key }) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, password } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en[key] });
  });

  it.each([undefined, '', '0', 'off', 'false'])(
    'refuses an account whose age is not confirmed (%j) with its message and creates nothing',
    async (age) => {
      const username = uniqueName('minor');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username, password: 'long-enough-pass', ...(age === undefined ? {} : { age_confirmed: age }) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: false, msg: messages.en.age_required });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: 'long-enough-pass' },
      });
      expect(login.statusCode).toBe(401);
    },
  );
  it('refuses a username shaped like a Steam account (steam_ and a digit), in en and ru', async () => {
    for (const username of ['steam_76561197960287930', 'STEAM_1abc', 'steam_0']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username, password: 'long-enough-pass' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: false, msg: messages.en.username_reserved });
    }
    expect(messages.ru.username_reserved).toMatch(/Steam/);
    expect(messages.ru.username_reserved).not.toBe(messages.en.username_reserved);
    expect((await register(t.app, `steamer_${Date.now() % 1e6}`)).userId).toBeGreaterThan(0);
  });

  it('refuses a taken username, case-insensitively, with 409', async () => {
    const p = await register(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: p.username.toUpperCase(), password: 'long-enough-pass', age_confirmed: '1' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(messages.en.username_taken);
  });
});

describe('POST /api/auth/login', () => {
  it('signs the seeded demo account in with demo / demo', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'demo', password: 'demo' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('demo');
  });

  it('refuses a wrong password and an unknown user with the same 401', async () => {
    const p = await register(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: p.username, password: 'nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: uniqueName('ghost'), password: 'nope-nope' },
    });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: the old cookie no longer signs in', async () => {
    const p = await register(t.app);
    expect((await me(p.cookie)).json().user).not.toBeNull();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: p.cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/sid=;/);
    expect((await me(p.cookie)).json()).toEqual({ status: true, user: null });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/inventory/sell',
          headers: { cookie: p.cookie },
          payload: { id: 1 },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses an expired session', async () => {
    const p = await register(t.app);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, p.userId));
    expect((await me(p.cookie)).json().user).toBeNull();
  });
});

describe('GET /api/auth/me', () => {
  it('answers user null when signed out', async () => {
    expect((await me()).json()).toEqual({ status: true, user: null });
  });
});
