/** Start-up: configure, migrate and seed, listen; on SIGINT/SIGTERM drain and exit within 10 s. */
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

/** How long a stopping process waits for requests in flight before cutting their connections. */
const DRAIN_MS = 7_000;
/** Orchestrators kill at 10 s by default. */
const EXIT_BY_MS = 9_000;

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
  // Requests on kept-alive connections get 503; one still running after DRAIN_MS has its connection cut (its
  // transaction commits or rolls back whole).
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    const since = performance.now();
    setTimeout(() => {
      process.stderr.write(`${signal}: still stopping after ${EXIT_BY_MS} ms, exiting\n`);
      release();
      process.exit(1);
    }, EXIT_BY_MS);
    const cut = setTimeout(() => app.server.closeAllConnections(), DRAIN_MS);
    try {
      await app.close();
      clearTimeout(cut);
      await handle.close();
      process.stdout.write(`Upgrades stopped (${signal}) in ${Math.round(performance.now() - since)} ms\n`);
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
