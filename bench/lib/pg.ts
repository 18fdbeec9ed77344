/** The bench's own PostgreSQL databases (created and dropped by it) and pgbench, the games' baseline. */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The admin connection URL (the bench only ever talks to 127.0.0.1). */
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates an empty database (dropping a leftover of the same name first); returns its URL. */
export async function createDatabase(name: string): Promise<string> {
  await dropDatabase(name);
  await admin(`create database ${name}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Drops a database, closing its connections. */
export async function dropDatabase(name: string): Promise<void> {
  await admin(`drop database if exists ${name} with (force)`);
}

/** Asks PostgreSQL to write its dirty buffers now. */
export async function checkpoint(): Promise<void> {
  await admin('checkpoint');
}

function pgbench(args: string[], db: string) {
  const debian = '/usr/lib/postgresql/15/bin/pgbench';
  const bin = process.env.PGBENCH ?? (existsSync(debian) ? debian : 'pgbench');
  const u = new URL(ADMIN_URL);
  const conn = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres'), db];
  return run(bin, [...args, ...conn], { maxBuffer: 1 << 24 });
}

/** pgbench -i at a scale (server-side data generation, the quickest here). */
export async function pgbenchInit(db: string, scale: number): Promise<void> {
  await pgbench(['-i', '-q', '-I', 'dtGvp', '-s', String(scale)], db);
}

/** Result of a pgbench run. */
export interface PgbenchResult {
  tps: number;
  latencyMs: number;
  transactions: number;
  failed: number;
  command: string;
}

/** Runs `pgbench -b tpcb-like -c clients -j threads -T seconds -n` and parses its summary. */
export async function pgbenchRun(
  db: string,
  clients: number,
  threads: number,
  seconds: number,
): Promise<PgbenchResult> {
  const args = `-b tpcb-like -c ${clients} -j ${threads} -T ${seconds} -n`.split(' ');
  const { stdout } = await pgbench(args, db);
  const num = (re: RegExp) => Number(re.exec(stdout)?.[1] ?? Number.NaN);
  return {
    tps: num(/tps = ([\d.]+) \(without initial connection time\)/),
    latencyMs: num(/latency average = ([\d.]+) ms/),
    transactions: num(/number of transactions actually processed: (\d+)/),
    failed: num(/number of failed transactions: (\d+)/) || 0,
    command: `pgbench ${args.join(' ')}`,
  };
}
