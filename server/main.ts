/**
 * Start-up: validate the configuration, take the data directory (PGlite), open, migrate and seed the
 * database, listen, and shut down cleanly on SIGINT/SIGTERM. With WEB_CONCURRENCY > 1 (PostgreSQL) this process
 * is the cluster primary (server/cluster.ts): it migrates and seeds, and its workers run the rest.
 */
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { exitWithPrimary, runPrimary } from './cluster.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDb } from './db/client.ts';
import { isDbUnavailable } from './db/errors.ts';
import { acquireDirLock, DirLockedError } from './db/lock.ts';
import { migrateAndRun } from './db/migrate.ts';
import { DEMO_USER, seedDatabase } from './db/seed.ts';

function fail(lines: string[]): never {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError)
    fail(['Upgrades cannot start, fix these environment variables:', ...err.problems.map((p) => `  ${p}`)]);
  throw err;
}

function startupLine(port: number): string {
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const demo = config.demoMode ? ` — demo sign-in: ${DEMO_USER.username} / ${DEMO_USER.password}` : '';
  const workers = config.workers > 1 ? ` (${config.workers} workers)` : '';
  return `Upgrades (${config.site} site) on http://${shownHost}:${port}/upgrades/${demo}${workers}\n`;
}

let release = () => {};
if (!config.databaseUrl) {
  try {
    release = acquireDirLock(config.dataDir, 'server');
  } catch (err) {
    if (err instanceof DirLockedError) fail([`Upgrades cannot start: ${err.message}`]);
    throw err;
  }
}

const onPoolError = (err: Error) => process.stderr.write(`database connection lost: ${err.message}\n`);
const handle = await openDb(
  config.databaseUrl
    ? { kind: 'pg', url: config.databaseUrl, poolSize: config.pgPoolSize, onPoolError }
    : { kind: 'pglite', dataDir: config.dataDir },
);
// A worker finds the database migrated and seeded by its primary.
if (!cluster.isWorker) {
  try {
    await migrateAndRun(handle, (db) => seedDatabase(db, config));
  } catch (err) {
    await handle.close().catch(() => {});
    if (isDbUnavailable(err))
      fail([`Upgrades cannot start: the database does not answer (${(err as Error).message}).`]);
    throw err;
  }
}

if (config.workers > 1 && cluster.isPrimary) {
  await handle.close();
  await runPrimary({
    workers: config.workers,
    onListening: (port) => process.stdout.write(startupLine(port)),
    log: (line) => process.stderr.write(`${line}\n`),
  });
} else {
  const app = await buildApp(config, handle);

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close();
      await handle.close();
    } finally {
      release();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('exit', () => release());
  if (cluster.isWorker) exitWithPrimary((why) => void shutdown(why));

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  if (!cluster.isWorker) process.stdout.write(startupLine(port));
}
