/**
 * The database handle: embedded PGlite in DATA_DIR, or a node-postgres pool when DATABASE_URL is set. Both
 * speak the same pg-core schema with snake_case casing, so services never know which one they run on.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** The query builder both drivers share. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction of that builder. */
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** Either: code that can run inside or outside a transaction. */
export type Executor = Db | Tx;

/**
 * A fixed statement with `$n` parameters. On PostgreSQL it is a node-postgres named query: prepared once per
 * pooled connection, then only bound and executed (no parse or plan per call). PGlite runs it by its text.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/** Names a statement (the name must be unique in the app: one name, one text). */
export function statement(name: string, text: string): Statement {
  return { name, text };
}

/** Runs statements and returns their rows (timestamptz as Date, json parsed, int8 as number). */
export interface Queryable {
  rows<T>(st: Statement, params: unknown[]): Promise<T[]>;
}

/** The hot paths' way in: prepared statements without the query builder, and transactions over them. */
export interface RawDb extends Queryable {
  /** BEGIN, work, COMMIT on one connection; ROLLBACK and rethrow on any error (no retry here). */
  transaction<T>(work: (q: Queryable) => Promise<T>): Promise<T>;
}

/** An open database with its lifecycle. */
export interface DbHandle {
  db: Db;
  raw: RawDb;
  kind: 'pglite' | 'pg';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Set for PGlite (dumps, template copies in tests). */
  pglite?: PGlite;
  /** Set for PostgreSQL (advisory locks on one connection). */
  pool?: pg.Pool;
}

/** How to open: a PGlite directory (or memory, optionally from a dump) or a PostgreSQL URL. */
export type DbTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'pg'; url: string; poolSize?: number; onPoolError?: (err: Error) => void };

// bigint columns arrive as strings from node-postgres unless parsed; our amounts stay below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Starts a query with its protocol messages in one socket write. node-postgres writes Bind, Describe, Execute and
 * Sync one by one: uncorked, that is two system calls on our side and, when they arrive split, an extra wake-up
 * of the PostgreSQL backend, per statement. The messages are written synchronously by query() when the client is
 * idle (it always is here: one statement at a time per client), so uncorking right after it sends them together.
 */
function corked<T>(client: pg.PoolClient, send: () => T): T {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  if (!stream?.cork || !stream.uncork) return send();
  stream.cork();
  try {
    return send();
  } finally {
    stream.uncork();
  }
}

/** Opens the database; does not migrate. */
export async function openDb(target: DbTarget): Promise<DbHandle> {
  if (target.kind === 'pglite') {
    const client = await PGlite.create({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
    const db = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db;
    const on = (c: Pick<PGlite, 'query'>): Queryable => ({
      rows: async <T>(st: Statement, params: unknown[]) => (await c.query<T>(st.text, params)).rows,
    });
    return {
      db,
      raw: { ...on(client), transaction: (work) => client.transaction((tx) => work(on(tx))) },
      kind: 'pglite',
      pglite: client,
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        if (!client.closed) await client.close();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the next query reports it instead.
  pool.on('error', (err) => target.onPoolError?.(err));
  // pg-pool removes its listener while a client is checked out (a transaction): a connection cut between two
  // statements would then be an unhandled 'error' event that kills the process. The statement in flight, or
  // the next one, fails with the connection error (503) and the pool discards the client when it is released.
  pool.on('connect', (client) => client.on('error', (err) => target.onPoolError?.(err)));
  const db = drizzlePg({ client: pool, casing: 'snake_case' }) as unknown as Db;
  const on = (c: pg.PoolClient): Queryable => ({
    rows: async <T>(st: Statement, params: unknown[]) => (await corked(c, () => c.query({ name: st.name, text: st.text, values: params }))).rows as T[],
  });
  const raw: RawDb = {
    async rows<T>(st: Statement, params: unknown[]) {
      const client = await pool.connect();
      try {
        const rows = await on(client).rows<T>(st, params);
        client.release();
        return rows;
      } catch (err) {
        // As pool.query does: a client that failed a query is not reused.
        client.release(err as Error);
        throw err;
      }
    },
    async transaction(work) {
      const client = await pool.connect();
      // A client whose ROLLBACK failed (connection cut) is destroyed instead of going back to the pool.
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const out = await work(on(client));
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback').catch((e: Error) => {
          broken = e;
        });
        throw err;
      } finally {
        client.release(broken);
      }
    },
  };
  let closed = false;
  return {
    db,
    raw,
    kind: 'pg',
    pool,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
