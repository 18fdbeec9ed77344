// The server figures on PostgreSQL: games/s against pgbench on the same server, RSS after 1,000 and 50,000 games,
// the index answer against the same bytes as a static pre-compressed file, bytes per catalogue item.
import fs from 'node:fs';
import path from 'node:path';
import { atLeast, atMost, type BenchContext, type Figure } from './lib/figures.ts';
import { GameLoad, summarise, type GamesSample } from './lib/games.ts';
import { KeepAliveConnection, type Answer } from './lib/keepalive.ts';
import { pgbenchInit, pgbenchTps, settleDisk, withDatabase } from './lib/pg.ts';
import { prepareDatabase, type BenchData } from './lib/prepare.ts';
import { startServer, type BenchServer } from './lib/server.ts';

const CLIENTS = 32;
const STAKE_PER_GAME = 2;
const MEMORY_GAMES_LOW = 1_000;
const MEMORY_GAMES_HIGH = Number(process.env.BENCH_GAMES ?? 50_000);
/** The memory stretch stops here at the latest, so the server step stays under 10 minutes. */
const MEMORY_MAX_SECONDS = 220;
/** 20 s cut into rounds of pgbench then games, so load from other work hits both alike. */
const ROUNDS = 2;
const ROUND_SECONDS = 10;

/** The index answer in one encoding. */
function fetchIndex(conn: KeepAliveConnection, cookie: string, encoding: string) {
  return conn.request('POST', '/api/upgrade/index', `cookie: ${cookie}\r\naccept-encoding: ${encoding}`, '');
}

/** Index vs static: 16 connections, two interleaved rounds of 5 s each, so noise hits both alike. */
async function indexFigures(server: BenchServer, data: BenchData, ctx: BenchContext): Promise<Figure[]> {
  const { cookie } = data.indexPlayer;
  const conn = new KeepAliveConnection(server.url);
  const { body: br, wireBytes } = await fetchIndex(conn, cookie, 'br');
  const plain = (await fetchIndex(conn, cookie, 'identity')).body;
  const gz = (await fetchIndex(conn, cookie, 'gzip')).body;
  conn.close();
  const dir = path.join(ctx.distDir, 'bench');
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, body] of Object.entries({ 'index.json': plain, 'index.json.br': br, 'index.json.gz': gz }))
    fs.writeFileSync(path.join(dir, name), body);
  const headers = `cookie: ${cookie}\r\naccept-encoding: gzip, deflate, br`;
  const totals = { index: { ok: 0, errors: 0, seconds: 0 }, static: { ok: 0, errors: 0, seconds: 0 } };
  const round = async (total: typeof totals.index, send: (c: KeepAliveConnection) => Promise<Answer>) => {
    const t0 = performance.now();
    const connection = async () => {
      const conn = new KeepAliveConnection(server.url);
      while (performance.now() < t0 + 5_000) total[(await send(conn)).status === 200 ? 'ok' : 'errors']++;
      conn.close();
    };
    await Promise.all(Array.from({ length: 16 }, connection));
    total.seconds += (performance.now() - t0) / 1000;
  };
  for (let i = 0; i < 2; i++) {
    await round(totals.index, (c) => c.request('POST', '/api/upgrade/index', headers, ''));
    await round(totals.static, (c) => c.request('GET', '/bench/index.json', headers));
  }
  const rps = (t: typeof totals.index) => t.ok / t.seconds;
  ctx.raw.index = { totals, bodyBytes: { br: br.length, gzip: gz.length, identity: plain.length }, wireBytes };
  const n = data.catalogueTargets;
  const staticFile = { label: 'same bytes as a static .br file', value: rps(totals.static), unit: 'req/s' };
  const errors = `errors ${totals.index.errors} / ${totals.static.errors}`;
  const perItem = `${wireBytes} bytes with headers for ${n} targets and a ${2 * data.indexPlayer.items.length}-item inventory; gzip ${(gz.length / n).toFixed(1)} B, identity ${(plain.length / n).toFixed(1)} B per item`;
  return [
    atLeast('index (20,000 targets, signed in): requests/s', rps(totals.index), 'req/s', staticFile, 0.5, errors),
    atMost('index: bytes on the wire per catalogue item (brotli)', wireBytes / n, 'B', null, 12, perItem),
  ];
}

