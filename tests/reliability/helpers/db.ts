/**
 * A database of one scenario: on PostgreSQL (DATABASE_URL set) a fresh `upgrades_rel_<random>` database on that
 * server, dropped afterwards; otherwise a fresh PGlite directory. The first server started on it migrates and
 * seeds it, as in production.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type DbHandle } from '../../../server/db/client.ts';

/** Which database this run uses. */
export const DB_KIND: 'pg' | 'pglite' = process.env.DATABASE_URL ? 'pg' : 'pglite';

/** One scenario's database. */
export interface ScenarioDb {
  kind: 'pg' | 'pglite';
  /** DATABASE_URL or DATA_DIR for server children. */
  env: Record<string, string>;
  /** PostgreSQL: the URL (for a proxy in front of it). */
  url?: string;
  /** A handle for setup and checks; on PGlite only while no server holds the directory. */
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}

/** The URL of another database on the server of `url`. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs one statement on the maintenance connection of DATABASE_URL. */
export async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    return await admin.query(text, values);
  } finally {
    await admin.end();
  }
}

/** Creates the scenario database (empty; servers migrate and seed it). */
export async function scenarioDb(): Promise<ScenarioDb> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `upgrades_rel_${randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = withDatabase(base, name);
    return {
      kind: 'pg',
      env: { DATABASE_URL: url, PG_POOL_SIZE: '10' },
      url,
      open: () => openDb({ kind: 'pg', url, poolSize: 4 }),
      drop: async () => {
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrades-rel-'));
  const dataDir = path.join(dir, 'data');
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir, DEMO_MODE: '0' },
    open: () => openDb({ kind: 'pglite', dataDir }),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
