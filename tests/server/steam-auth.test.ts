import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { openDb, type DbHandle } from '../../server/db/client.ts';
import { inventoryItems, steamNonces, users } from '../../server/db/schema.ts';
import { t as msg, type MessageKey } from '../../server/messages.ts';
import { returnTo } from '../../server/services/steam-openid.ts';
import { randomSteamId, startFakeSteam, type FakeSteam } from '../helpers/fake-steam.ts';
import { createTestApp, sidCookie, type TestApp } from './helpers/app.ts';

let fake: FakeSteam;
let evil: FakeSteam;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeSteam();
  evil = await startFakeSteam();
  t = await createTestApp({
    publicUrl: 'https://upgrades.example',
    steamOpenidUrl: fake.endpoint,
    steamApiUrl: fake.apiUrl,
    steamApiKey: 'test-key',
    steamAvatarOrigins: [fake.apiUrl],
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await evil.close();
});
beforeEach(() => {
  fake.verdict = 'verify';
  fake.steamId = randomSteamId();
  fake.checks = 0;
  evil.checks = 0;
});

/** The state cookie value GET /api/auth/steam set. */
function stateOf(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
  const pair = all.map((c) => c.split(';')[0]).find((c) => c.startsWith('steam_state='));
  if (!pair) throw new Error('no steam_state cookie');
  return pair.slice('steam_state='.length);
}

/** Starts a flow on `app`; returns its state. */
async function start(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/steam' });
  expect(res.statusCode).toBe(302);
  return stateOf(res.headers['set-cookie']);
}

/** Brings an assertion back to the return route as the browser would, with the flow's state cookie. */
function finish(app: FastifyInstance, state: string | null, fields: Record<string, string>, extra = '') {
  const query = new URLSearchParams({ state: state ?? '', ...fields });
  return app.inject({
    method: 'GET',
    url: `/api/auth/steam/return?${query}`,
    headers: { cookie: `${state === null ? '' : `steam_state=${state}; `}${extra}` },
  });
}

/** A flow on the test app whose assertion has `over` applied (validly signed by the fake all the same). */
async function signIn(over: Record<string, string> = {}, nonceAt?: number) {
  const state = await start(t.app);
  return finish(t.app, state, fake.assertion(returnTo(t.config, state), over, nonceAt));
}

async function steamUsers(steamId: string): Promise<number> {
  const [{ n }] = await t.db.select({ n: count() }).from(users).where(eq(users.steamId, steamId));
  return n;
}

/** A refusal: the status, the message of `key` in the site's language, no session and no account. */
async function expectRefused(res: Awaited<ReturnType<typeof finish>>, status: number, key: MessageKey) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ status: false, msg: msg('en', key) });
  expect(String(res.headers['set-cookie'])).not.toMatch(/(^|,)\s*sid=/);
  expect(String(res.headers['set-cookie'])).toMatch(/steam_state=; Max-Age=0/);
  expect(await steamUsers(fake.steamId)).toBe(0);
}

describe('GET /api/auth/steam', () => {
  it('sends the player to the configured endpoint with an identifier_select checkid_setup bound to a state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/steam' });
    expect(res.statusCode).toBe(302);
    const state = stateOf(res.headers['set-cookie']);
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=600; Path=\/api\/auth\/steam; HttpOnly; SameSite=Lax/);
    const to = new URL(String(res.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe(fake.endpoint);
    expect(Object.fromEntries(to.searchParams)).toEqual({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'checkid_setup',
      'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.return_to': `https://upgrades.example/api/auth/steam/return?state=${state}`,
      'openid.realm': 'https://upgrades.example',
    });
  });
});

