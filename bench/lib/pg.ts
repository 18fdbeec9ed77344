/**
 * PostgreSQL side of the bench: private databases (created and dropped by the bench) and pgbench, the
 * baseline for settling games on the same server in the same run.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The admin connection URL (the bench only ever talks to 127.0.0.1). */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL of another database on the same server. */
export function databaseUrl(name: string): string {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates an empty database (dropping a leftover of the same name first). */
export async function createDatabase(name: string): Promise<string> {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  return databaseUrl(name);
}

/** Drops a database, closing its connections. */
export async function dropDatabase(name: string): Promise<void> {
  await admin(`drop database if exists ${name} with (force)`);
}

/** Asks PostgreSQL to write its dirty buffers now (the page bench's quiet wait, bench/lib/quiet.ts). */
export async function checkpoint(): Promise<void> {
  await admin('checkpoint');
}

function pgbenchPath(): string {
  const debian = '/usr/lib/postgresql/15/bin/pgbench';
  return process.env.PGBENCH ?? (existsSync(debian) ? debian : 'pgbench');
}

function connArgs(db: string): string[] {
  const u = new URL(PG_ADMIN_URL);
  return ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres'), db];
}

/** pgbench -i at a scale (server-side data generation, the quickest on this machine). */
export async function pgbenchInit(db: string, scale: number): Promise<void> {
  await run(pgbenchPath(), ['-i', '-q', '-I', 'dtGvp', '-s', String(scale), ...connArgs(db)], { maxBuffer: 1 << 24 });
}

/** Result of a pgbench run. */
export interface PgbenchResult {
  tps: number;
  latencyMs: number;
  transactions: number;
  failed: number;
  command: string;
}

/** Runs `pgbench -b tpcb-like -c clients -j threads -T seconds` and parses its summary. */
export async function pgbenchRun(
  db: string,
  clients: number,
  threads: number,
  seconds: number,
): Promise<PgbenchResult> {
  const args = [
    '-b',
    'tpcb-like',
    '-c',
    String(clients),
    '-j',
    String(threads),
    '-T',
    String(seconds),
    '-n',
    ...connArgs(db),
  ];
  const { stdout } = await run(pgbenchPath(), args, { maxBuffer: 1 << 24 });
  const num = (re: RegExp) => Number(re.exec(stdout)?.[1] ?? Number.NaN);
  return {
    // pgbench 15 prints "tps = N (without initial connection time)".
    tps: num(/tps = ([\d.]+) \(without initial connection time\)/),
    latencyMs: num(/latency average = ([\d.]+) ms/),
    transactions: num(/number of transactions actually processed: (\d+)/),
    failed: num(/number of failed transactions: (\d+)/) || 0,
    command: `pgbench ${args.slice(0, -7).join(' ')}`,
  };
}

/**
 * CPU seconds (user + system) used so far by the PostgreSQL backends connected to a database, from /proc (the
 * bench's PostgreSQL runs on this machine). Backends that closed meanwhile drop out, so take it over a window in
 * which the pool's connections stay busy.
 */
export function backendCpuSeconds(db: string): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.startsWith('postgres: ') || !cmd.includes(` ${db} `)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone, or another user's process.
    }
  }
  return ticks / 100;
}
