/**
 * A permanent self-exclusion holds in every process on the database and after a restart: a second app instance
 * (its own pool on PostgreSQL) refuses the player, and so does an instance built after both were closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { openDb, type DbHandle } from '../../server/db/client.ts';
import { messages } from '../../server/messages.ts';
import {
  addCatalogueItem,
  createTestApp,
  getToken,
  grant,
  postUpgrade,
  register,
  snapshot,
  type TestApp,
} from './helpers/app.ts';

let t: TestApp;
const opened: DbHandle[] = [];
const apps: FastifyInstance[] = [];

/** Another process on the same database: its own pool on PostgreSQL, the shared instance on PGlite. */
async function instance(): Promise<FastifyInstance> {
  let handle = t.handle;
  if (t.databaseUrl) {
    handle = await openDb({ kind: 'pg', url: t.databaseUrl, poolSize: 5 });
    opened.push(handle);
  }
  const app = await buildApp(t.config, handle);
  apps.push(app);
  return app;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const handle of opened) await handle.close();
  await t.close();
});

describe('a permanent exclusion', () => {
  it('is refused by a second instance and by one started after a restart', { timeout: 120_000 }, async () => {
    const p = await register(t.app);
    const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
    const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
    const [item] = await grant(t.db, p.userId, [stake.id]);
    const play = async (app: FastifyInstance) =>
      postUpgrade(app, p.cookie, {
        'inventory_items[]': [String(item)],
        uniq_item: String(target.id),
        upgrade_front_chance: '50.000',
        roll_under: '1',
        token: await getToken(app, p.cookie),
      });

    const second = await instance();
    const set = await second.inject({
      method: 'POST',
      url: '/api/account/cool_off',
      headers: { cookie: p.cookie },
      payload: { period: 'permanent' },
    });
    expect(set.json().permanent).toBe(true);
    const before = await snapshot(t.db, p.userId);
    for (const app of [t.app, second]) {
      const res = await play(app);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(messages.en.self_excluded_permanent);
    }

    // A restart: both instances stop, a new one starts on the same database.
    await second.close();
    apps.splice(apps.indexOf(second), 1);
    for (const handle of opened.splice(0)) await handle.close();
    await t.app.close();
    const restarted = await instance();
    const limits = await restarted.inject({ method: 'GET', url: '/api/account/limits', headers: { cookie: p.cookie } });
    expect(limits.json()).toMatchObject({ permanent: true });
    const res = await play(restarted);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: false, msg: messages.en.self_excluded_permanent, until: null });
    expect(await snapshot(t.db, p.userId)).toEqual(before);
  });
});
