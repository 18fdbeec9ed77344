/**
 * SIGTERM: a real server is told to stop in the middle of a burst of games. It must stop accepting, finish the
 * games in flight and exit by itself within 10 s (its code's own deadline is 9 s): every game it answered is in the
 * database, and nothing else is (no game without its answer, none half-written). A request that never completes
 * (a client that sends half a body) must not hold the process past the deadline either. On PostgreSQL the burst
 * also runs against two cluster workers, whose primary passes the signal on.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { games } from '../../server/db/schema.ts';
import type { DbHandle } from '../../server/db/client.ts';
import { checkInvariants } from './invariants.ts';
import { DB_KIND, scenarioDb, type ScenarioDb } from './helpers/db.ts';
import { addFixtures, grantStakes, type Fixtures } from './helpers/fixtures.ts';
import { call, registerOver, tokenOver, upgradeOver, type HttpPlayer } from './helpers/http.ts';
import { record } from './helpers/record.ts';
import { startServer, type ServerProcess } from './helpers/server.ts';

const PLAYERS = 3;
const WORKERS_PER_PLAYER = 2;
const ITEMS_PER_PLAYER = 400;
/** Games settled before the signal, so it lands in a steady burst. */
const GAMES_BEFORE_SIGNAL = 30;
/** What the issue allows a stopping process. */
const GONE_WITHIN_MS = 10_000;
/** A fresh PGlite's first start migrates and seeds: minutes on a loaded 2-core box. */
const START_MS = 300_000;

let sdb: ScenarioDb | null = null;
let server: ServerProcess | null = null;
afterEach(async () => {
  await server?.kill9();
  server = null;
  await sdb?.drop();
  sdb = null;
});

/** Runs `work` on a handle of its own (on PGlite only while no server holds the directory). */
async function withDb<T>(work: (h: DbHandle) => Promise<T>): Promise<T> {
  const h = await sdb!.open();
  try {
    return await work(h);
  } finally {
    await h.close();
  }
}

/**
 * Sends SIGTERM and waits until the process is gone by itself. `stoppedMs` is the process's own account, from
 * handling the signal to exiting; `wallMs` adds signal delivery and the kernel's teardown of the process, which on
 * a saturated box took longer than the process itself (recorded, not asserted: no timings in tests).
 */
async function terminate(proc: ServerProcess): Promise<{ code: number | null; stoppedMs: number; wallMs: number }> {
  const sent = Date.now();
  proc.child.kill('SIGTERM');
  const code = await proc.exited;
  const wallMs = Date.now() - sent;
  const said = /Upgrades stopped \(SIGTERM\) in (\d+) ms/.exec(proc.output());
  return { code, stoppedMs: said ? Number(said[1]) : Number.NaN, wallMs };
}

/** Players with stake items on a fresh database, the server stopped (PGlite: the directory free for the test). */
async function prepare(
  env: Record<string, string>,
): Promise<{ players: HttpPlayer[]; fx: Fixtures; queues: Map<number, number[]> }> {
  sdb = await scenarioDb();
  server = await startServer({ ...sdb.env, ...env }, START_MS);
  const players: HttpPlayer[] = [];
  for (let i = 0; i < PLAYERS; i++) players.push(await registerOver(server.base, `term${i}_${Date.now() % 1e6}`));
  await server.stop();
  server = null;
  const queues = new Map<number, number[]>();
  const fx = await withDb(async (h) => {
    const f = await addFixtures(h.db);
    for (const p of players) queues.set(p.userId, await grantStakes(h.db, f, p.userId, ITEMS_PER_PLAYER));
    return f;
  });
  return { players, fx, queues };
}

const modes: Array<[string, Record<string, string>]> = [['one process', {}]];
if (DB_KIND === 'pg') modes.push(['two cluster workers', { WEB_CONCURRENCY: '2' }]);

describe(`SIGTERM on ${DB_KIND}`, () => {
  it.each(modes)(
    '%s: finishes the games in flight, commits every answered game and nothing else, gone within 10 s',
    async (_mode, env) => {
      const { players, fx, queues } = await prepare(env);
      server = await startServer({ ...sdb!.env, ...env }, START_MS);
      const base = server.base;
      for (const p of players)
        expect((await call(base, 'POST', '/api/upgrade/index', { cookie: p.cookie })).status).toBe(200);

      const answered: string[] = [];
      const statuses = new Map<number, number>();
      let stopping = false;
      let refusedAfterSignal = 0;
      // Each worker plays until the server stops answering; after the signal it keeps trying, as real clients do.
      const worker = async (p: HttpPlayer) => {
        const queue = queues.get(p.userId)!;
        let failures = 0;
        while (queue.length > 0 && failures < 3) {
          const item = queue.shift()!;
          const token = await tokenOver(base, p.cookie);
          if (token === null) {
            failures += 1;
            continue;
          }
          const res = await upgradeOver(base, p.cookie, [item], fx.targets[1], fx.chance, token);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200) answered.push(String((res.body!.provably_fair as { roll_id: string }).roll_id));
          else if (stopping) {
            refusedAfterSignal += 1;
            failures += 1;
          } else throw new Error(`game refused before the signal: ${res.status} ${JSON.stringify(res.body)}`);
        }
      };
      const load = Promise.all(players.flatMap((p) => Array.from({ length: WORKERS_PER_PLAYER }, () => worker(p))));
      while (answered.length < GAMES_BEFORE_SIGNAL) await new Promise((r) => setTimeout(r, 5));

      stopping = true;
      const answeredAtSignal = answered.length;
      const { code, stoppedMs, wallMs } = await terminate(server);
      const output = server.output();
      server = null;
      await load;

      // Exit code 0: the drain ended before the process's own deadline (9 s; it exits 1 when that fires).
      expect(code, output).toBe(0);
      expect(stoppedMs, output).toBeLessThan(GONE_WITHIN_MS);
      const report = await withDb(async (h) => {
        const rows = await h.db
          .select({ rollId: games.rollId })
          .from(games)
          .where(
            inArray(
              games.userId,
              players.map((p) => p.userId),
            ),
          );
        return { stored: rows.map((r) => r.rollId), invariants: await checkInvariants(h.db) };
      });
      expect(new Set(report.stored)).toEqual(new Set(answered));
      expect(report.stored).toHaveLength(answered.length);
      expect(report.invariants.violations).toEqual([]);
      record(`sigterm-${DB_KIND}-${_mode.replace(/ /g, '-')}`, {
        answered: answered.length,
        answeredAfterSignal: answered.length - answeredAtSignal,
        refusedAfterSignal,
        stoppedMs,
        wallMs,
        statuses: JSON.stringify(Object.fromEntries(statuses)),
      });
    },
  );

  it('cuts a request that never completes and is still gone within 10 s', async () => {
    const { players } = await prepare({});
    server = await startServer(sdb!.env, START_MS);
    const port = Number(new URL(server.base).port);
    // Headers and half of the announced body: the request is in flight until the client sends the rest (never).
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    socket.write(
      'POST /api/upgrade/upgrade_items HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Cookie: ${players[0].cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nuniq_item=1`,
    );
    // A request on a second connection, sent after those bytes arrived, is answered after the server read them.
    expect((await call(server.base, 'GET', '/healthz')).status).toBe(200);
    const { code, stoppedMs, wallMs } = await terminate(server);
    const output = server.output();
    server = null;
    await closed;
    expect(code, output).toBe(0);
    expect(stoppedMs, output).toBeLessThan(GONE_WITHIN_MS);
    record(`sigterm-${DB_KIND}-stuck-request`, { stoppedMs, wallMs });
  });
});
