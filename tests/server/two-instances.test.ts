import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { openDb, type DbHandle } from '../../server/db/client.ts';
import {
  addCatalogueItem,
  createTestApp,
  getToken,
  grant,
  postUpgrade,
  register,
  type TestApp,
} from './helpers/app.ts';

// Two app instances on one database, as two `npm start` processes on one PostgreSQL: on a PostgreSQL run the
// second one has its own connection pool; on PGlite (single-process by design) they share the instance.
let t: TestApp;
let second: FastifyInstance;
let secondHandle: DbHandle | null = null;
beforeAll(async () => {
  t = await createTestApp();
  if (t.databaseUrl) secondHandle = await openDb({ kind: 'pg', url: t.databaseUrl, poolSize: 10 });
  second = await buildApp(t.config, secondHandle ?? t.handle);
});
afterAll(async () => {
  await second.close();
  await secondHandle?.close();
  await t.close();
});

describe('two server instances on one database', () => {
  it('share sessions and tokens, and let one of 20 requests split across them spend a contested item', async () => {
    const p = await register(t.app);
    expect(
      (await second.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: p.cookie } })).json().user.id,
    ).toBe(p.userId);
    const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
    const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
    const [item] = await grant(t.db, p.userId, [stake.id]);
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => getToken(i % 2 ? second : t.app, p.cookie)));
    const results = await Promise.all(
      tokens.map((token, i) =>
        // Tokens are used on the other instance than the one that issued them.
        postUpgrade(i % 2 ? t.app : second, p.cookie, {
          'inventory_items[]': [String(item)],
          uniq_item: String(target.id),
          upgrade_front_chance: '50',
          roll_under: '1',
          token,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
  });
});