/** pgbench, games, memory and index on one PostgreSQL server. */
export function serverBench(ctx: BenchContext): Promise<Figure[]> {
  return withDatabase('pgbench', (pgbenchUrl) =>
    withDatabase('upgrades', async (url) => {
      ctx.log('pgbench -i -s 32');
      // Scale 32, so that 32 clients do not mostly measure contention on the branch rows.
      await pgbenchInit(pgbenchUrl, 32);
      ctx.log('preparing the games database');
      // Items for the warm-up and a window at up to 4,000 games/s, so the window never runs dry.
      const games = Math.max(MEMORY_GAMES_HIGH, MEMORY_GAMES_LOW + 4_000 * ROUNDS * ROUND_SECONDS);
      const data = await prepareDatabase(url, 20_000, {
        players: CLIENTS,
        itemsPerPlayer: Math.ceil((games * STAKE_PER_GAME) / CLIENTS) + 200,
        stakePerGame: STAKE_PER_GAME,
        indexPlayerItems: 30,
      });
      const server = await startServer({ DATABASE_URL: url, DIST_DIR: ctx.distDir });
      const load = new GameLoad(server.url, data);
      try {
        // The index's one-off best brotli encoding lands before the games, outside the RSS baseline and the window.
        ctx.log('index: waiting for the best brotli encoding');
        const first = new KeepAliveConnection(server.url);
        await fetchIndex(first, data.indexPlayer.cookie, 'br');
        first.close();
        await server.idle();
        ctx.log(`games: warm-up to ${MEMORY_GAMES_LOW}`);
        const warm = await load.sample({ games: MEMORY_GAMES_LOW });
        const rssLow = server.rssMb();
        const tps: number[] = [];
        const samples: GamesSample[] = [];
        for (let i = 1; i <= ROUNDS; i++) {
          await settleDisk();
          ctx.log(`pgbench, round ${i} of ${ROUNDS}`);
          tps.push(await pgbenchTps(pgbenchUrl, CLIENTS, 2, ROUND_SECONDS));
          await settleDisk();
          ctx.log(`games, round ${i} of ${ROUNDS}`);
          samples.push(await load.sample({ seconds: ROUND_SECONDS }));
        }
        const r = summarise(samples);
        const done = warm.games + r.games;
        ctx.log(`games: on to ${MEMORY_GAMES_HIGH} (at most ${MEMORY_MAX_SECONDS} s)`);
        const rest = summarise([await load.sample({ games: MEMORY_GAMES_HIGH - done, seconds: MEMORY_MAX_SECONDS })]);
        const rssHigh = server.rssMb();
        const totalGames = done + rest.games;
        const gameRounds = samples.map(({ upgradeMs: _u, ...s }) => s);
        ctx.raw.postgres = { pgbenchTps: tps, gameRounds, window: r, rest, rssLow, rssHigh, totalGames };
        ctx.log('index vs static');
        const index = await indexFigures(server, data, ctx);
        const tpsMean = tps.reduce((a, b) => a + b) / ROUNDS;
        const pgbench = { label: 'pgbench tpcb-like -c 32 -j 2', value: tpsMean, unit: 'tps' };
        const note = `${r.games} games in ${r.seconds.toFixed(1)} s, ${CLIENTS} players, ${STAKE_PER_GAME} items staked, each game with the token the last answer brought (a player's first game: the index call, then a token call); server: 1 process, pool 10`;
        const median = { label: 'median', value: r.medianMs, unit: 'ms' };
        const rss = { label: `RSS after ${MEMORY_GAMES_LOW} games`, value: rssLow, unit: 'MB' };
        const rssNote =
          totalGames < MEMORY_GAMES_HIGH
            ? `stopped at ${totalGames} games (time cap ${MEMORY_MAX_SECONDS} s), not ${MEMORY_GAMES_HIGH}`
            : `errors after warm-up: ${r.errors + rest.errors}`;
        return [
          atLeast('PostgreSQL settle: games/s', r.gamesPerSecond, 'games/s', pgbench, 0.5, note),
          atMost('PostgreSQL settle: upgrade p99 / median', r.p99Ms, 'ms', median, 4),
          atMost('PostgreSQL settle: errors', r.errors, '', null, 0, r.firstError),
          atMost(`memory: RSS after ${totalGames} games / after ${MEMORY_GAMES_LOW}`, rssHigh, 'MB', rss, 1.3, rssNote),
          ...index,
        ];
      } finally {
        load.close();
        await server.stop();
      }
    }),
  );
}
