/**
 * The server test files that also run on PostgreSQL (`npm run test:pg`): those whose outcome depends on the
 * driver. Every other server file goes through the same Drizzle calls on either database, so PGlite covers it.
 * tests/scripts/pg-files.test.ts fails when a file touches the driver layer but is in neither list.
 */

/** Driver-sensitive files (paths from the repository root) and what differs on PostgreSQL. */
export const PG_FILES: Record<string, string> = {
  'tests/server/audit-export.test.ts': 'raw named statements (server/db/client.ts)',
  'tests/server/audit.test.ts': 'raw named statements (server/db/client.ts)',
  'tests/server/cluster.test.ts': 'node:cluster workers on one database (refused on PGlite)',
  'tests/server/connection-cut.test.ts': 'a connection cut inside a transaction (pg-pool error handling)',
  'tests/server/live.test.ts': 'LISTEN/NOTIFY between two connection pools',
  'tests/server/log.test.ts': "the public log's sequencer: advisory lock, two apps with their own pools",
  'tests/server/log-sequencer.test.ts':
    "the sequencer's advisory lock across server processes, a kill -9 holding it, pg_terminate_backend of its backend",
  'tests/server/metrics.test.ts': "the pool's gauges",
  'tests/server/play-safe.test.ts': 'two games racing at the edge of a limit: row locks on a real pool',
  'tests/server/play-safe-instances.test.ts': 'an exclusion seen by two apps with their own pools',
  'tests/server/play-safe-stats.test.ts': 'the statistics against raw SQL over the games table',
  'tests/server/pipeline-loss.test.ts': 'pipelined statements while connections die',
  'tests/server/public-reads.test.ts': "the export's statements on PostgreSQL's planner",
  'tests/server/raw-transaction.test.ts': 'BEGIN and COMMIT pipelined with statements',
  'tests/server/schema-guards.test.ts': "raw SQL against the schema's constraints",
  'tests/server/sell-upgrade-race.test.ts': 'row locks (for update) and deadlock order',
  'tests/server/steam-auth.test.ts': 'account creation racing on two connection pools',
  'tests/server/two-instances.test.ts': 'two apps with their own pools on one database',
  'tests/server/upgrade-race.test.ts': 'concurrent settlements of one item: row locks on a real pool',
  'tests/server/upgrade-reread.test.ts': 'raw named statements (server/db/client.ts)',
  'tests/reliability/live-caps.test.ts': 'stream caps shared by two apps with their own pools over Redis',
  'tests/reliability/fuzz.test.ts': 'hostile input through raw SQL checks of the stored rows',
};

/** Files that touch the driver layer but whose outcome does not depend on the run's database. */
export const PG_EXEMPT: Record<string, string> = {
  'tests/server/cli.test.ts': 'always a PGlite directory: the CLI against the directory lock',
};

/** What marks a file as driver-sensitive: the raw driver layer, raw SQL, or a branch on the database kind. */
export const DRIVER_MARKERS: RegExp[] = [
  /from 'pg'/,
  /server\/db\/(client|lock|transaction)\.ts'/,
  /\bsql`/,
  /process\.env\.DATABASE_URL/,
  /\.databaseUrl\b/,
  /\.kind === 'pg(lite)?'/,
  /\b(LISTEN|NOTIFY)\b/,
  /for update/i,
];
