/**
 * The fairness audit's two figures on PostgreSQL: GET /api/provably_fair/audit with 1,000,000 games in the table
 * (p95 of each window after the rollup has caught up; target <= 50 ms), and settling games with the rollup
 * running against the same server with it off (AUDIT_ROLLUP_MS=0, a setting only this bench uses; target >= 0.95),
 * alternating off/on so drift on a shared machine hits both alike.
 */
import pg from 'pg';
import { atLeast, atMost, type Figure } from './lib/figures.ts';
import { GameLoad, summarise as mergeGames, type GamesSample } from './lib/games.ts';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { prepareDatabase } from './lib/prepare.ts';
import { startServer } from './lib/server.ts';
import { percentile } from './lib/stats.ts';

const AUDIT = {
  games: Number(process.env.BENCH_AUDIT_GAMES ?? 1_000_000),
  gamesPerSeed: 100,
  players: 2_000,
  requests: Number(process.env.BENCH_AUDIT_REQUESTS ?? 200),
  settleRounds: 2,
  settleSeconds: Number(process.env.BENCH_AUDIT_SECONDS ?? 12),
  clients: 16,
};
const DB = `bench_audit${process.env.BENCH_DB_SUFFIX ?? ''}`;

/**
 * Writes `games` games over the last 30 days in one INSERT ... SELECT generate_series (players and seed pairs
 * first): 100 games a seed, each player's newest seed still active. Rolls are random, not HMACs: this measures
 * the audit, not the verification.
 */
export async function generateAuditGames(url: string, games: number, site = 'cs'): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const seeds = Math.ceil(games / AUDIT.gamesPerSeed);
    const [{ id: target }] = (await c.query('select id from catalogue_items order by id limit 1')).rows;
    await c.query(
      `insert into users (username, password_hash) select 'audit_bench_' || i, 'x' from generate_series(1, $1) i`,
      [AUDIT.players],
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
      [seeds, AUDIT.players, AUDIT.gamesPerSeed, games],
    );
    await c.query(
      `insert into games (roll_id, user_id, site, seed_id, server_seed_hash, client_seed, nonce, chance, roll_under,
         roll, round, chunk, success, stake_minor, stake_count, target_catalogue_item_id, target_price_minor, tickets,
         created_at)
       select md5('bench' || g), s.user_id, $3, s.id, s.server_seed_hash, s.client_seed, (g - 1) % $2, r.chance,
         r.under, r.roll, 0, 0, case when r.under then r.roll < r.chance else r.roll >= 100000 - r.chance end,
         r.stake, 1, $4, r.price, 1, now() - interval '30 days' * (($1 - g)::float8 / $1)
       from generate_series(1, $1) g
       join (select id, user_id, server_seed_hash, client_seed, row_number() over (order by id) - 1 as k
             from seeds where client_seed like 'bench-%') s on s.k = (g - 1) / $2
       cross join lateral (
         select a.stake, b.price, least(80000, greatest(100, a.stake * 90000 / b.price))::int as chance,
           random() < 0.5 + 0 * g as under, floor(random() * 100000 + 0 * g)::int as roll
         from (select (100 + floor(random() * 5000 + 0 * g))::bigint as stake) a
         cross join lateral (select (a.stake + 1 + floor(random() * 200000))::bigint as price) b
       ) r`,
      [games, AUDIT.gamesPerSeed, site, target],
    );
    await c.query('analyze');
  } finally {
    await c.end();
  }
}

/** Waits until the server's rollup has taken every game in the table. */
async function rolledUp(url: string, log: (s: string) => void): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const [{ top }] = (await c.query('select coalesce(max(id), 0)::bigint as top from games')).rows;
    for (;;) {
      const [{ rolled }] = (await c.query('select rolled_to as rolled from audit_rollup_state')).rows;
      if (Number(rolled) >= Number(top)) return;
      log(`audit: rollup at ${rolled} of ${top}`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  } finally {
    await c.end();
  }
}

