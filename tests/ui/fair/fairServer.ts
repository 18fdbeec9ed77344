/**
 * The real server app for the fair UI tests: a migrated, seeded PGlite and buildApp, with the SPA's API client
 * routed into app.inject as one signed-in player. The ui project has no server global setup (no template
 * to `inject`, so createTestApp cannot run here); this builds its own database once per test file.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { configureApi } from '../../../src/api/client.ts';
import type { IndexResponse, UpgradeResponse } from '../../../src/api/contract.ts';
import { chancePercent, chanceThousandths } from '../../../src/domain/chance.ts';
import { toMinor } from '../../../src/domain/money.ts';
import { buildApp } from '../../../server/app.ts';
import { openDb, type Db } from '../../../server/db/client.ts';
import { games } from '../../../server/db/schema.ts';
import { seedDatabase } from '../../../server/db/seed.ts';
import { getToken, postUpgrade, register, testConfig, type Player } from '../../server/helpers/app.ts';

/** A running app, its database and one signed-in player whose cookie every API call carries. */
export interface FairServer {
  app: FastifyInstance;
  db: Db;
  player: Player;
  /** Points the SPA's API client at the app as the player again (after a test swapped it). */
  reconnect(): void;
  close(): Promise<void>;
}

/** Routes a fetch call into app.inject, sending the player's session cookie as the browser would. */
function injectFetch(app: FastifyInstance, cookie: () => string): typeof globalThis.fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const headers = Object.fromEntries(req.headers.entries());
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text();
    const res = await app.inject({ method: req.method as 'GET', url: url.pathname + url.search, headers: { ...headers, cookie: cookie() }, payload: body });
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: res.headers as Record<string, string> });
  };
}

/** Starts the app on a fresh seeded database and points the SPA's API client at it. */
export async function startFairServer(): Promise<FairServer> {
  const config = testConfig({ site: 'cs' });
  const handle = await openDb({ kind: 'pglite' });
  // server/db/migrate.ts finds its folder with new URL(import.meta.url), which jsdom's web transform turns
  // into an http URL; the same drizzle migrator is called here with the folder resolved from the root.
  await migrate(handle.db as unknown as PgliteDatabase, { migrationsFolder: path.resolve('server/db/migrations') });
  await seedDatabase(handle.db, config);
  const app = await buildApp(config, handle, { catalogueTtlMs: 0 });
  const player = await register(app);
  const reconnect = () => configureApi({ baseURL: 'http://upgrades.test', fetch: injectFetch(app, () => player.cookie) });
  reconnect();
  return {
    app,
    db: handle.db,
    player,
    reconnect,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** Plays one real game through the API (cheapest usable item against a pricier target); returns its roll id. */
export async function playGame(server: FairServer, rollUnder: 0 | 1 = 1): Promise<string> {
  const { app, player } = server;
  const index = (await app.inject({ method: 'POST', url: '/api/upgrade/index', headers: { cookie: player.cookie } })).json() as IndexResponse;
  const stake = index.inventory!.filter((i) => i.type_prize !== 13).sort((a, b) => a.price - b.price)[0];
  const target = index.uitems.filter((i) => i.price > stake.price * 2).sort((a, b) => a.price - b.price)[0];
  const chance = chanceThousandths(toMinor(stake.price), toMinor(target.price));
  const res = await postUpgrade(app, player.cookie, {
    'inventory_items[]': [String(stake.id)],
    uniq_item: String(target.id),
    upgrade_front_chance: String(chancePercent(chance, 3)),
    roll_under: String(rollUnder),
    token: await getToken(app, player.cookie),
  });
  if (res.statusCode !== 200) throw new Error(`upgrade failed: ${res.statusCode} ${res.body}`);
  return (res.json() as UpgradeResponse).provably_fair.roll_id;
}

/** Rewrites a stored game's roll (R, in thousandths) as a dishonest operator would. */
export async function tamperRoll(db: Db, rollId: string, roll: number): Promise<void> {
  await db.update(games).set({ roll }).where(eq(games.rollId, rollId));
}

/** The stored R of a game. */
export async function storedRoll(db: Db, rollId: string): Promise<number> {
  const [row] = await db.select({ roll: games.roll }).from(games).where(eq(games.rollId, rollId));
  return row.roll;
}
