/**
 * Crash: kill -9 a real server in the middle of a load of games, restart it, 20 times (5 on PGlite, whose run is
 * there for its directory lock; the settlement is the same code on both). Every start must
 * succeed (on PGlite the dead process's directory lock is taken over), every game the server acknowledged must
 * be in the database, and the invariants must hold: no half-settled game whatever the moment of the kill.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { games } from '../../server/db/schema.ts';
import { lockPath } from '../../server/db/lock.ts';
import type { DbHandle } from '../../server/db/client.ts';
import { checkInvariants } from './invariants.ts';
import { DB_KIND, scenarioDb, type ScenarioDb } from './helpers/db.ts';
import { addFixtures, grantStakes, seededRandom, type Fixtures } from './helpers/fixtures.ts';
import { call, registerOver, tokenOver, upgradeOver, type HttpPlayer } from './helpers/http.ts';
import { checkLogWith, rowsOf } from '../helpers/log-check.ts';
import { checkSiteLog, watchCheckpoints } from './helpers/log-watch.ts';
import { record } from './helpers/record.ts';
import { startServer, type ServerProcess } from './helpers/server.ts';
import fs from 'node:fs';

const ITERATIONS = DB_KIND === 'pg' ? 20 : 5;
const PLAYERS = 3;
const WORKERS_PER_PLAYER = 2;
const ITEMS_PER_PLAYER = 300;
const SEED = Number(process.env.RELIABILITY_SEED ?? Date.now() % 1_000_000);

let sdb: ScenarioDb;
let server: ServerProcess | null = null;
let pgHandle: DbHandle | null = null;
afterAll(async () => {
  await server?.kill9();
  await pgHandle?.close();
  await sdb?.drop();
});

/** Opens the database, runs `work`, closes it (PGlite: only while no server runs; PostgreSQL: one shared pool). */
async function withDb<T>(work: (h: DbHandle) => Promise<T>): Promise<T> {
  if (sdb.kind === 'pg') {
    pgHandle ??= await sdb.open();
    return work(pgHandle);
  }
  const h = await sdb.open();
  try {
    return await work(h);
  } finally {
    await h.close();
  }
}

