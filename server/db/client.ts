/** Embedded PGlite, or a node-postgres pool when DATABASE_URL is set; services never know which. */
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** The query builder both drivers share. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction of the builder. */
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** For code that runs inside or outside a transaction. */
export type Executor = Db | Tx;

/** A fixed statement with `$n` parameters, prepared once per PostgreSQL connection. */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/** Names a statement; one name, one text in the whole app. */
export function statement(name: string, text: string): Statement {
  return { name, text };
}

/** One statement of a batch with its parameters. */
export interface Step {
  st: Statement;
  params: unknown[];
}

/** Runs statements and returns their rows (int8 as number). */
export interface Queryable {
  rows<T>(st: Statement, params: unknown[]): Promise<T[]>;
  /** Statements in order in one round trip on PostgreSQL; the first error stops the rest. */
  batch(steps: readonly Step[]): Promise<unknown[][]>;
}

/** A transaction's statements, the last ones able to carry the COMMIT. */
export interface TxQueryable extends Queryable {
  /** Runs these and commits in one round trip; nothing may run on this handle afterwards. */
  commitWith(steps: readonly Step[]): Promise<unknown[][]>;
}

/** The hot paths' prepared statements and transactions (docs/decisions/pipelined-statements.md). */
export interface RawDb extends Queryable {
  /** BEGIN and COMMIT ride with the first and last batch; ROLLBACK on error. */
  transaction<T>(work: (q: TxQueryable) => Promise<T>): Promise<T>;
}

/** An open database with its lifecycle. */
export interface DbHandle {
  db: Db;
  raw: RawDb;
  kind: 'pglite' | 'pg';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
}

/** A PGlite directory (or memory, optionally from a dump) or a PostgreSQL URL. */
export type DbTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'pg'; url: string; poolSize?: number; onPoolError?: (err: Error) => void };

// bigint columns arrive as strings from node-postgres unless parsed; our amounts stay below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Sends a query's protocol messages in one socket write; node-postgres writes them one by one. */
function corked<T>(client: pg.PoolClient, send: () => T): T {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } })
    .connection?.stream;
  if (!stream?.cork || !stream.uncork) return send();
  stream.cork();
  try {
    return send();
  } finally {
    stream.uncork();
  }
}

/** node-postgres's connection internals a pipeline writes to (stable across pg 8). */
interface PgConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  parse(m: { text: string; name: string }): void;
  bind(m: { statement: string; values: unknown[] }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string }): void;
  sync(): void;
  sendCopyFail(msg: string): void;
}

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format: 'text' | 'binary';
}

