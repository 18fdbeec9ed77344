/**
 * The server figures. PostgreSQL: settling games against pgbench on the same server, RSS after 1,000 and 50,000
 * games, the index answer against the same bytes served as a static pre-compressed file, bytes per catalogue item.
 * PGlite: the settling figure, for information.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { atLeast, atMost, info, type BenchContext, type Figure } from './lib/figures.ts';
import { GameLoad, summarise, type GamesResult, type GamesSample } from './lib/games.ts';
import { hammer, KeepAliveConnection } from './lib/keepalive.ts';
import { createDatabase, dropDatabase, pgbenchInit, pgbenchRun, type PgbenchResult } from './lib/pg.ts';
import { prepareDatabase, type BenchData } from './lib/prepare.ts';
import { settleDisk } from './lib/quiet.ts';
import { startServer, type BenchServer } from './lib/server.ts';

/** Knobs of the server bench (defaults are the documented run). */
const C = {
  clients: 32,
  catalogueTargets: 20_000,
  stakePerGame: 2,
  memoryGamesLow: 1_000,
  memoryGamesHigh: Number(process.env.BENCH_GAMES ?? 50_000),
  /** The memory stretch stops here at the latest, so the whole bench stays under 10 minutes. */
  memoryMaxSeconds: 220,
  /** Cut into rounds of pgbench then games, so load from other work hits both alike. */
  windowSeconds: 20,
  windowRounds: 2,
  pgbenchScale: 32,
  pgbenchThreads: 2,
  pgliteSeconds: 15,
  indexConnections: 16,
  indexRounds: 2,
  indexRoundSeconds: 5,
  poolSize: Number(process.env.BENCH_PG_POOL_SIZE ?? 10),
  workers: Number(process.env.BENCH_WORKERS ?? 1),
};

/** BENCH_DB_SUFFIX lets two benches share one PostgreSQL. */
const PGBENCH_DB = `bench_pgbench${process.env.BENCH_DB_SUFFIX ?? ''}`;
const GAMES_DB = `bench_upgrades${process.env.BENCH_DB_SUFFIX ?? ''}`;

function gamesFigures(label: string, r: GamesResult, pgbench: PgbenchResult | null, setup: string): Figure[] {
  const base = pgbench && { label: 'pgbench tpcb-like -c 32 -j 2', value: pgbench.tps, unit: 'tps' };
  const note = `${r.games} games in ${r.seconds.toFixed(1)} s, ${C.clients} players, ${C.stakePerGame} items staked, each game with the token the last answer brought (a player's first game: the index call, then a token call); server: ${setup}`;
  const lat = { label: 'median', value: r.medianMs, unit: 'ms' };
  if (label.startsWith('PGlite'))
    return [
      info(`${label}: games/s`, r.gamesPerSecond, 'games/s', base, note),
      info(`${label}: upgrade p99 / median`, r.p99Ms, 'ms', lat),
      info(`${label}: errors`, r.errors, '', null, r.firstError),
    ];
  return [
    atLeast(`${label}: games/s`, r.gamesPerSecond, 'games/s', base, 0.5, note),
    atMost(`${label}: upgrade p99 / median`, r.p99Ms, 'ms', lat, 4),
    atMost(`${label}: errors`, r.errors, '', null, 0, r.firstError),
  ];
}

/** The index answer in one encoding. */
function fetchIndex(conn: KeepAliveConnection, cookie: string, encoding: string) {
  return conn.request('POST', '/api/upgrade/index', `cookie: ${cookie}\r\naccept-encoding: ${encoding}`, '');
}

/** The brotli answer once the server's background quality-11 encoding has landed (three equal sizes in a row). */
async function settledIndex(server: BenchServer, cookie: string) {
  const conn = new KeepAliveConnection(server.url);
  let last = await fetchIndex(conn, cookie, 'br');
  for (let stable = 0, t0 = Date.now(); stable < 3 && Date.now() - t0 < 60_000;) {
    await new Promise((r) => setTimeout(r, 1000));
    const next = await fetchIndex(conn, cookie, 'br');
    stable = next.body.length === last.body.length ? stable + 1 : 0;
    last = next;
  }
  conn.close();
  return last;
}

