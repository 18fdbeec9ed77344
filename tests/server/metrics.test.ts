import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { t as msg } from '../../server/messages.ts';
import {
  addCatalogueItem,
  createTestApp,
  getToken,
  grant,
  postUpgrade,
  register,
  type TestApp,
} from './helpers/app.ts';

/** Samples of a Prometheus text answer: `name{labels}` -> value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

function scrape(app: FastifyInstance, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return app.inject({ method: 'GET', url: '/metrics', ...opts });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /metrics', () => {
  it('counts each settled game by outcome, its stake and payout in minor units, and its settle time', async () => {
    const before = samples((await scrape(t.app)).body);
    const player = await register(t.app);
    const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
    const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
    const answers: Array<{ success: number }> = [];
    for (const rollUnder of ['1', '0', '1']) {
      const [item] = await grant(t.db, player.userId, [stake.id]);
      const res = await postUpgrade(t.app, player.cookie, {
        'inventory_items[]': [String(item)],
        uniq_item: String(target.id),
        upgrade_front_chance: '50',
        roll_under: rollUnder,
        token: await getToken(t.app, player.cookie),
      });
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    // A refused game (a spent item) is no game: counted as a request, not as a game.
    const refused = await postUpgrade(t.app, player.cookie, {
      'inventory_items[]': ['999999999'],
      uniq_item: String(target.id),
      upgrade_front_chance: '50',
      roll_under: '1',
      token: await getToken(t.app, player.cookie),
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);

    const res = await scrape(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = samples(res.body);
    const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    const wins = answers.filter((a) => a.success === 1).length;
    expect(delta('upgrades_games_total{site="cs",outcome="win"}')).toBe(wins);
    expect(delta('upgrades_games_total{site="cs",outcome="loss"}')).toBe(3 - wins);
    expect(delta('upgrades_stake_minor_total{site="cs"}')).toBe(3 * 500);
    expect(delta('upgrades_payout_minor_total{site="cs"}')).toBe(wins * 900);
    expect(delta('upgrades_settle_duration_seconds_count')).toBe(3);
    expect(delta('upgrades_settle_duration_seconds_sum')).toBeGreaterThan(0);
    const route = (status: number) =>
      `upgrades_http_requests_total{method="POST",route="/api/upgrade/upgrade_items",status="${status}"}`;
    expect(delta(route(200))).toBe(3);
    expect(delta(route(refused.statusCode))).toBe(1);
  });

  it('reports the database pool and the process defaults', async () => {
    const text = (await scrape(t.app)).body;
    const s = samples(text);
    if (t.handle.kind === 'pg') {
      expect(s.get('upgrades_db_pool_max')).toBe(30);
      expect(s.get('upgrades_db_pool_in_use')).toBeGreaterThanOrEqual(0);
      expect(s.get('upgrades_db_pool_waiting')).toBe(0);
    } else {
      expect(s.get('upgrades_db_pool_max')).toBe(1);
      expect(s.has('upgrades_db_pool_in_use')).toBe(false);
    }
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ])
      expect(s.get(name)).toBeGreaterThan(0);
    expect(text).toMatch(/^# TYPE upgrades_settle_duration_seconds histogram$/m);
  });

  it('answers loopback clients only when no token is configured', async () => {
    expect((await scrape(t.app, { remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await scrape(t.app, { remoteAddress: '::1' })).statusCode).toBe(200);
    const far = await scrape(t.app, { remoteAddress: '203.0.113.5' });
    expect(far.statusCode).toBe(403);
    expect(far.json()).toEqual({ status: false, msg: msg('en', 'metrics_local') });
    // Without TRUST_PROXY a forwarded-for header changes nothing.
    expect(
      (await scrape(t.app, { remoteAddress: '203.0.113.5', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode,
    ).toBe(403);
  });

  it('refuses any request a proxy forwarded, even from loopback through a trusted proxy', async () => {
    const proxied = await createTestApp({ trustProxy: '127.0.0.1' });
    try {
      const via = (remoteAddress: string, headers: Record<string, string>) =>
        scrape(proxied.app, { remoteAddress, headers });
      expect((await via('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(403);
      expect((await via('203.0.113.5', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
      expect((await via('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
      // A proxy that names no client still says it is one.
      for (const h of ['forwarded', 'x-real-ip', 'via', 'x-forwarded-proto', 'x-forwarded-host'])
        expect((await scrape(t.app, { headers: { [h]: h === 'via' ? '1.1 proxy' : '127.0.0.1' } })).statusCode).toBe(
          403,
        );
      expect((await via('127.0.0.1', {})).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('needs the bearer token when METRICS_TOKEN is set, from any address', async () => {
    const guarded = await createTestApp({ metricsToken: 'scrape-me-7f3a' });
    try {
      const remoteAddress = '203.0.113.5';
      for (const authorization of [undefined, 'Bearer wrong', 'Bearer scrape-me-7f3', 'Basic scrape-me-7f3a']) {
        const res = await scrape(guarded.app, { remoteAddress, headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ status: false, msg: msg('en', 'metrics_token') });
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
      // A token set means the token, even on loopback.
      expect((await scrape(guarded.app)).statusCode).toBe(401);
      const ok = await scrape(guarded.app, { remoteAddress, headers: { authorization: 'Bearer scrape-me-7f3a' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toMatch(/^upgrades_games_total\{site="cs",outcome="win"\} 0$/m);
    } finally {
      await guarded.close();
    }
  });
});
