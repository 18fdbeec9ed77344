/**
 * Holes a black-box probe found, each refused with a 4xx `{ status: false, msg }` and nothing changed: prototype
 * keys in JSON, a padded roll_under, a malformed `%` escape in a form, MAIN_SITE_URL pointing to another site.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { messages } from '../../server/messages.ts';
import { firstScreen } from '../../server/prerender.ts';
import { siteAnswer } from '../../server/routes/assets.ts';
import { DB_KIND } from './helpers/db.ts';
import { createTestApp, getToken, register, sidCookie, type Player, type TestApp } from '../server/helpers/app.ts';

// Thousands of requests in one scenario: minutes on a busy 2-core machine, beside the parallel server suite.
vi.setConfig({ testTimeout: 600_000, hookTimeout: 180_000 });

let t: TestApp;
let me: Player;
beforeAll(async () => {
  t = await createTestApp({});
  me = await register(t.app);
});
afterAll(() => t?.close());

const seedState = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/provably_fair/state', headers: { cookie: me.cookie } })).json();

describe(`input holes (${DB_KIND})`, () => {
  it.each([
    ['__proto__', '{"client_seed":"abc","__proto__":{"admin":true}}'],
    ['constructor.prototype', '{"client_seed":"abc","constructor":{"prototype":{"admin":true}}}'],
  ])('refuses a JSON body with a %s key and keeps the seeds', async (_name, payload) => {
    const before = await seedState();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/provably_fair/client_seed',
      headers: { cookie: me.cookie, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en.bad_request });
    expect(await seedState()).toEqual(before);
  });

  it.each([' 1 ', '1 ', ' 0', '01', '1.0', 'true'])('refuses roll_under=%j', async (rollUnder) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upgrade/upgrade_items',
      headers: { cookie: me.cookie },
      payload: {
        'inventory_items[]': '1',
        uniq_item: '2',
        upgrade_front_chance: '50',
        roll_under: rollUnder,
        token: await getToken(t.app, me.cookie),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en.roll_under_invalid });
  });

  it.each(['abc%zz', 'abc%', '%E0%A4%A', '%FF'])(
    'refuses the form client seed %j instead of storing it raw',
    async (seed) => {
      const before = await seedState();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/provably_fair/client_seed',
        headers: { cookie: me.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `client_seed=${seed}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: false, msg: messages.en.bad_request });
      expect(await seedState()).toEqual(before);
    },
  );

  it('still takes a well-escaped form client seed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/provably_fair/client_seed',
      headers: { cookie: me.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `client_seed=${encodeURIComponent('50% lucky ü')}`,
    });
    expect(res.statusCode).toBe(200);
    expect((await seedState()).client_seed).toBe('50% lucky ü');
  });

  it('accepts MAIN_SITE_URL as a same-site path or an http(s) URL, and nothing that leads elsewhere', () => {
    for (const ok of ['/', '/cases', '/cases/?tab=1', 'https://cases.example/', 'http://cases.example:8080/x'])
      expect(loadConfig({ MAIN_SITE_URL: ok }).mainSiteUrl).toBe(ok);
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '/a\\b',
      'javascript:alert(1)',
      'evil.example',
    ])
      expect(() => loadConfig({ MAIN_SITE_URL: bad }), bad).toThrow(ConfigError);
  });
});

describe(`what one account can grow or abuse (${DB_KIND})`, () => {
  const registerWith = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, password, age_confirmed: '1' } });

  it.each([
    ['abcd', 'password_short'],
    ['1234', 'password_short'],
    ['    ', 'password_short'],
    [' '.repeat(12), 'password_short'],
    ['password', 'password_common'],
    ['12345678', 'password_common'],
    ['Qwertyuiop', 'password_common'],
    ['iloveyou1', 'password_common'],
  ] as const)('refuses the new password %j', async (password, key) => {
    const res = await registerWith(`pw_${Math.random().toString(36).slice(2, 10)}`, password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en[key] });
  });

  it('refuses a password equal to the username in any case, takes a good one, and still signs demo/demo in', async () => {
    const name = `Pw_${Math.random().toString(36).slice(2, 10)}`;
    const same = await registerWith(name, name.toLowerCase());
    expect(same.json()).toEqual({ status: false, msg: messages.en.password_is_username });
    expect((await registerWith(name, 'a long, uncommon phrase')).statusCode).toBe(200);
    const demo = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'demo', password: 'demo' },
    });
    expect(demo.statusCode).toBe(200);
  });

  it.each([
    ['a right-to-left override', 'abc\u202Edef'],
    ['a left-to-right embedding', 'abc\u202Adef'],
    ['a first-strong isolate', 'abc\u2068def\u2069'],
    ['a zero-width space', 'abc\u200Bdef'],
    ['a zero-width joiner', 'abc\u200Ddef'],
    ['a byte order mark', '\uFEFFabc'],
    ['a private-use character', 'abc\uE000'],
    ['an unassigned code point', 'abc\u0378'],
    ['a no-break space', 'abc\u00A0def'],
    ['a tab', 'abc\tdef'],
    ['only spaces', '   '],
    ['a lone surrogate', 'abc\uD800'],
  ])('refuses a client seed with %s, with a clear message, and keeps the seeds', async (_name, seed) => {
    const before = await seedState();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/provably_fair/client_seed',
      headers: { cookie: me.cookie },
      payload: { client_seed: seed },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en.client_seed_invalid });
    expect(await seedState()).toEqual(before);
  });

  it('stores a client seed in its NFC form, so one seed has one spelling', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/provably_fair/client_seed',
      headers: { cookie: me.cookie },
      payload: { client_seed: 'cafe\u0301 🎲' },
    });
    expect(res.statusCode).toBe(200);
    expect((await seedState()).client_seed).toBe('caf\u00E9 🎲');
  });

  it('limits seed rotations and client-seed changes per player, across sessions, in the site language', async () => {
    const ru = await createTestApp({ site: 'ru', rateLimitSeedPerHour: 3 });
    try {
      const p = await register(ru.app);
      const rotate = (cookie: string) =>
        ru.app.inject({ method: 'POST', url: '/api/provably_fair/rotate', headers: { cookie } });
      const change = (cookie: string, seed: string) =>
        ru.app.inject({
          method: 'POST',
          url: '/api/provably_fair/client_seed',
          headers: { cookie },
          payload: { client_seed: seed },
        });
      expect((await rotate(p.cookie)).statusCode).toBe(200);
      expect((await change(p.cookie, 'one')).statusCode).toBe(200);
      // A new session of the same player brings no fresh count.
      const again = await ru.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: p.username, password: 'secret-pass' },
      });
      const second = sidCookie(again.headers['set-cookie']);
      expect((await rotate(second)).statusCode).toBe(200);
      const state = async (cookie: string) =>
        (await ru.app.inject({ method: 'GET', url: '/api/provably_fair/state', headers: { cookie } })).json();
      const before = await state(p.cookie);
      for (const res of [await rotate(p.cookie), await change(second, 'two')]) {
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ status: false, msg: messages.ru.rate_limited_seed });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(await state(p.cookie)).toEqual(before);
      // Another player is not affected.
      const other = await register(ru.app);
      expect((await rotate(other.cookie)).statusCode).toBe(200);
    } finally {
      await ru.close();
    }
  });
});

describe(`cheap unauthenticated load (${DB_KIND})`, () => {
  it('renders the first screen once for every /upgrades/<ids> path, and none for the verifier', async () => {
    const site = siteAnswer(t.app.upgrades);
    const items = await t.app.upgrades.targets.json().then(() => t.app.upgrades.targets.latestItems());
    const first = firstScreen(site, '/upgrades/1,2,3', undefined, items);
    expect(first).not.toBeNull();
    for (const path of ['/upgrades/', '/upgrades/9', '/upgrades/4,5,6/', '/anything/else', '/upgrades/7?x=1'])
      expect(firstScreen(site, path, undefined, items)).toBe(first);
    expect(firstScreen(site, '/en/provably_fair/roll_verifier/abc', undefined, items)).toBeNull();
  });

  it('answers the signed-out index from one kept body per coding, the same bytes as a fresh build', async () => {
    const index = (encoding: string) =>
      t.app.inject({ method: 'POST', url: '/api/upgrade/index', headers: { 'accept-encoding': encoding } });
    const [a, b] = [await index('identity'), await index('identity')];
    expect(a.body).toBe(b.body);
    expect(a.json()).toMatchObject({ status: true, inventory: null });
    const one = await t.app.upgrades.targets.answer('null', 'identity');
    const two = await t.app.upgrades.targets.answer('null', 'identity');
    expect(two.body).toBe(one.body);
    expect(one.body.toString()).toBe(
      `{"status":true,"uitems":${await t.app.upgrades.targets.json()},"inventory":null}`,
    );
    // A signed-in answer is the player's own.
    const mine = await t.app.inject({ method: 'POST', url: '/api/upgrade/index', headers: { cookie: me.cookie } });
    expect(Array.isArray(mine.json().inventory)).toBe(true);
  });

  it('limits the index, tokens and pages per address, signed in or not', async () => {
    const limited = await createTestApp({ rateLimitPageIpPerMin: 4 });
    try {
      const p = await register(limited.app);
      const calls = [
        () => limited.app.inject({ method: 'POST', url: '/api/upgrade/index', remoteAddress: '10.9.0.1' }),
        () =>
          limited.app.inject({
            method: 'GET',
            url: '/api/token?purpose=caseopen',
            remoteAddress: '10.9.0.1',
            headers: { cookie: p.cookie },
          }),
        () => limited.app.inject({ method: 'GET', url: '/upgrades/1,2', remoteAddress: '10.9.0.1' }),
        () => limited.app.inject({ method: 'GET', url: '/', remoteAddress: '10.9.0.1' }),
      ];
      for (const call of calls) expect((await call()).statusCode).not.toBe(429);
      for (const call of calls) {
        const res = await call();
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ status: false, msg: messages.en.rate_limited_page });
      }
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/api/upgrade/index',
        remoteAddress: '10.9.0.2',
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
