// The fairness audit on PostgreSQL: GET /api/provably_fair/audit with 1,000,000 games in the table, a signed-in call
// under anonymous readers, and games/s with the log sequencer (which adds each batch's games to the audit's rollup)
// against the same server with it off (LOG_SEQUENCE_MS=0), alternating so drift hits both alike.
import { atLeast, atMost, percentile, type BenchContext, type Figure } from './lib/figures.ts';
import { GameLoad, summarise, type GamesSample } from './lib/games.ts';
import { withClient, withDatabase } from './lib/pg.ts';
import { prepareDatabase } from './lib/prepare.ts';
import { startServer } from './lib/server.ts';
import { logFigures } from './log.ts';

const GAMES = 1_000_000;
const GAMES_PER_SEED = 100;
const PLAYERS = 2_000;
const SETTLE_ROUNDS = 2;
const SETTLE_SECONDS = 12;
const CLIENTS = 16;

// Games over the last 30 days in one INSERT ... SELECT, 100 a seed, each player's newest seed still active. Random
// rolls, not HMACs: this measures the audit, not the verification.
function writeGames(url: string, games: number): Promise<void> {
  return withClient(url, async (c) => {
    const seeds = Math.ceil(games / GAMES_PER_SEED);
    const [{ id: target }] = (await c.query('select id from catalogue_items order by id limit 1')).rows;
    await c.query(
      `insert into users (username, password_hash) select 'audit_bench_' || i, 'x' from generate_series(1, $1) i`,
      [PLAYERS],
    );
    await c.query(
      `insert into seeds (user_id, server_seed, server_seed_hash, client_seed, status, nonce, activated_at, revealed_at)
       select u.id, s.seed, encode(sha256(convert_to(s.seed, 'UTF8')), 'hex'), 'bench-' || k,
         case when k >= $1 - $2 then 'active' else 'revealed' end, $3, t.at,
         case when k >= $1 - $2 then null else now() end
       from generate_series(0, $1 - 1) k
       cross join lateral (select md5(random()::text || k) || md5(random()::text || -k) as seed) s
       cross join lateral (select now() - interval '30 days' * (1 - (k * $3)::float8 / $4) as at) t
       join (select id, row_number() over (order by id) - 1 as p from users where username like 'audit_bench_%') u
         on u.p = k % $2`,
      [seeds, PLAYERS, GAMES_PER_SEED, games],
    );
    // `0 * g` ties each random() in the lateral subqueries to its row: uncorrelated, one value would serve all rows.
    await c.query(
      `insert into games (roll_id, user_id, site, seed_id, server_seed_hash, client_seed, nonce, chance, roll_under,
         roll, round, chunk, success, stake_minor, stake_count, target_catalogue_item_id, target_price_minor, tickets,
         created_at, revealed)
       select md5('bench' || g), s.user_id, $3, s.id, s.server_seed_hash, s.client_seed, (g - 1) % $2, r.chance,
         r.under, r.roll, 0, 0, case when r.under then r.roll < r.chance else r.roll >= 100000 - r.chance end,
         r.stake, 1, $4, r.price, 1, now() - interval '30 days' * (($1 - g)::float8 / $1), s.status = 'revealed'
       from generate_series(1, $1) g
       join (select id, user_id, server_seed_hash, client_seed, status, row_number() over (order by id) - 1 as k
             from seeds where client_seed like 'bench-%') s on s.k = (g - 1) / $2
       cross join lateral (
         select a.stake, b.price, least(80000, greatest(100, a.stake * 90000 / b.price))::int as chance,
           random() < 0.5 + 0 * g as under, floor(random() * 100000 + 0 * g)::int as roll
         from (select (100 + floor(random() * 5000 + 0 * g))::bigint as stake) a
         cross join lateral (select (a.stake + 1 + floor(random() * 200000))::bigint as price) b
       ) r`,
      [games, GAMES_PER_SEED, 'cs', target],
    );
    await c.query('analyze');
  });
}

/** Waits until the server has logged (and so rolled up) every game in the table; returns the seconds it took. */
function rolledUp(url: string, log: (s: string) => void): Promise<number> {
  const t0 = performance.now();
  return withClient(url, async (c) => {
    for (;;) {
      const [{ left }] = (await c.query('select count(*)::bigint as left from games where log_index is null')).rows;
      if (Number(left) === 0) return (performance.now() - t0) / 1000;
      log(`audit: ${left} games not yet in the log and its rollup`);
      await new Promise((r) => setTimeout(r, 5000));
    }
  });
}

const ANONYMOUS_READERS = 20;
const INDEX_CALLS = 200;