/** Equal-length pgbench rounds as one result: transactions added, tps averaged. */
function mergePgbench(rounds: PgbenchResult[]): PgbenchResult {
  const sum = (f: (r: PgbenchResult) => number) => rounds.reduce((n, r) => n + f(r), 0);
  return {
    tps: sum((r) => r.tps) / rounds.length,
    latencyMs: sum((r) => r.latencyMs) / rounds.length,
    transactions: sum((r) => r.transactions),
    failed: sum((r) => r.failed),
    command: `${rounds[0].command} (${rounds.length} rounds interleaved with the games)`,
  };
}

/** Index vs static, interleaved rounds so that noise from other work on the machine hits both alike. */
async function indexFigures(server: BenchServer, data: BenchData, ctx: BenchContext): Promise<Figure[]> {
  const { cookie } = data.indexPlayer;
  const { body: br, wireBytes } = await settledIndex(server, cookie);
  const conn = new KeepAliveConnection(server.url);
  const plain = (await fetchIndex(conn, cookie, 'identity')).body;
  const gz = (await fetchIndex(conn, cookie, 'gzip')).body;
  conn.close();
  const dir = path.join(ctx.distDir, 'bench');
  fs.mkdirSync(dir, { recursive: true });
  for (const [ext, body] of [
    ['', plain],
    ['.br', br],
    ['.gz', gz],
  ] as const)
    fs.writeFileSync(path.join(dir, `index.json${ext}`), body);
  const headers = `cookie: ${cookie}\r\naccept-encoding: gzip, deflate, br`;
  const sends = {
    index: (c: KeepAliveConnection) => c.request('POST', '/api/upgrade/index', headers, ''),
    static: (c: KeepAliveConnection) => c.request('GET', '/bench/index.json', headers),
  };
  const totals = { index: { requests: 0, seconds: 0, errors: 0 }, static: { requests: 0, seconds: 0, errors: 0 } };
  for (let i = 0; i < C.indexRounds; i++) {
    for (const key of ['index', 'static'] as const) {
      const r = await hammer(server.url, C.indexConnections, C.indexRoundSeconds, sends[key]);
      totals[key].requests += r.requests;
      totals[key].seconds += r.seconds;
      totals[key].errors += r.errors;
    }
  }
  const rps = (t: { requests: number; seconds: number }) => t.requests / t.seconds;
  ctx.raw.index = { ...totals, bodyBytes: { br: br.length, gzip: gz.length, identity: plain.length }, wireBytes };
  const n = data.catalogueTargets;
  return [
    atLeast(
      'index (20,000 targets, signed in): requests/s',
      rps(totals.index),
      'req/s',
      { label: 'same bytes as a static .br file', value: rps(totals.static), unit: 'req/s' },
      0.5,
      `${C.indexConnections} connections, ${C.indexRounds} x ${C.indexRoundSeconds} s each, interleaved; errors ${totals.index.errors} / ${totals.static.errors}`,
    ),
    atMost(
      'index: bytes on the wire per catalogue item (brotli)',
      wireBytes / n,
      'B',
      null,
      12,
      `${wireBytes} bytes with headers for ${n} targets and a ${2 * data.indexPlayer.items.length}-item inventory; gzip ${(gz.length / n).toFixed(1)} B, identity ${(plain.length / n).toFixed(1)} B per item`,
    ),
  ];
}

