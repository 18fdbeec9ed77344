/**
 * Test harness: a ready app on a private copy of the migrated, seeded template (PGlite, or a PostgreSQL
 * database cloned from the template when DATABASE_URL is set), plus helpers to sign in, get tokens, grant
 * items and snapshot a player's state.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { and, count, eq, ne } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { openDb, type Db, type DbHandle } from '../../../server/db/client.ts';
import { migrateAndRun } from '../../../server/db/migrate.ts';
import { seedDatabase } from '../../../server/db/seed.ts';
import { catalogueItems, games, inventoryItems, seeds, users, wallets } from '../../../server/db/schema.ts';
import { grantItems } from '../../../server/services/grants.ts';

/** A running test app and its database. */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  handle: DbHandle;
  config: Config;
  /** PostgreSQL runs: the URL of this test's database (a second process-like app can connect to it). */
  databaseUrl?: string;
  close(): Promise<void>;
}

function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Opens a private copy of the template database (not migrated again: the template already is). */
export async function openTestDb(): Promise<{ handle: DbHandle; drop: () => Promise<void>; url?: string }> {
  const url = process.env.DATABASE_URL;
  const template = url ? inject('pgTemplateDb') : '';
  if (url && template) {
    const name = `upgrades_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const handle = await openDb({ kind: 'pg', url: databaseUrl(url, name), poolSize: 30 });
    return {
      handle,
      url: databaseUrl(url, name),
      drop: async () => {
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  return { handle: await openDb({ kind: 'pglite', loadDataDir: await pgliteTemplate() }), drop: async () => {} };
}

let localTemplate: Promise<Blob> | null = null;
/**
 * The PGlite template: the server project's global setup provides it; other projects (UI tests using this
 * helper) get one built once per worker, which costs a few seconds the first time.
 */
function pgliteTemplate(): Promise<Blob> {
  const file = inject('pgliteTemplate');
  if (file) return Promise.resolve(new Blob([fs.readFileSync(file)]));
  localTemplate ??= (async () => {
    const handle = await openDb({ kind: 'pglite' });
    await migrateAndRun(handle, (db) => seedDatabase(db, testConfig()));
    const dump = await handle.pglite!.dumpDataDir('gzip');
    await handle.close();
    return dump;
  })();
  return localTemplate;
}

/** The test configuration: demo mode on, quiet, a dist dir that does not exist unless overridden. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // SITE goes through the environment path so site-derived defaults (the ru ticket step) follow it.
  return loadConfig(
    { SITE: overrides.site },
    // Figures fresh on every call and no count on public reads: the cache and the limit have their own tests.
    {
      demoMode: true,
      logLevel: 'silent',
      distDir: '/nonexistent-dist',
      auditCacheMs: 0,
      rateLimitPublicPerMin: 0,
      ...overrides,
    },
  );
}

/** A ready app (app.inject) on a fresh copy of the template. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const { handle, drop, url } = await openTestDb();
  const app = await buildApp(config, handle, { catalogueTtlMs: 0 });
  return {
    app,
    db: handle.db,
    handle,
    config,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
    },
  };
}

/** A signed-in player. */
export interface Player {
  cookie: string;
  userId: number;
  username: string;
}

let counter = 0;
/** A unique valid username. */
export function uniqueName(prefix = 'p'): string {
  counter += 1;
  return `${prefix}${process.pid}_${counter}_${randomBytes(2).toString('hex')}`;
}

/** The `sid=...` pair of a response's Set-Cookie. */
export function sidCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const sid = all.map((c) => c.split(';')[0]).find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('no sid cookie in response');
  return sid;
}

/** Registers a new player (form post) and returns its cookie. */
export async function register(
  app: FastifyInstance,
  username = uniqueName(),
  password = 'secret-pass',
): Promise<Player> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, password, age_confirmed: '1' },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { cookie: sidCookie(res.headers['set-cookie']), userId: res.json().user.id, username };
}

/** A fresh caseopen token for a player. */
export async function getToken(app: FastifyInstance, cookie: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/token?purpose=caseopen', headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`token failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

/** Catalogue rows of a site matching a lock state, cheapest first. */
export async function catalogue(db: Db, site: string, opts: { locked?: boolean } = {}) {
  const conds = [eq(catalogueItems.site, site), eq(catalogueItems.active, true)];
  if (opts.locked === true) conds.push(eq(catalogueItems.typePrize, 13));
  if (opts.locked === false) conds.push(ne(catalogueItems.typePrize, 13));
  return db
    .select()
    .from(catalogueItems)
    .where(and(...conds))
    .orderBy(catalogueItems.priceMinor, catalogueItems.id);
}

/** Grants catalogue items to a player (source 'grant' unless given); returns inventory ids. */
export function grant(
  db: Db,
  userId: number,
  catalogueIds: number[],
  source: Parameters<typeof grantItems>[3][number] = { source: 'grant' },
) {
  return grantItems(db, userId, catalogueIds, [source]);
}

/** Everything an upgrade or sell may change for a player, to compare before and after. */
export async function snapshot(db: Db, userId: number) {
  const inv = await db
    .select({ id: inventoryItems.id, state: inventoryItems.state, catalogueItemId: inventoryItems.catalogueItemId })
    .from(inventoryItems)
    .where(eq(inventoryItems.userId, userId))
    .orderBy(inventoryItems.id);
  const [user] = await db.select({ bonus: users.bonusBalance }).from(users).where(eq(users.id, userId));
  const wallet = await db.select().from(wallets).where(eq(wallets.userId, userId));
  const seedRows = await db
    .select({ id: seeds.id, status: seeds.status, nonce: seeds.nonce })
    .from(seeds)
    .where(eq(seeds.userId, userId))
    .orderBy(seeds.id);
  const [{ n }] = await db.select({ n: count() }).from(games).where(eq(games.userId, userId));
  return { inv, bonus: user.bonus, wallet, seeds: seedRows, games: n };
}

/** Posts an upgrade as the page does (form data); fields override the defaults. */
export function postUpgrade(app: FastifyInstance, cookie: string, fields: Record<string, string | string[]>) {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  return app.inject({
    method: 'POST',
    url: '/api/upgrade/upgrade_items',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

/** Adds a catalogue row with an exact price (fixtures whose chance is known in advance). */
export async function addCatalogueItem(
  db: Db,
  row: { site: string; priceMinor: number; typePrize?: number; type?: string; name?: string },
) {
  const [item] = await db
    .insert(catalogueItems)
    .values({
      site: row.site,
      name: row.name ?? `Fixture | ${uniqueName('item')}`,
      priceMinor: row.priceMinor,
      type: row.type ?? 'covert',
      typePrize: row.typePrize ?? 0,
    })
    .returning();
  return item;
}

/** The player's active seed row (server seed included: tests may peek to force an outcome). */
export async function activeSeed(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(seeds)
    .where(and(eq(seeds.userId, userId), eq(seeds.status, 'active')));
  return row;
}

/** Plays n real games through the API, each staking a new 5.00 item on a new 9.00 target at 50 %; their roll ids. */
export async function playGames(t: Pick<TestApp, 'app' | 'db'>, p: Player, n: number): Promise<string[]> {
  const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
  const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
  const ids: string[] = [];
  for (const item of await grant(t.db, p.userId, Array(n).fill(stake.id))) {
    const res = await postUpgrade(t.app, p.cookie, {
      'inventory_items[]': [String(item)],
      uniq_item: String(target.id),
      upgrade_front_chance: '50',
      roll_under: '1',
      token: await getToken(t.app, p.cookie),
    });
    if (res.statusCode !== 200) throw new Error(`game refused: ${res.statusCode} ${res.body}`);
    ids.push(res.json().provably_fair.roll_id);
  }
  return ids;
}
