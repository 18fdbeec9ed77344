/**
 * Abuse and headers: the rate limits (sign-in per address and per username, upgrades per player and per
 * address, 0 = off) answer 429 with a clear message in the site's language; the security headers (strict CSP
 * without inline script, HSTS only over HTTPS, no framing, nosniff) are on every answer.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, type Config } from '../../server/config.ts';
import { messages } from '../../server/messages.ts';
import { DB_KIND } from './helpers/db.ts';
import { record } from './helpers/record.ts';
import { createTestApp, postUpgrade, register, type TestApp } from '../server/helpers/app.ts';

// Thousands of requests in one scenario: minutes on a busy 2-core machine, beside the parallel server suite.
vi.setConfig({ testTimeout: 600_000, hookTimeout: 180_000 });

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));
let limited = 0;

async function app(overrides: Partial<Config>): Promise<TestApp> {
  const t = await createTestApp(overrides);
  apps.push(t);
  return t;
}

const login = (t: TestApp, username: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { username, password: 'wrong-password' },
  });
const play = (t: TestApp, cookie: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/upgrade/upgrade_items',
    remoteAddress,
    headers: { cookie },
    payload: {
      'inventory_items[]': '1',
      uniq_item: '2',
      upgrade_front_chance: '50',
      roll_under: '1',
      token: 'made-up',
    },
  });

function expectLimited(res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }, msg: string) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ status: false, msg });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  limited += 1;
}

describe(`rate limits (${DB_KIND})`, () => {
  it('limits sign-in attempts per address, then per username from any address, with a clear message', async () => {
    const t = await app({ rateLimitAuthPerMin: 3, rateLimitLoginPerUserPerMin: 4 });
    const p = await register(t.app, undefined, undefined);
    for (let i = 0; i < 2; i++) expect((await login(t, p.username, '127.0.0.1')).statusCode).toBe(401);
    // register counted too: 3 per minute from 127.0.0.1 are used up.
    expectLimited(await login(t, p.username, '127.0.0.1'), messages.en.rate_limited_auth);
    expect((await login(t, 'someone_else', '10.0.0.2')).statusCode).toBe(401);
    // The name has had 2 attempts from 127.0.0.1 (the third was stopped by the address) and 0 elsewhere.
    expect((await login(t, p.username.toUpperCase(), '10.0.0.3')).statusCode).toBe(401);
    expect((await login(t, p.username, '10.0.0.4')).statusCode).toBe(401);
    expectLimited(await login(t, p.username, '10.0.0.5'), messages.en.rate_limited_login);
  });

  it('limits upgrades per player and per address, in Russian on the ru site', async () => {
    const t = await app({ site: 'ru', rateLimitUpgradePerMin: 2, rateLimitUpgradeIpPerMin: 5 });
    const [a, b, c] = [await register(t.app), await register(t.app), await register(t.app)];
    for (let i = 0; i < 2; i++) expect((await play(t, a.cookie, '10.1.0.1')).statusCode).toBe(403);
    expectLimited(await play(t, a.cookie, '10.1.0.2'), messages.ru.rate_limited_upgrade);
    // The address 10.1.0.1 has 2 requests; 3 more from other players use it up.
    for (let i = 0; i < 2; i++) expect((await play(t, b.cookie, '10.1.0.1')).statusCode).toBe(403);
    expect((await play(t, c.cookie, '10.1.0.1')).statusCode).toBe(403);
    expectLimited(await play(t, c.cookie, '10.1.0.1'), messages.ru.rate_limited_upgrade);
  });

  it('turns a limit off with 0, and keeps the defaults above what a real player and the e2e suite need', async () => {
    const t = await app({
      rateLimitAuthPerMin: 0,
      rateLimitLoginPerUserPerMin: 0,
      rateLimitUpgradePerMin: 0,
      rateLimitUpgradeIpPerMin: 0,
    });
    const p = await register(t.app);
    for (let i = 0; i < 15; i++) expect((await login(t, p.username, '127.0.0.1')).statusCode).toBe(401);
    for (let i = 0; i < 80; i++) expect((await play(t, p.cookie, '127.0.0.1')).statusCode).toBe(403);
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      rateLimitAuthPerMin: 60,
      rateLimitLoginPerUserPerMin: 10,
      rateLimitUpgradePerMin: 60,
      rateLimitUpgradeIpPerMin: 240,
    });
  });

  it('reports bad limit and origin settings at start-up', () => {
    const bad = () =>
      loadConfig({
        RATE_LIMIT_AUTH_PER_MIN: '-1',
        RATE_LIMIT_UPGRADE_PER_MIN: 'lots',
        ALLOWED_ORIGINS: 'https://ok.example, ftp://no.example',
      });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      expect((err as ConfigError).problems).toHaveLength(3);
    }
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example/path, http://b.example:8080' }).allowedOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
  });
});

describe(`security headers (${DB_KIND})`, () => {
  it('sends a strict CSP, no framing, nosniff and a referrer policy on pages, API answers and errors; HSTS only over HTTPS', async () => {
    const t = await app({ imageBaseUrl: 'https://cdn.example/items', trustProxy: '127.0.0.1' });
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/site' }),
      await t.app.inject({ method: 'GET', url: '/upgrades/' }),
      await t.app.inject({ method: 'POST', url: '/api/nowhere' }),
      await postUpgrade(t.app, '', {}),
    ];
    for (const res of answers) {
      const csp = String(res.headers['content-security-policy']);
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('connect-src')).toEqual(["'self'"]);
      expect(directives.get('style-src')).toEqual(["'self'"]);
      // Steam's avatar CDNs by default, and nothing else beyond the catalogue's own image origin.
      expect(directives.get('img-src')).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://cdn.example',
        'https://avatars.steamstatic.com',
        'https://avatars.akamai.steamstatic.com',
        'https://avatars.cloudflare.steamstatic.com',
      ]);
      expect(directives.get('worker-src')).toEqual(["'self'", 'blob:']);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const https = await t.app.inject({ method: 'GET', url: '/api/site', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=15552000');
    // Without TRUST_PROXY a forwarded header proves nothing.
    const untrusted = await app({});
    const spoofed = await untrusted.app.inject({
      method: 'GET',
      url: '/api/site',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    expect(String(spoofed.headers['content-security-policy'])).toContain("img-src 'self' data: blob: https://avatars.");
    record('abuse-headers', { rate_limited_answers: limited, header_sets_checked: answers.length + 2 });
  });
});
