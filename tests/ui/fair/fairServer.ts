/**
 * The real server app for the fair UI tests: a migrated, seeded PGlite and buildApp, with the SPA's API client
 * routed into app.inject as one signed-in player. It does not import tests/server/helpers/app.ts: that module
 * loads server/db/migrate.ts, whose `new URL('./migrations', import.meta.url)` jsdom's web transform turns
 * into an http URL. So this builds its own database once per test file, with the same migrator and seed.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { configureApi } from '../../../src/api/client.ts';
import type { UpgradeResponse } from '../../../src/api/contract.ts';
import { chancePercent, chanceThousandths } from '../../../src/domain/chance.ts';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { openDb, type Db } from '../../../server/db/client.ts';
import { catalogueItems, games, inventoryItems } from '../../../server/db/schema.ts';
import { seedDatabase } from '../../../server/db/seed.ts';

/** A signed-in player: the session cookie its requests carry. */
export interface Player {
  cookie: string;
}

/** A running app, its database and one signed-in player whose cookie every API call carries. */
export interface FairServer {
  app: FastifyInstance;
  db: Db;
  player: Player;
  /** Points the SPA's API client at the app as the player again (after a test swapped it). */
  reconnect(): void;
  close(): Promise<void>;
}

/** Registers a fresh player through the API and keeps its session cookie. */
async function register(app: FastifyInstance): Promise<Player> {
  const username = `fair${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, password: 'secret-pass', age_confirmed: '1' },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const sid = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('register answered no sid cookie');
  return { cookie: sid };
}

/** Routes a fetch call into app.inject, sending the player's session cookie as the browser would. */
function injectFetch(app: FastifyInstance, cookie: () => string): typeof globalThis.fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const headers = Object.fromEntries(req.headers.entries());
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text();
    const res = await app.inject({
      method: req.method as 'GET',
      url: url.pathname + url.search,
      headers: { ...headers, cookie: cookie() },
      payload: body,
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
}

/** Starts the app (CS site) on a fresh seeded database and points the SPA's API client at it. */
export async function startFairServer(): Promise<FairServer> {
  const config = loadConfig({ SITE: 'cs' }, { demoMode: true, logLevel: 'silent', distDir: '/nonexistent-dist' });
  const handle = await openDb({ kind: 'pglite' });
  await migrate(handle.db as unknown as PgliteDatabase, { migrationsFolder: path.resolve('server/db/migrations') });
  await seedDatabase(handle.db, config);
  const app = await buildApp(config, handle, { catalogueTtlMs: 0 });
  const player = await register(app);
  const reconnect = () =>
    configureApi({ baseURL: 'http://upgrades.test', fetch: injectFetch(app, () => player.cookie) });
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

/**
 * Plays one real game through POST /api/upgrade/upgrade_items: the player's cheapest usable item against the
 * cheapest target at least twice its price. Items are picked in the database, not through the index call,
 * whose pre-encoded Buffer answer Fastify does not recognise inside the jsdom realm.
 */
export async function playGame(server: FairServer, rollUnder: 0 | 1 = 1): Promise<string> {
  const { app, db, player } = server;
  const userId = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: player.cookie } })).json()
    .user.id as number;
  const [stake] = await db
    .select({ id: inventoryItems.id, price: catalogueItems.priceMinor })
    .from(inventoryItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, inventoryItems.catalogueItemId))
    .where(
      and(
        eq(inventoryItems.userId, userId),
        eq(inventoryItems.state, 'owned'),
        eq(catalogueItems.site, 'cs'),
        ne(catalogueItems.typePrize, 13),
      ),
    )
    .orderBy(asc(catalogueItems.priceMinor), asc(inventoryItems.id))
    .limit(1);
  const [target] = await db
    .select({ id: catalogueItems.id, price: catalogueItems.priceMinor })
    .from(catalogueItems)
    .where(
      and(
        eq(catalogueItems.site, 'cs'),
        eq(catalogueItems.active, true),
        ne(catalogueItems.typePrize, 13),
        gt(catalogueItems.priceMinor, Number(stake.price) * 2),
      ),
    )
    .orderBy(asc(catalogueItems.priceMinor), asc(catalogueItems.id))
    .limit(1);
  const chance = chanceThousandths(Number(stake.price), Number(target.price));
  const token = (
    await app.inject({ method: 'GET', url: '/api/token?purpose=caseopen', headers: { cookie: player.cookie } })
  ).json().token as string;
  const form = new URLSearchParams({
    'inventory_items[]': String(stake.id),
    uniq_item: String(target.id),
    upgrade_front_chance: String(chancePercent(chance, 3)),
    roll_under: String(rollUnder),
    token,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/upgrade/upgrade_items',
    headers: { cookie: player.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
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

/** Sells the player's cheapest usable item, then plays one game staking only balance; returns its roll id. */
export async function playBalanceGame(server: FairServer): Promise<string> {
  const { app, db, player } = server;
  const headers = { cookie: player.cookie, 'content-type': 'application/x-www-form-urlencoded' };
  const userId = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: player.cookie } })).json()
    .user.id as number;
  const [item] = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, inventoryItems.catalogueItemId))
    .where(and(eq(inventoryItems.userId, userId), eq(inventoryItems.state, 'owned'), ne(catalogueItems.typePrize, 13)))
    .orderBy(asc(catalogueItems.priceMinor), asc(inventoryItems.id))
    .limit(1);
  const sold = await app.inject({ method: 'POST', url: '/api/inventory/sell', headers, payload: `id=${item.id}` });
  if (sold.statusCode !== 200) throw new Error(`sell failed: ${sold.statusCode} ${sold.body}`);
  const stakeMinor = Math.max(1, Math.floor(Math.round((sold.json().balance as number) * 100) / 2));
  const [target] = await db
    .select({ id: catalogueItems.id, price: catalogueItems.priceMinor })
    .from(catalogueItems)
    .where(
      and(
        eq(catalogueItems.site, 'cs'),
        eq(catalogueItems.active, true),
        ne(catalogueItems.typePrize, 13),
        gt(catalogueItems.priceMinor, stakeMinor * 2),
      ),
    )
    .orderBy(asc(catalogueItems.priceMinor), asc(catalogueItems.id))
    .limit(1);
  const token = (
    await app.inject({ method: 'GET', url: '/api/token?purpose=caseopen', headers: { cookie: player.cookie } })
  ).json().token as string;
  const form = new URLSearchParams({
    balance_stake: (stakeMinor / 100).toFixed(2),
    uniq_item: String(target.id),
    upgrade_front_chance: String(chancePercent(chanceThousandths(stakeMinor, Number(target.price)), 3)),
    roll_under: '1',
    token,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/upgrade/upgrade_items',
    headers,
    payload: form.toString(),
  });
  if (res.statusCode !== 200) throw new Error(`balance upgrade failed: ${res.statusCode} ${res.body}`);
  return (res.json() as UpgradeResponse).provably_fair.roll_id;
}