/** p95 of a signed-in index call, one at a time, the first 5 left out as warm-up. */
async function indexP95(base: string, cookie: string): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < INDEX_CALLS + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/upgrade/index`, { method: 'POST', headers: { cookie } });
    await res.arrayBuffer();
    ms.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`index answered ${res.status}`);
  }
  return percentile(ms.slice(5), 95);
}

/**
 * The signed-in index call quiet, then while ANONYMOUS_READERS connections read export pages of 10,000 games
 * from random places and audit windows, back to back. The per-address limit is off: many addresses, each within
 * its own count, are the load this measures.
 */
async function anonymousLoad(base: string, cookie: string, topId: number) {
  const quiet = await indexP95(base, cookie);
  let stop = false;
  const counts = { export: 0, audit: 0, exportBytes: 0, errors: 0 };
  const windows = ['24h', '7d', '30d', 'all'];
  const readers = Array.from({ length: ANONYMOUS_READERS }, async (_, r) => {
    for (let k = 0; !stop; k++) {
      const exportNext = (k + r) % 2 === 0;
      const path = exportNext
        ? `/api/provably_fair/games?after=${Math.floor(Math.random() * topId)}&limit=10000`
        : `/api/provably_fair/audit?window=${windows[k % windows.length]}`;
      const res = await fetch(`${base}${path}`);
      const body = await res.arrayBuffer();
      if (res.status !== 200) counts.errors++;
      else if (exportNext) {
        counts.export++;
        counts.exportBytes += body.byteLength;
      } else counts.audit++;
    }
  });
  const t0 = performance.now();
  const loaded = await indexP95(base, cookie);
  const seconds = (performance.now() - t0) / 1000;
  stop = true;
  await Promise.all(readers);
  return { quiet, loaded, seconds, ...counts };
}

// Once a server's rollup has caught up: p95 of 200 requests per window, the first 5 left out as warm-up.
async function endpoint(url: string, ctx: BenchContext, cookie: string) {
  const { distDir, log } = ctx;
  const server = await startServer({ DATABASE_URL: url, DIST_DIR: distDir });
  try {
    const rollupSeconds = await rolledUp(url, log);
    const p95: Record<string, number> = {};
    for (const window of ['24h', '7d', '30d', 'all']) {
      const ms: number[] = [];
      for (let i = 0; i < 200; i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/provably_fair/audit?window=${window}`);
        const body = (await res.json()) as { games: number };
        ms.push(performance.now() - t0);
        if (res.status !== 200 || (window === 'all' && body.games !== GAMES))
          throw new Error(`audit answered ${res.status} with ${body.games} games`);
      }
      p95[window] = percentile(ms.slice(5), 95);
    }
    log('audit: the public log at this size');
    const logged = await logFigures(server.url, url, ctx);
    log(`audit: a signed-in index call quiet, then under ${ANONYMOUS_READERS} anonymous readers`);
    const load = await anonymousLoad(server.url, cookie, GAMES);
    return { rollupSeconds, p95, load, logged };
  } finally {
    await server.stop();
  }
}

/** Both audit figures, on one database: the endpoint's first, then settling on top of its 1,000,000 games. */
export function auditBench(ctx: BenchContext): Promise<Figure[]> {
  const { distDir, raw, log } = ctx;
  return withDatabase('audit', async (url) => {
    const settleGames = SETTLE_ROUNDS * 2 * SETTLE_SECONDS * 4_000 + 2_000;
    const itemsPerPlayer = Math.ceil(settleGames / CLIENTS) + 100;
    const data = await prepareDatabase(url, 1_000, { players: CLIENTS, itemsPerPlayer });
    log(`audit: writing ${GAMES} games`);
    const t0 = performance.now();
    await writeGames(url, GAMES);
    const writeSeconds = (performance.now() - t0) / 1000;
    const { rollupSeconds, p95, load: anon, logged } = await endpoint(url, ctx, data.indexPlayer.cookie);
    const samples: Record<'off' | 'on', GamesSample[]> = { off: [], on: [] };
    let load: GameLoad | null = null;
    for (let round = 1; round <= SETTLE_ROUNDS; round++) {
      for (const mode of ['off', 'on'] as const) {
        log(`audit: settling with the log sequencer ${mode}, round ${round}`);
        const env: Record<string, string> = mode === 'off' ? { LOG_SEQUENCE_MS: '0' } : {};
        const server = await startServer({ DATABASE_URL: url, DIST_DIR: distDir, ...env });
        // One load across the servers, so that no round stakes items another round has used.
        if (load) load.retarget(server.url);
        else load = new GameLoad(server.url, data);
        try {
          await load.sample({ games: 500 });
          samples[mode].push(await load.sample({ seconds: SETTLE_SECONDS }));
        } finally {
          await server.stop();
        }
      }
    }
    load?.close();
    const [off, on] = [summarise(samples.off), summarise(samples.on)];
    raw.audit = { games: GAMES, writeSeconds, rollupSeconds, p95, anonymous: anon, settle: { off, on } };
    const [slowest, worst] = Object.entries(p95).sort((a, b) => b[1] - a[1])[0];
    const each = Object.entries(p95).map(([w, v]) => `${w} ${v.toFixed(1)} ms`);
    const note = `slowest window ${slowest}; p95 ${each.join(', ')}; logging and rolling up the table ${rollupSeconds.toFixed(0)} s`;
    const without = { label: 'the same without it', value: off.gamesPerSecond, unit: 'games/s' };
    const rounds = `${SETTLE_ROUNDS} alternating rounds of ${SETTLE_SECONDS} s each, ${CLIENTS} players, on top of the ${GAMES.toLocaleString('en')} games; errors ${off.errors} / ${on.errors}`;
    const quiet = { label: 'the same call quiet', value: anon.quiet, unit: 'ms' };
    const readersNote = `${anon.export} export pages (${(anon.exportBytes / 1e6).toFixed(0)} MB) and ${anon.audit} audits in ${anon.seconds.toFixed(1)} s; errors ${anon.errors}`;
    return [
      atMost(`audit endpoint p95, ${GAMES.toLocaleString('en')} games`, worst, 'ms', null, 50, note),
      atMost(
        `signed-in index p95 under ${ANONYMOUS_READERS} anonymous export and audit readers, ${GAMES.toLocaleString('en')} games`,
        anon.loaded,
        'ms',
        quiet,
        2,
        readersNote,
      ),
      ...logged,
      atLeast(
        'settle games/s with the log sequencer and its audit rollup',
        on.gamesPerSecond,
        'games/s',
        without,
        0.95,
        rounds,
      ),
    ];
  });
}
