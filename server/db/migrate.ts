/** Applies the migrations and the start-up seed, under an advisory lock on PostgreSQL so one process does it. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db, DbHandle } from './client.ts';

/** The migrations folder (not `new URL(...)`: Vite rewrites that into an asset URL under jsdom tests). */
export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any fixed 64-bit key; it only has to be the same in every process of this app.
const ADVISORY_KEY = 7_294_517_001;

/** Runs `work` with the database migrated, holding the cross-process lock on PostgreSQL while both run. */
export async function migrateAndRun<T>(handle: DbHandle, work: (db: Db) => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return work(handle.db);
  }
  const client = await handle.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [ADVISORY_KEY]);
    try {
      const db = drizzle({ client, casing: 'snake_case' });
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      return await work(db as unknown as Db);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [ADVISORY_KEY]);
    }
  } finally {
    client.release();
  }
}
