/**
 * Limits shared by every process: two real server processes with one REDIS_URL enforce one count (limit 10:
 * 20 sign-in attempts across both give exactly 10 refusals). While Redis does not answer, each process counts on
 * its own (fail open to a local count): no 5xx, the limit still holds per process, and counting returns to Redis
 * when it answers again.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '../../server/messages.ts';
import { DB_KIND, scenarioDb, type ScenarioDb } from './helpers/db.ts';
import { call } from './helpers/http.ts';
import { TcpProxy } from './helpers/proxy.ts';
import { record } from './helpers/record.ts';
import { startServer, type ServerProcess } from './helpers/server.ts';
import { createTestApp, type TestApp } from '../server/helpers/app.ts';

/** CI gives the suite a Redis database of its own; a developer's run uses the machine's Redis. */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const redisTarget = () => {
  const u = new URL(REDIS_URL);
  return { host: u.hostname, port: Number(u.port || 6379), db: u.pathname };
};

const dbs: ScenarioDb[] = [];
const servers: ServerProcess[] = [];
const apps: TestApp[] = [];
const proxies: TcpProxy[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all(proxies.map((p) => p.close()));
  await Promise.all(dbs.map((d) => d.drop()));
});
const counts = { attempts: 0, refused: 0, outage_attempts: 0, outage_refused: 0 };

/** A name no other run has used, so its count starts at 0 in a Redis that other runs share. */
const freshName = () => `lim_${randomBytes(6).toString('hex')}`;

describe(`shared limits over Redis (${DB_KIND})`, () => {
  it('counts one limit across two server processes: 20 attempts, exactly 10 refusals', async () => {
    // On PGlite each process has a database of its own (PGlite is single-process); the count is Redis's either way.
    const first = await scenarioDb();
    dbs.push(first);
    const second = DB_KIND === 'pg' ? first : await scenarioDb();
    if (second !== first) dbs.push(second);
    const env = { REDIS_URL, RATE_LIMIT_LOGIN_PER_USER_PER_MIN: '10' };
    servers.push(await startServer({ ...first.env, ...env }));
    servers.push(await startServer({ ...second.env, ...env }));
    const name = freshName();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call(servers[i % 2].base, 'POST', '/api/auth/login', {
        form: { username: name, password: 'wrong-password' },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toEqual({ status: false, msg: messages.en.rate_limited_login });
    }
    counts.attempts += statuses.length;
    counts.refused += statuses.filter((s) => s === 429).length;
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // Both processes refused: neither counted alone.
    expect(statuses.filter((s, i) => s === 429 && i % 2 === 0).length).toBeGreaterThan(0);
    expect(statuses.filter((s, i) => s === 429 && i % 2 === 1).length).toBeGreaterThan(0);
  });

  it('fails open to a per-process count while Redis is down, and counts in Redis again once it is back', async () => {
    const target = redisTarget();
    const proxy = await TcpProxy.start({ host: target.host, port: target.port });
    proxies.push(proxy);
    const redisUrl = `redis://127.0.0.1:${proxy.port}${target.db}`;
    const [a, b] = [
      await createTestApp({ redisUrl, rateLimitLoginPerUserPerMin: 3 }),
      await createTestApp({ redisUrl, rateLimitLoginPerUserPerMin: 3 }),
    ];
    apps.push(a, b);
    const login = (t: TestApp, username: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'wrong-password' } });

    // Up: the two apps share one count of 3.
    const shared = freshName();
    const up = [await login(a, shared), await login(b, shared), await login(a, shared), await login(b, shared)];
    expect(up.map((r) => r.statusCode)).toEqual([401, 401, 401, 429]);

    // Down: every answer is a sign-in answer or a 429, never a 5xx; each app allows 3 of its own.
    await proxy.cut('refuse');
    const down = freshName();
    const outage: number[] = [];
    for (let i = 0; i < 4; i++) outage.push((await login(a, down)).statusCode, (await login(b, down)).statusCode);
    counts.outage_attempts += outage.length;
    counts.outage_refused += outage.filter((s) => s === 429).length;
    expect(outage).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);

    // Back: the apps reconnect by themselves and share one count again (a fresh name each try: a try made while
    // one of them still counted locally must not use up the next try's count).
    await proxy.restore();
    await expect
      .poll(
        async () => {
          const back = freshName();
          for (let i = 0; i < 3; i++) await login(a, back);
          return (await login(b, back)).statusCode;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(429);
    record('shared-limits', counts);
  });
});
