/**
 * Holes a black-box probe found, each refused with a 4xx `{ status: false, msg }` and nothing changed: prototype
 * keys in JSON, a padded roll_under, a malformed `%` escape in a form, MAIN_SITE_URL pointing to another site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { messages } from '../../server/messages.ts';
import { DB_KIND } from './helpers/db.ts';
import { createTestApp, getToken, register, type Player, type TestApp } from '../server/helpers/app.ts';

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