describe(`crash on ${DB_KIND}`, () => {
  it(`survives ${ITERATIONS} kill -9 in the middle of games: clean restarts, no lost or half-settled game`, async () => {
    sdb = await scenarioDb();
    server = await startServer(sdb.env);
    const players: HttpPlayer[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await registerOver(server.base, `crash${i}_${SEED}`));
    const vkey = (await (await fetch(`${server.base}/api/provably_fair/log/key`)).text()).trim();
    await server.kill9();
    server = null;
    const queues = new Map<number, number[]>();
    const fx: Fixtures = await withDb(async (h) => {
      const f = await addFixtures(h.db);
      for (const p of players) queues.set(p.userId, await grantStakes(h.db, f, p.userId, ITEMS_PER_PLAYER));
      return f;
    });

    // Every checkpoint served across the kills, size -> root: one root per size, whichever process signed it.
    const watch = watchCheckpoints(() => (server ? [server.base] : []));
    const rand = seededRandom(SEED);
    const acknowledged: string[] = [];
    let logChecks = 0;
    const unexpected: string[] = [];
    let requests = 0;
    let cut = 0;
    let checks = 0;
    let staleLocks = 0;
    let staleTokens = 0;
    const byToken = { game: 0, session: 0 };
    for (let round = 1; round <= ITERATIONS; round++) {
      if (sdb.kind === 'pglite' && fs.existsSync(lockPath(sdb.env.DATA_DIR))) staleLocks += 1;
      server = await startServer(sdb.env);
      const base = server.base;
      expect((await call(base, 'GET', '/healthz')).status).toBe(200);

      let stop = false;
      let settled = 0;
      const target = 3 + Math.floor(rand() * 12);
      // The page's data call first, for each player (its first answer encodes the whole catalogue, which can take
      // longer than the round's games), as the page loads before it plays.
      for (const p of players) {
        requests += 1;
        expect((await call(base, 'POST', '/api/upgrade/index', { cookie: p.cookie })).status).toBe(200);
      }
      // Worker 0 of each player plays as the page does: each game with the game token the last answer brought;
      // worker 1 asks for a session token before every game. A game of worker 1 makes worker 0's token stale: that
      // 403 is the page's too, and it then asks for a fresh token.
      const worker = async (p: HttpPlayer, pageWay: boolean) => {
        const queue = queues.get(p.userId)!;
        let next: string | null = null;
        while (!stop && queue.length > 0) {
          // An item whose request got no answer may be spent: it is never offered again.
          const item = queue.shift()!;
          let token: string | null = next;
          const kind = token === null ? 'session' : 'game';
          next = null;
          if (token === null) {
            requests += 1;
            token = await tokenOver(base, p.cookie);
          }
          if (token === null) {
            cut += 1;
            continue;
          }
          requests += 1;
          const res = await upgradeOver(base, p.cookie, [item], fx.targets[1], fx.chance, token);
          if (res.status === 200) {
            acknowledged.push(String((res.body!.provably_fair as { roll_id: string }).roll_id));
            settled += 1;
            byToken[kind] += 1;
            if (pageWay) next = String(res.body!.next_token);
          } else if (res.status === 0) cut += 1;
          else if (pageWay && res.status === 403) {
            staleTokens += 1;
            // The item was not spent (nothing changes on a refusal): it may be offered again.
            queue.unshift(item);
          } else unexpected.push(`${res.status} ${JSON.stringify(res.body)}`);
        }
      };
      const load = Promise.all(
        players.flatMap((p) => Array.from({ length: WORKERS_PER_PLAYER }, (_, w) => worker(p, w === 0))),
      );
      const deadline = Date.now() + 5_000;
      while (settled < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      // A random moment inside the next game or two, so kills land in every phase of a settlement.
      await new Promise((r) => setTimeout(r, Math.floor(rand() * 15)));
      stop = true;
      await server.kill9();
      await load;
      server = null;

      // PostgreSQL: check after every kill. PGlite: on odd rounds the test opens the crashed directory itself;
      // on even rounds the next server does, so both recover from a kill -9.
      if (sdb.kind === 'pg' || round % 2 === 1 || round === ITERATIONS) {
        const { report, log } = await withDb(async (h) => ({
          report: await checkInvariants(h.db),
          // What the killed process logged is sound; its batch in flight, if any, is gone whole.
          log: await checkLogWith(rowsOf(h), 'cs', null, vkey),
        }));
        checks += 1;
        logChecks += 1;
        expect(report.violations, `round ${round}`).toEqual([]);
        expect(log, `round ${round}`).toEqual([]);
      }
    }
    expect(unexpected).toEqual([]);
    // Both kinds of token played games under the kills.
    expect(byToken.game).toBeGreaterThan(0);
    expect(byToken.session).toBeGreaterThan(0);

    const watched = await watch.stop();
    const final = await withDb(async (h) => {
      const found = await h.db.select({ rollId: games.rollId }).from(games).where(inArray(games.rollId, acknowledged));
      return { found: found.length, report: await checkInvariants(h.db), log: await checkSiteLog(h, vkey, watched) };
    });
    // Durability: every game a player was told about survived the kills.
    expect(final.found).toBe(acknowledged.length);
    expect(final.report.violations).toEqual([]);
    // Every row logged once, in a proving order, root = entries; every checkpoint seen is a prefix of the log.
    expect(final.log.problems).toEqual([]);
    record('crash', {
      seed: SEED,
      kills: ITERATIONS,
      clean_starts: ITERATIONS,
      stale_pglite_locks_taken_over: staleLocks,
      requests,
      games_acknowledged: acknowledged.length,
      games_in_database: final.report.counts.games,
      requests_cut_by_the_kill: cut,
      games_with_game_token: byToken.game,
      games_with_session_token: byToken.session,
      stale_game_tokens: staleTokens,
      invariant_checks: checks + 1,
      invariant_violations: final.report.violations.length,
      log_checks: logChecks + 1,
      checkpoint_polls: watched.polls,
      checkpoint_sizes_seen: watched.seen.size,
      log_entries_by_servers: final.log.leftByServers,
      log_entries: final.log.size,
      log_problems: final.log.problems.length,
    });
  });
});
