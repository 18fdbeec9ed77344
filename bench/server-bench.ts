/**
 * The server figures. PostgreSQL: settling games against pgbench on the same server, RSS after 1,000 and
 * 50,000 games, the index answer against the same bytes served as a static pre-compressed file, bytes per
 * catalogue item. PGlite: the settling figure beside it.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { atLeast, atMost, info, type Figure } from './lib/figures.ts';
import { GameLoad, mergeGames, type GamesResult, type GamesSample } from './lib/games.ts';
import { request } from './lib/http.ts';
import {
  backendCpuSeconds,
  createDatabase,
  dropDatabase,
  pgbenchInit,
  pgbenchRun,
  type PgbenchResult,
} from './lib/pg.ts';
import { prepareDatabase, type BenchData } from './lib/prepare.ts';
import { settleDisk } from './lib/quiet.ts';
import { startServer, type BenchServer } from './lib/server.ts';

/** Knobs of the server bench (defaults are the documented run). */
export const SERVER_BENCH = {
  clients: 32,
  catalogueTargets: 20_000,
  stakePerGame: 2,
  memoryGamesLow: 1_000,
  memoryGamesHigh: Number(process.env.BENCH_GAMES ?? 50_000),
  /** The memory stretch stops here at the latest, so the whole bench stays under 10 minutes. */
  memoryMaxSeconds: 220,
  windowSeconds: 20,
  /** The window is cut into rounds of pgbench then games, so load from other work hits both alike. */
  windowRounds: 2,
  pgbenchScale: 32,
  pgbenchThreads: 2,
  pgliteSeconds: 15,
  indexConnections: 16,
  indexRounds: 2,
  indexRoundSeconds: 5,
  poolSize: Number(process.env.BENCH_PG_POOL_SIZE ?? 10),
  /** Server processes on PostgreSQL (WEB_CONCURRENCY, node:cluster workers sharing the port). */
  workers: Number(process.env.BENCH_WORKERS ?? 1),
};

/** BENCH_DB_SUFFIX lets two benches run side by side on one PostgreSQL (engineers sharing a machine). */
const PGBENCH_DB = `bench_pgbench${process.env.BENCH_DB_SUFFIX ?? ''}`;
const GAMES_DB = `bench_upgrades${process.env.BENCH_DB_SUFFIX ?? ''}`;

function gamesFigures(
  label: string,
  r: GamesResult,
  pgbench: PgbenchResult,
  asTarget: boolean,
  setup: string,
): Figure[] {
  const base = { label: 'pgbench tpcb-like -c 32 -j 2', value: pgbench.tps, unit: 'tps' };
  const note = `${r.games} games in ${r.seconds.toFixed(1)} s, ${SERVER_BENCH.clients} players, ${SERVER_BENCH.stakePerGame} items staked, upgrade per game with the token the last answer brought (a player's first game: the index call, then a token call); server: ${setup}`;
  const lat = { label: 'median', value: r.medianMs, unit: 'ms' };
  if (!asTarget) {
    return [
      info(`${label}: games/s`, r.gamesPerSecond, 'games/s', base, note),
      info(`${label}: upgrade p99 / median`, r.p99Ms, 'ms', lat),
      info(`${label}: errors`, r.errors, '', null, r.firstError),
    ];
  }
  return [
    atLeast(`${label}: games/s`, r.gamesPerSecond, 'games/s', base, 0.5, note),
    atMost(`${label}: upgrade p99 / median`, r.p99Ms, 'ms', lat, 4),
    atMost(`${label}: errors`, r.errors, '', null, 0, r.firstError),
  ];
}

/** The index answer as the page gets it (brotli), once the background quality-11 encoding has landed. */
async function settledIndex(
  server: BenchServer,
  cookie: string,
  maxSeconds = 60,
): Promise<{ br: Buffer; wireBytes: number }> {
  const agent = new http.Agent({ keepAlive: true });
  const fetchIndex = () =>
    request(agent, `${server.url}/api/upgrade/index`, { method: 'POST', headers: { cookie, 'accept-encoding': 'br' } });
  let last = await fetchIndex();
  const t0 = Date.now();
  for (let stable = 0; stable < 3 && Date.now() - t0 < maxSeconds * 1000;) {
    await new Promise((r) => setTimeout(r, 1000));
    const next = await fetchIndex();
    stable = next.body.length === last.body.length ? stable + 1 : 0;
    last = next;
  }
  agent.destroy();
  return { br: last.body, wireBytes: last.wireBytes };
}

/** Equal-length pgbench rounds as one result: transactions added, tps averaged. */
function mergePgbench(rounds: PgbenchResult[]): PgbenchResult {
  return {
    tps: rounds.reduce((n, r) => n + r.tps, 0) / rounds.length,
    latencyMs: rounds.reduce((n, r) => n + r.latencyMs, 0) / rounds.length,
    transactions: rounds.reduce((n, r) => n + r.transactions, 0),
    failed: rounds.reduce((n, r) => n + r.failed, 0),
    command: `${rounds[0].command} (${rounds.length} rounds interleaved with the games)`,
  };
}