/** PostgreSQL: pgbench, games, memory, index; leaves pgbench's result in ctx for the PGlite step. */
export async function postgresBench(ctx: BenchContext): Promise<Figure[]> {
  const { log } = ctx;
  log(`pgbench -i -s ${C.pgbenchScale}`);
  await createDatabase(PGBENCH_DB);
  const url = await createDatabase(GAMES_DB);
  let server: BenchServer | null = null;
  try {
    await pgbenchInit(PGBENCH_DB, C.pgbenchScale);
    log('preparing the games database');
    // Items for the warm-up and a window at up to 4,000 games/s, so the window never runs dry.
    const gamesNeeded = Math.max(C.memoryGamesHigh, C.memoryGamesLow + 4_000 * C.windowSeconds);
    const data = await prepareDatabase(
      { kind: 'pg', url },
      {
        catalogueTargets: C.catalogueTargets,
        players: C.clients,
        itemsPerPlayer: Math.ceil((gamesNeeded * C.stakePerGame) / C.clients) + 200,
        stakePerGame: C.stakePerGame,
        indexPlayerItems: 30,
      },
    );
    const env = { DATABASE_URL: url, PG_POOL_SIZE: String(C.poolSize), WEB_CONCURRENCY: String(C.workers) };
    server = await startServer({ ...env, DIST_DIR: ctx.distDir });
    // The index's one-off quality-11 encoding lands before the games, outside the RSS baseline and the window.
    log('index: waiting for the best brotli encoding');
    await settledIndex(server, data.indexPlayer.cookie);
    const load = new GameLoad(server.url, data);
    log(`games: warm-up to ${C.memoryGamesLow}`);
    const warm = await load.run({ games: C.memoryGamesLow });
    const rssLow = server.rssMb();
    const rounds: PgbenchResult[] = [];
    const samples: GamesSample[] = [];
    for (let i = 0; i < C.windowRounds; i++) {
      const seconds = C.windowSeconds / C.windowRounds;
      await settleDisk();
      log(`pgbench, round ${i + 1} of ${C.windowRounds}`);
      rounds.push(await pgbenchRun(PGBENCH_DB, C.clients, C.pgbenchThreads, seconds));
      await settleDisk();
      log(`games, round ${i + 1} of ${C.windowRounds}`);
      samples.push(await load.sample({ seconds }));
    }
    const pgbench = mergePgbench(rounds);
    ctx.pgbench = pgbench;
    const window = summarise(samples);
    const done = warm.games + window.games;
    log(`games: on to ${C.memoryGamesHigh} (at most ${C.memoryMaxSeconds} s)`);
    const rest = await load.run({ games: C.memoryGamesHigh - done, seconds: C.memoryMaxSeconds });
    const rssHigh = server.rssMb();
    const totalGames = done + rest.games;
    load.close();
    const gameRounds = samples.map(({ upgradeMs: _u, ...r }) => r);
    ctx.raw.postgres = { pgbench, pgbenchRounds: rounds, gameRounds, warm, window, rest, rssLow, rssHigh, totalGames };
    log('index vs static');
    const index = await indexFigures(server, data, ctx);
    const processes = C.workers > 1 ? `${C.workers} processes (WEB_CONCURRENCY), pool ${C.poolSize} each` : '';
    return [
      ...gamesFigures('PostgreSQL settle', window, pgbench, processes || `1 process, pool ${C.poolSize}`),
      atMost(
        `memory: RSS after ${totalGames} games / after ${C.memoryGamesLow}`,
        rssHigh,
        'MB',
        { label: `RSS after ${C.memoryGamesLow} games`, value: rssLow, unit: 'MB' },
        1.3,
        totalGames < C.memoryGamesHigh
          ? `stopped at ${totalGames} games (time cap ${C.memoryMaxSeconds} s), not ${C.memoryGamesHigh}`
          : `errors after warm-up: ${window.errors + rest.errors}`,
      ),
      ...index,
    ];
  } finally {
    await server?.stop();
    await dropDatabase(GAMES_DB);
    await dropDatabase(PGBENCH_DB);
  }
}

/** PGlite (the default database): the settling figure, for information beside PostgreSQL's. */
export async function pgliteBench(ctx: BenchContext): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  let server: BenchServer | null = null;
  try {
    ctx.log('preparing the PGlite database');
    const data = await prepareDatabase(
      { kind: 'pglite', dataDir: dir },
      {
        catalogueTargets: C.catalogueTargets,
        players: C.clients,
        itemsPerPlayer: 400,
        stakePerGame: C.stakePerGame,
        indexPlayerItems: 30,
      },
    );
    server = await startServer({ DATA_DIR: dir, DEMO_MODE: 'false', DIST_DIR: '/nonexistent' });
    const load = new GameLoad(server.url, data);
    await load.run({ seconds: 3 });
    await settleDisk();
    ctx.log('PGlite games window');
    const r = await load.run({ seconds: C.pgliteSeconds });
    load.close();
    ctx.raw.pglite = r;
    return gamesFigures('PGlite settle', r, ctx.pgbench, '1 process (PGlite is single-process)');
  } finally {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