const prepareValue = (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils.prepareValue;

/** Clients whose failed pipeline prepared statements: which Parse ran is unknown, so they are discarded. */
const discard = new WeakSet<pg.PoolClient>();

/**
 * Prepared statements as one extended-protocol pipeline with a single Sync; after an error PostgreSQL skips the
 * rest. A node-postgres "submittable", so other queries on the client wait for it.
 */
class Pipeline {
  private readonly results: unknown[][] = [];
  private rows: unknown[] = [];
  private fields: FieldDescription[] = [];
  private parsers: Array<(v: string) => unknown> = [];
  private parsing: string[] = [];
  private failed: Error | null = null;
  readonly done: Promise<unknown[][]>;
  private settle!: { resolve: (r: unknown[][]) => void; reject: (e: Error) => void };

  constructor(private readonly steps: readonly Step[]) {
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  /** Called by the client when the connection is ours; returns an error rather than throw. */
  submit(connection: PgConnection): Error | null {
    let values: unknown[][];
    try {
      for (const { st } of this.steps) {
        const known = connection.parsedStatements[st.name];
        if (known !== undefined && known !== st.text) return new Error(`prepared statement '${st.name}' has two texts`);
      }
      values = this.steps.map((s) => s.params.map((v) => prepareValue(v)));
    } catch (err) {
      return err as Error;
    }
    connection.stream.cork?.();
    try {
      // Every Parse first, so an error in an Execute cannot skip one: the recorded names stay true.
      for (const { st } of this.steps) {
        if (connection.parsedStatements[st.name] !== undefined || this.parsing.includes(st.name)) continue;
        connection.parse({ text: st.text, name: st.name });
        this.parsing.push(st.name);
      }
      for (const name of this.parsing)
        connection.parsedStatements[name] = this.steps.find((s) => s.st.name === name)!.st.text;
      this.steps.forEach(({ st }, i) => {
        connection.bind({ statement: st.name, values: values[i] });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '' });
      });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(msg: { fields: FieldDescription[] }): void {
    this.fields = msg.fields;
    this.parsers = msg.fields.map((f) => pg.types.getTypeParser(f.dataTypeID, f.format) as (v: string) => unknown);
  }

  handleDataRow(msg: { fields: Array<string | null> }): void {
    const row: Record<string, unknown> = {};
    const { fields, parsers } = this;
    try {
      for (let i = 0; i < fields.length; i++) {
        const raw = msg.fields[i];
        row[fields[i].name] = raw === null ? null : parsers[i](raw);
      }
    } catch (err) {
      this.failed ??= err as Error;
    }
    this.rows.push(row);
  }

  handleCommandComplete(): void {
    this.results.push(this.rows);
    this.rows = [];
    this.fields = [];
    this.parsers = [];
  }

  handleEmptyQuery(): void {
    this.handleCommandComplete();
  }

  get prepared(): boolean {
    return this.parsing.length > 0;
  }

  /** From the server (the client then waits for ReadyForQuery) or the socket. */
  handleError(err: Error): void {
    this.settle.reject(err);
  }

  handleReadyForQuery(): void {
    if (this.failed) this.settle.reject(this.failed);
    else this.settle.resolve(this.results);
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: PgConnection): void {
    connection.sendCopyFail('no COPY in a pipeline');
  }

  handleCopyData(): void {}
}

async function pipelined(client: pg.PoolClient, steps: readonly Step[]): Promise<unknown[][]> {
  const p = new Pipeline(steps);
  client.query(p as unknown as pg.QueryConfig);
  try {
    return await p.done;
  } catch (err) {
    if (p.prepared) discard.add(client);
    throw err;
  }
}

const BEGIN = statement('tx_begin', 'begin');
const COMMIT = statement('tx_commit', 'commit');
const ROLLBACK = 'rollback';

/** Opens the database; does not migrate. */
export async function openDb(target: DbTarget): Promise<DbHandle> {
  if (target.kind === 'pglite') {
    const client = await PGlite.create({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
    const db = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db;
    const on = (c: Pick<PGlite, 'query'>): Queryable => ({
      rows: async <T>(st: Statement, params: unknown[]) => (await c.query<T>(st.text, params)).rows,
      // PGlite runs in this process: no round trip to save.
      batch: async (steps) => {
        const out: unknown[][] = [];
        for (const { st, params } of steps) out.push((await c.query(st.text, params)).rows);
        return out;
      },
    });
    return {
      db,
      raw: {
        ...on(client),
        // PGlite commits when the work resolves, so commitWith is the plain batch.
        transaction: (work) =>
          client.transaction((tx) => {
            const q = on(tx);
            return work({ ...q, commitWith: q.batch });
          }),
      },
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
  // An idle client losing its connection must not crash the process.
  pool.on('error', (err) => target.onPoolError?.(err));
  // pg-pool drops its listener while a client is checked out, so a cut would be an unhandled 'error'.
  pool.on('connect', (client) => client.on('error', (err) => target.onPoolError?.(err)));
  const db = drizzlePg({ client: pool, casing: 'snake_case' }) as unknown as Db;
  const on = (c: pg.PoolClient): Queryable => ({
    rows: async <T>(st: Statement, params: unknown[]) =>
      (await corked(c, () => c.query({ name: st.name, text: st.text, values: params }))).rows as T[],
    batch: (steps) => pipelined(c, steps),
  });
  // A client that failed is not reused, as pool.query does.
  async function withClient<T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      const out = await work(client);
      client.release();
      return out;
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
  }
  const raw: RawDb = {
    rows: (st, params) => withClient((c) => on(c).rows(st, params)),
    batch: (steps) => withClient((c) => on(c).batch(steps)),
    async transaction(work) {
      const client = await pool.connect();
      // A client whose ROLLBACK failed, or whose prepared statements are unknown, is destroyed, not pooled.
      let broken: Error | undefined;
      let phase = 'idle' as 'idle' | 'open' | 'committed';
      const send = async (steps: readonly Step[], commit: boolean): Promise<unknown[][]> => {
        if (phase === 'committed') throw new Error('the transaction has already committed');
        const head: Step[] = phase === 'idle' ? [{ st: BEGIN, params: [] }] : [];
        phase = commit ? 'committed' : 'open';
        const out = await pipelined(
          client,
          commit ? [...head, ...steps, { st: COMMIT, params: [] }] : [...head, ...steps],
        );
        return out.slice(head.length, head.length + steps.length);
      };
      const q: TxQueryable = {
        rows: async <T>(st: Statement, params: unknown[]) => (await send([{ st, params }], false))[0] as T[],
        batch: (steps) => send(steps, false),
        commitWith: (steps) => send(steps, true),
      };
      try {
        const out = await work(q);
        if (phase === 'open') await send([], true);
        return out;
      } catch (err) {
        // A failed pipeline skipped the rest, COMMIT too, and left an aborted transaction.
        if (phase !== 'idle') {
          await client.query(ROLLBACK).catch((e: Error) => {
            broken = e;
          });
        }
        if (discard.has(client)) broken ??= err as Error;
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