/** The same answer, identity and gzip, to lay beside the brotli one as a static file. */
async function indexVariants(server: BenchServer, cookie: string): Promise<{ raw: Buffer; gz: Buffer }> {
  const agent = new http.Agent({ keepAlive: true });
  const get = (enc: string) =>
    request(agent, `${server.url}/api/upgrade/index`, { method: 'POST', headers: { cookie, 'accept-encoding': enc } });
  const [raw, gz] = [await get('identity'), await get('gzip')];
  agent.destroy();
  return { raw: raw.body, gz: gz.body };
}

async function cannon(url: string, method: string, headers: Record<string, string>, seconds: number) {
  const r = await autocannon({ url, method, headers, connections: SERVER_BENCH.indexConnections, duration: seconds });
  return {
    requests: r.requests.total,
    seconds: r.duration,
    errors: r.errors + r.timeouts + r.non2xx,
    p50: r.latency.p50,
    p99: r.latency.p99,
  };
}

/** Index vs static, interleaved rounds so that noise from other work on the machine hits both alike. */
async function indexFigures(
  server: BenchServer,
  data: BenchData,
  distDir: string,
  raw: Record<string, unknown>,
): Promise<Figure[]> {
  const { cookie } = data.indexPlayer;
  const { br, wireBytes } = await settledIndex(server, cookie);
  const { raw: plain, gz } = await indexVariants(server, cookie);
  fs.mkdirSync(path.join(distDir, 'bench'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'bench', 'index.json'), plain);
  fs.writeFileSync(path.join(distDir, 'bench', 'index.json.br'), br);
  fs.writeFileSync(path.join(distDir, 'bench', 'index.json.gz'), gz);
  const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
  const index = { requests: 0, seconds: 0, errors: 0 };
  const stat = { requests: 0, seconds: 0, errors: 0 };
  for (let i = 0; i < SERVER_BENCH.indexRounds; i++) {
    for (const [acc, url, method] of [
      [index, '/api/upgrade/index', 'POST'],
      [stat, '/bench/index.json', 'GET'],
    ] as const) {
      const r = await cannon(`${server.url}${url}`, method, headers, SERVER_BENCH.indexRoundSeconds);
      acc.requests += r.requests;
      acc.seconds += r.seconds;
      acc.errors += r.errors;
    }
  }
  const indexRps = index.requests / index.seconds;
  const staticRps = stat.requests / stat.seconds;
  raw.index = { index, static: stat, bodyBytes: { br: br.length, gzip: gz.length, identity: plain.length }, wireBytes };
  const n = data.catalogueTargets;
  return [
    atLeast(
      'index (20,000 targets, signed in): requests/s',
      indexRps,
      'req/s',
      { label: 'same bytes as a static .br file', value: staticRps, unit: 'req/s' },
      0.5,
      `${SERVER_BENCH.indexConnections} connections, ${SERVER_BENCH.indexRounds} x ${SERVER_BENCH.indexRoundSeconds} s each, interleaved; errors ${index.errors} / ${stat.errors}`,
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

/** PostgreSQL: pgbench, games, memory, index. Returns the figures and the pgbench result for the PGlite line. */
export async function postgresBench(
  distDir: string,
  raw: Record<string, unknown>,
  log: (s: string) => void,
): Promise<{ figures: Figure[]; pgbench: PgbenchResult }> {
  const c = SERVER_BENCH;
  log(`pgbench -i -s ${c.pgbenchScale}`);
  await createDatabase(PGBENCH_DB);
  const url = await createDatabase(GAMES_DB);
  let server: BenchServer | null = null;
  try {
    await pgbenchInit(PGBENCH_DB, c.pgbenchScale);
    log('preparing the games database');
    // Enough items that the measured window never runs dry, even with a short memory stretch (BENCH_GAMES): room
    // for 4,000 games/s (session 18 measured 2,540 on a machine where pgbench gave 3,000 tps). A window of more
    // than 50,000 games leaves the memory stretch nothing to add; its figure names the count reached.
    const gamesNeeded = Math.max(c.memoryGamesHigh, c.memoryGamesLow + 4_000 * c.windowSeconds);
    const itemsPerPlayer = Math.ceil((gamesNeeded * c.stakePerGame) / c.clients) + 200;
    const data = await prepareDatabase(
      { kind: 'pg', url },
      {
        catalogueTargets: c.catalogueTargets,
        players: c.clients,
        itemsPerPlayer,
        stakePerGame: c.stakePerGame,
        indexPlayerItems: 30,
      },
    );
    server = await startServer({
      DATABASE_URL: url,
      PG_POOL_SIZE: String(c.poolSize),
      WEB_CONCURRENCY: String(c.workers),
      DIST_DIR: distDir,
    });
    // The index answer's encodings are built (quality-11 brotli takes seconds of a thread-pool thread) before
    // the games start, so neither the RSS baseline nor the games window includes that one-off work.
    log('index: waiting for the best brotli encoding');
    await settledIndex(server, data.indexPlayer.cookie);
    const load = new GameLoad(server.url, data);
    log(`games: warm-up to ${c.memoryGamesLow}`);
    const warm = await load.run({ games: c.memoryGamesLow });
    const rssLow = server.rssMb();
    const rounds: PgbenchResult[] = [];
    const samples: GamesSample[] = [];
    const cpu = { server: 0, pg: 0, client: 0 };
    // Each round, pgbench's and the games', starts with PostgreSQL's and the kernel's dirty pages written out.
    const settles: Array<{ dirtyMb: number; ms: number }> = [];
    for (let i = 0; i < c.windowRounds; i++) {
      const seconds = c.windowSeconds / c.windowRounds;
      settles.push(await settleDisk());
      log(`pgbench run, round ${i + 1} of ${c.windowRounds}`);
      rounds.push(await pgbenchRun(PGBENCH_DB, c.clients, c.pgbenchThreads, seconds));
      settles.push(await settleDisk());
      log(`games, round ${i + 1} of ${c.windowRounds}`);
      const [server0, pg0, client0] = [server.cpuSeconds(), backendCpuSeconds(GAMES_DB), process.cpuUsage()];
      samples.push(await load.sample({ seconds }));
      const client = process.cpuUsage(client0);
      cpu.server += server.cpuSeconds() - server0;
      cpu.pg += backendCpuSeconds(GAMES_DB) - pg0;
      cpu.client += (client.user + client.system) / 1e6;
    }
    const pgbench = mergePgbench(rounds);
    const window = mergeGames(samples);
    const perGame = (seconds: number) => (seconds * 1000) / window.games;
    const serverCpuMsPerGame = perGame(cpu.server);
    const pgCpuMsPerGame = perGame(cpu.pg);
    const clientCpuMsPerGame = perGame(cpu.client);
    const done = warm.games + window.games;
    log(`games: on to ${c.memoryGamesHigh} (at most ${c.memoryMaxSeconds} s)`);
    const rest = await load.run({ games: c.memoryGamesHigh - done, seconds: c.memoryMaxSeconds });
    const rssHigh = server.rssMb();
    const totalGames = done + rest.games;
    load.close();
    raw.postgres = {
      pgbench,
      pgbenchRounds: rounds,
      settles,
      gameRounds: samples.map(({ upgradeMs: _u, gameMs: _g, ...r }) => r),
      warm,
      window,
      rest,
      rssLow,
      rssHigh,
      totalGames,
      serverCpuMsPerGame,
      pgCpuMsPerGame,
      clientCpuMsPerGame,
      poolSize: c.poolSize,
      workers: c.workers,
    };
    log(
      `CPU per game in the window: server ${serverCpuMsPerGame.toFixed(2)} ms, PostgreSQL backends ${pgCpuMsPerGame.toFixed(2)} ms, load driver ${clientCpuMsPerGame.toFixed(2)} ms`,
    );
    log('index vs static');
    const index = await indexFigures(server, data, distDir, raw);
    const figures = [
      ...gamesFigures(
        'PostgreSQL settle',
        window,
        pgbench,
        true,
        `${c.workers} process${c.workers > 1 ? 'es (WEB_CONCURRENCY)' : ''}, pool ${c.poolSize}${c.workers > 1 ? ' each' : ''}`,
      ),
      atMost(
        `memory: RSS after ${totalGames} games / after ${c.memoryGamesLow}`,
        rssHigh,
        'MB',
        { label: `RSS after ${c.memoryGamesLow} games`, value: rssLow, unit: 'MB' },
        1.3,
        totalGames < c.memoryGamesHigh
          ? `stopped at ${totalGames} games (time cap ${c.memoryMaxSeconds} s), not ${c.memoryGamesHigh}`
          : `errors after warm-up: ${window.errors + rest.errors}`,
      ),
      ...index,
    ];
    return { figures, pgbench };
  } finally {
    await server?.stop();
    await dropDatabase(GAMES_DB);
    await dropDatabase(PGBENCH_DB);
  }
}

/** PGlite (the default database): the settling figure, for information beside PostgreSQL's. */
export async function pgliteBench(
  pgbench: PgbenchResult,
  raw: Record<string, unknown>,
  log: (s: string) => void,
): Promise<Figure[]> {
  const c = SERVER_BENCH;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  let server: BenchServer | null = null;
  try {
    log('preparing the PGlite database');
    const data = await prepareDatabase(
      { kind: 'pglite', dataDir: dir },
      {
        catalogueTargets: c.catalogueTargets,
        players: c.clients,
        itemsPerPlayer: 400,
        stakePerGame: c.stakePerGame,
        indexPlayerItems: 30,
      },
    );
    server = await startServer({ DATA_DIR: dir, DEMO_MODE: 'false', DIST_DIR: '/nonexistent' });
    const load = new GameLoad(server.url, data);
    await load.run({ seconds: 3 });
    await settleDisk();
    log('PGlite games window');
    const r = await load.run({ seconds: c.pgliteSeconds });
    load.close();
    raw.pglite = r;
    return gamesFigures('PGlite settle', r, pgbench, false, '1 process (PGlite is single-process)');
  } finally {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
