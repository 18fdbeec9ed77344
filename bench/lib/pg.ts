// The bench's own PostgreSQL databases (created and dropped by it) and pgbench, the games' baseline.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
/** The admin connection URL (the bench only ever talks to 127.0.0.1). */
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PGBENCH = process.env.PGBENCH ?? 'pgbench';

/** Runs `fn` on a connected client, closed afterwards. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const admin = (sql: string) => withClient(ADMIN_URL, (c) => c.query(sql));

/** Runs `fn` on a new database bench_<name><BENCH_DB_SUFFIX> (a leftover dropped first), dropped afterwards. */
export async function withDatabase<T>(name: string, fn: (url: string) => Promise<T>): Promise<T> {
  const db = `${process.env.BENCH_DB_PREFIX ?? 'bench_'}${name}${process.env.BENCH_DB_SUFFIX ?? ''}`;
  await admin(`drop database if exists ${db} with (force)`);
  await admin(`create database ${db}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${db}`;
    return await fn(url.toString());
  } finally {
    await admin(`drop database if exists ${db} with (force)`);
  }
}

/** Checkpoint and `sync`, so the setup's hundreds of MB are not written back mid-round behind every WAL flush. */
export async function settleDisk(): Promise<void> {
  await admin('checkpoint').catch(() => undefined);
  await run('sync').catch(() => undefined);
}

/** pgbench -i at a scale (server-side data generation, the quickest here). */
export async function pgbenchInit(url: string, scale: number): Promise<void> {
  await run(PGBENCH, ['-i', '-q', '-I', 'dtGvp', '-s', String(scale), url]);
}

/** Runs `pgbench -b tpcb-like -c clients -j threads -T seconds -n` and returns its transactions per second. */
export async function pgbenchTps(url: string, clients: number, threads: number, seconds: number): Promise<number> {
  const args = `-b tpcb-like -c ${clients} -j ${threads} -T ${seconds} -n`.split(' ');
  const { stdout } = await run(PGBENCH, [...args, url], { maxBuffer: 1 << 24 });
  return Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? Number.NaN);
}