async function endpointFigure(distDir: string, raw: Record<string, unknown>, log: (s: string) => void) {
  const url = await createDatabase(DB);
  try {
    await prepareDatabase(
      { kind: 'pg', url },
      { catalogueTargets: 100, players: 1, itemsPerPlayer: 1, stakePerGame: 1, indexPlayerItems: 1 },
    );
    log(`audit: writing ${AUDIT.games} games`);
    const t0 = performance.now();
    await generateAuditGames(url, AUDIT.games);
    const writeSeconds = (performance.now() - t0) / 1000;
    const server = await startServer({ DATABASE_URL: url, DIST_DIR: distDir });
    try {
      const r0 = performance.now();
      await rolledUp(url, log);
      const rollupSeconds = (performance.now() - r0) / 1000;
      const p95: Record<string, number> = {};
      for (const window of ['24h', '7d', '30d', 'all']) {
        const ms: number[] = [];
        for (let i = 0; i < AUDIT.requests; i++) {
          const s = performance.now();
          const res = await fetch(`${server.url}/api/provably_fair/audit?window=${window}`);
          const body = (await res.json()) as { games: number };
          ms.push(performance.now() - s);
          if (res.status !== 200 || (window === 'all' && body.games !== AUDIT.games))
            throw new Error(`audit answered ${res.status} with ${body.games} games`);
        }
        p95[window] = percentile(ms.slice(5), 95);
      }
      raw.audit = { games: AUDIT.games, writeSeconds, rollupSeconds, p95 };
      const worst = Object.entries(p95).sort((a, b) => b[1] - a[1])[0];
      return atMost(
        `audit endpoint p95, ${AUDIT.games.toLocaleString('en')} games`,
        worst[1],
        'ms',
        null,
        50,
        `slowest window ${worst[0]}; p95 ${Object.entries(p95)
          .map(([w, v]) => `${w} ${v.toFixed(1)} ms`)
          .join(', ')}; rollup of the table ${rollupSeconds.toFixed(0)} s`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await dropDatabase(DB);
  }
}

async function settleFigure(distDir: string, raw: Record<string, unknown>, log: (s: string) => void) {
  const url = await createDatabase(DB);
  try {
    const games = AUDIT.settleRounds * 2 * AUDIT.settleSeconds * 4_000 + 2_000;
    const data = await prepareDatabase(
      { kind: 'pg', url },
      {
        catalogueTargets: 1_000,
        players: AUDIT.clients,
        itemsPerPlayer: Math.ceil(games / AUDIT.clients) + 100,
        stakePerGame: 1,
        indexPlayerItems: 1,
      },
    );
    const samples: Record<'off' | 'on', GamesSample[]> = { off: [], on: [] };
    for (let round = 0; round < AUDIT.settleRounds; round++) {
      for (const mode of ['off', 'on'] as const) {
        log(`audit: settling with the rollup ${mode}, round ${round + 1}`);
        const server = await startServer({
          DATABASE_URL: url,
          DIST_DIR: distDir,
          AUDIT_ROLLUP_MS: mode === 'off' ? '0' : '1000',
        });
        const load = new GameLoad(server.url, data);
        try {
          await load.run({ games: 500 });
          samples[mode].push(await load.sample({ seconds: AUDIT.settleSeconds }));
        } finally {
          load.close();
          await server.stop();
        }
      }
    }
    const off = mergeGames(samples.off);
    const on = mergeGames(samples.on);
    raw.auditSettle = { off, on };
    return atLeast(
      'settle games/s with the audit rollup',
      on.gamesPerSecond,
      'games/s',
      { label: 'the same without it', value: off.gamesPerSecond, unit: 'games/s' },
      0.95,
      `${AUDIT.settleRounds} alternating rounds of ${AUDIT.settleSeconds} s each, ${AUDIT.clients} players`,
    );
  } finally {
    await dropDatabase(DB);
  }
}

/** Both audit figures. */
export async function auditBench(
  distDir: string,
  raw: Record<string, unknown>,
  log: (s: string) => void,
): Promise<Figure[]> {
  return [await endpointFigure(distDir, raw, log), await settleFigure(distDir, raw, log)];
}