describe('GET /api/auth/steam/return', () => {
  it('signs a new Steam player in through the provider, with a starter pack and the Steam name', async () => {
    fake.players.set(fake.steamId, { personaname: 'Gabe N.', avatarfull: fake.avatarUrl('gabe') });
    const begin = await t.app.inject({ method: 'GET', url: '/api/auth/steam' });
    const state = stateOf(begin.headers['set-cookie']);
    // The provider's own redirect, over real HTTP, carries the assertion back.
    const atSteam = await fetch(String(begin.headers.location), { redirect: 'manual' });
    const back = new URL(String(atSteam.headers.get('location')));
    expect(`${back.origin}${back.pathname}`).toBe('https://upgrades.example/api/auth/steam/return');
    const res = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `steam_state=${state}` },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/upgrades/');
    expect(fake.checks).toBe(1);
    const cookie = sidCookie(res.headers['set-cookie']);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user;
    expect(me.name).toBe('Gabe N.');
    expect(me.avatar).toBe(fake.avatarUrl('gabe'));
    const [row] = await t.db.select().from(users).where(eq(users.steamId, fake.steamId));
    expect(row).toMatchObject({ id: me.id, avatarUrl: fake.avatarUrl('gabe') });
    const [{ n }] = await t.db.select({ n: count() }).from(inventoryItems).where(eq(inventoryItems.userId, me.id));
    expect(n).toBe(t.config.starterPackSize);
  });

  it('finds the same account on the next sign-in, under a new session id that replaces the old one', async () => {
    const me = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user;
    const first = await signIn();
    const oldCookie = sidCookie(first.headers['set-cookie']);
    const firstId = (await me(oldCookie)).id;
    const second = await finishWithCookie(oldCookie);
    expect(second.statusCode).toBe(302);
    const newCookie = sidCookie(second.headers['set-cookie']);
    expect(newCookie).not.toBe(oldCookie);
    expect((await me(newCookie)).id).toBe(firstId);
    expect(await me(oldCookie)).toBeNull();
    expect(await steamUsers(fake.steamId)).toBe(1);
  });

  it('keeps no avatar from an origin the page may not load, and lets the page load the allowed ones', async () => {
    fake.players.set(fake.steamId, { personaname: 'Elsewhere', avatarfull: 'https://avatars.example/x.jpg' });
    const state = await start(t.app);
    const res = await finish(t.app, state, fake.assertion(returnTo(t.config, state)));
    const cookie = sidCookie(res.headers['set-cookie']);
    const answer = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(answer.json().user).toMatchObject({ name: 'Elsewhere', avatar: null });
    const imgSrc = /img-src ([^;]*)/.exec(String(answer.headers['content-security-policy']))![1].split(' ');
    expect(imgSrc).toContain(fake.apiUrl);
    expect(imgSrc).not.toContain('https://avatars.example');
  });

  async function finishWithCookie(sid: string) {
    const state = await start(t.app);
    return finish(t.app, state, fake.assertion(returnTo(t.config, state)), sid);
  }

  it('shows a neutral name without a Steam Web API key, and grants no pack outside demo mode', async () => {
    const plain = await createTestApp({
      steamOpenidUrl: fake.endpoint,
      steamApiUrl: fake.apiUrl,
      steamApiKey: null,
      demoMode: false,
    });
    try {
      fake.players.set(fake.steamId, { personaname: 'Not asked', avatarfull: 'https://avatars.example/x.jpg' });
      const state = await start(plain.app);
      const res = await finish(plain.app, state, fake.assertion(returnTo(plain.config, state)));
      expect(res.statusCode).toBe(302);
      const cookie = sidCookie(res.headers['set-cookie']);
      const me = (await plain.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user;
      expect(me.name).toBe(`steam_${fake.steamId}`);
      const [{ n }] = await plain.db
        .select({ n: count() })
        .from(inventoryItems)
        .where(eq(inventoryItems.userId, me.id));
      expect(n).toBe(0);
    } finally {
      await plain.close();
    }
  });

  it('refuses an assertion naming another endpoint, and asks neither endpoint about it', async () => {
    await expectRefused(await signIn({ 'openid.op_endpoint': evil.endpoint }), 401, 'steam_endpoint');
    expect(fake.checks + evil.checks).toBe(0);
  });

  it('refuses a claimed_id that is not a Steam community id', async () => {
    for (const id of [
      `https://evil.example/openid/id/${fake.steamId}`,
      `http://steamcommunity.com/openid/id/${fake.steamId}`,
      `https://steamcommunity.com/openid/id/${fake.steamId}0`,
      `https://steamcommunity.com/openid/id/${fake.steamId}/`,
    ]) {
      await expectRefused(await signIn({ 'openid.claimed_id': id, 'openid.identity': id }), 401, 'steam_identity');
    }
    expect(fake.checks).toBe(0);
  });

  it('refuses an identity that differs from the claimed_id', async () => {
    const other = `https://steamcommunity.com/openid/id/${randomSteamId()}`;
    await expectRefused(await signIn({ 'openid.identity': other }), 401, 'steam_identity');
  });

  it('refuses an assertion returned to another site', async () => {
    const state = await start(t.app);
    const foreign = `https://evil.example/api/auth/steam/return?state=${state}`;
    await expectRefused(await finish(t.app, state, fake.assertion(foreign)), 401, 'steam_return_to');
  });

  it('refuses an assertion whose signature leaves out a checked field', async () => {
    const signed = 'signed,op_endpoint,claimed_id,identity,response_nonce,assoc_handle';
    await expectRefused(await signIn({ 'openid.signed': signed }), 401, 'steam_unsigned');
  });

  it('refuses a nonce older than five minutes', async () => {
    await expectRefused(await signIn({}, Date.now() - 6 * 60_000), 401, 'steam_expired');
    expect(fake.checks).toBe(0);
  });

  it('accepts a nonce four minutes old', async () => {
    expect((await signIn({}, Date.now() - 4 * 60_000)).statusCode).toBe(302);
  });

  it('refuses a nonce stamped more than a minute ahead, and keeps no row for it', async () => {
    const [{ n: before }] = await t.db.select({ n: count() }).from(steamNonces);
    await expectRefused(await signIn({}, Date.now() + 3 * 60_000), 401, 'steam_expired');
    const [{ n: after }] = await t.db.select({ n: count() }).from(steamNonces);
    expect(after).toBe(before);
    expect(fake.checks).toBe(0);
  });

  // PGlite runs in this process on its clock, so only against a PostgreSQL server can the two clocks differ.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "judges a nonce's age on the database's clock, not on a process clock that runs behind",
    async () => {
      const stamped = Date.now() - 6 * 60_000;
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 4 * 60_000 });
      try {
        await expectRefused(await signIn({}, stamped), 401, 'steam_expired');
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('refuses an answer without the flow state cookie, or with another flow state', async () => {
    const state = await start(t.app);
    const fields = fake.assertion(returnTo(t.config, state));
    await expectRefused(await finish(t.app, null, fields), 403, 'steam_state');
    const other = await start(t.app);
    const query = new URLSearchParams({ state, ...fields });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/steam/return?${query}`,
      headers: { cookie: `steam_state=${other}` },
    });
    await expectRefused(res, 403, 'steam_state');
  });

  it('refuses a cancelled sign-in', async () => {
    const state = await start(t.app);
    const res = await finish(t.app, state, {
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'cancel',
    });
    await expectRefused(res, 400, 'steam_cancelled');
  });

  it('refuses an assertion the provider does not confirm (is_valid:false)', async () => {
    fake.verdict = 'invalid';
    await expectRefused(await signIn(), 401, 'steam_rejected');
    expect(fake.checks).toBe(1);
  });

  it('refuses a forged signature the provider checks', async () => {
    await expectRefused(await signIn({ 'openid.sig': 'Zm9yZ2Vk' }), 401, 'steam_rejected');
  });

  it('answers 503 when the provider cannot be reached', async () => {
    fake.verdict = 'down';
    await expectRefused(await signIn(), 503, 'steam_unavailable');
    expect(fake.checks).toBe(1);
  });

  it('refuses a replayed assertion on a second server instance sharing the database', async () => {
    let secondHandle: DbHandle | null = null;
    if (t.databaseUrl) secondHandle = await openDb({ kind: 'pg', url: t.databaseUrl, poolSize: 2 });
    const second = await buildApp(t.config, secondHandle ?? t.handle);
    try {
      const state = await start(t.app);
      const fields = fake.assertion(returnTo(t.config, state));
      expect((await finish(t.app, state, fields)).statusCode).toBe(302);
      // The attacker has the whole answer and the state cookie; only the stored nonce stops them.
      await expectRefusedReplay(await finish(second, state, fields));
      await expectRefusedReplay(await finish(t.app, state, fields));
      expect(fake.checks).toBe(1);
    } finally {
      await second.close();
      await secondHandle?.close();
    }
  });

  async function expectRefusedReplay(res: Awaited<ReturnType<typeof finish>>) {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: false, msg: msg('en', 'steam_replayed') });
    expect(String(res.headers['set-cookie'])).not.toMatch(/(^|,)\s*sid=/);
  }
});

describe('Steam sign-in on the ru site', () => {
  it('refuses in Russian', async () => {
    const ru = await createTestApp({ site: 'ru', steamOpenidUrl: fake.endpoint });
    try {
      const state = await start(ru.app);
      const res = await finish(ru.app, state, fake.assertion(returnTo(ru.config, state), {}, Date.now() - 600_000));
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe(msg('ru', 'steam_expired'));
    } finally {
      await ru.close();
    }
  });
});

describe('the sign-in rate limit', () => {
  it('counts Steam sign-ins with password sign-ins per address, and refuses both routes past it', async () => {
    const lim = await createTestApp({
      publicUrl: 'https://upgrades.example',
      steamOpenidUrl: fake.endpoint,
      rateLimitAuthPerMin: 4,
    });
    try {
      const from = (remoteAddress: string, url: string, cookie = '') =>
        lim.app.inject({ method: 'GET', url, remoteAddress, headers: cookie ? { cookie } : {} });
      const login = (remoteAddress: string) =>
        lim.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { username: 'nobody_here', password: 'long-enough-pass' },
        });
      const state = stateOf((await from('10.2.0.1', '/api/auth/steam')).headers['set-cookie']);
      const query = new URLSearchParams({ state, ...fake.assertion(returnTo(lim.config, state), {}) });
      const back = await from('10.2.0.1', `/api/auth/steam/return?${query}`, `steam_state=${state}`);
      expect(back.statusCode, back.body).toBe(302);
      expect(back.headers.location).toBe('/upgrades/');
      expect(fake.checks).toBe(1);
      expect((await login('10.2.0.1')).statusCode).toBe(401);
      const next = await from('10.2.0.1', '/api/auth/steam');
      expect(next.statusCode).toBe(302);
      const nextState = stateOf(next.headers['set-cookie']);

      // Four answers from 10.2.0.1 this minute: the fifth is refused on either Steam route and on password sign-in.
      for (const res of [
        await from('10.2.0.1', '/api/auth/steam'),
        await from(
          '10.2.0.1',
          `/api/auth/steam/return?${new URLSearchParams({ state: nextState, ...fake.assertion(returnTo(lim.config, nextState), {}) })}`,
          `steam_state=${nextState}`,
        ),
        await login('10.2.0.1'),
      ]) {
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ status: false, msg: msg('en', 'rate_limited_auth') });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(String(res.headers['set-cookie'])).not.toMatch(/sid=|steam_state=/);
      }
      // The refused return asked nobody and signed nobody in.
      expect(fake.checks).toBe(1);
      const [{ n }] = await lim.db.select({ n: count() }).from(users).where(eq(users.steamId, fake.steamId));
      expect(n).toBe(1);
      // Another address has its own count.
      expect((await from('10.2.0.2', '/api/auth/steam')).statusCode).toBe(302);
    } finally {
      await lim.close();
    }
  });
});
