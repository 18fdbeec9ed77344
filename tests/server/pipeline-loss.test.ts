/**
 * Games in flight while the pool's PostgreSQL connections die. A settlement is two pipelines on one pooled client
 * (server/db/client.ts); here its connections are terminated by PostgreSQL, reset and refused (a proxy of our own
 * in front of this test's database) while eight players' games run on a pool of four, so faults land before,
 * inside and between the pipelines and while games wait for a client. Each answer must be a game or a clean 503,
 * and afterwards the pool must hold no client that was never released (every client idle, nobody waiting), and
 * games and /healthz must work again by themselves. PGlite has no connection to lose: the same load must settle
 * every game.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { openDb, type DbHandle } from '../../server/db/client.ts';
import { games } from '../../server/db/schema.ts';
import { messages } from '../../server/messages.ts';
import { checkInvariants } from '../reliability/invariants.ts';
import { TcpProxy } from '../reliability/helpers/proxy.ts';
import {
  addCatalogueItem,
  createTestApp,
  grant,
  postUpgrade,
  register,
  type Player,
  type TestApp,
} from './helpers/app.ts';

const PLAYERS = 4;
const WORKERS_PER_PLAYER = 2;
const POOL = 4;
const FAULTS = ['terminate', 'reset', 'refuse', 'terminate', 'reset', 'refuse'] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let proxy: TcpProxy | null = null;
let handle: DbHandle | null = null;
let app: FastifyInstance | null = null;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
  await proxy?.close();
  await t.close();
});

/** PostgreSQL ends every connection of the test database (the test's own direct pool reconnects). */
async function terminateAll(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [new URL(url).pathname.slice(1)],
    );
  } finally {
    await admin.end();
  }
}

describe('games while the database connections die', () => {
  it('answer a game or a clean 503, leave no pooled client unreleased and recover by themselves', async () => {
    if (t.databaseUrl) {
      const real = new URL(t.databaseUrl);
      proxy = await TcpProxy.start({ host: real.hostname, port: Number(real.port || 5432) });
      const via = new URL(t.databaseUrl);
      via.hostname = '127.0.0.1';
      via.port = String(proxy.port);
      handle = await openDb({ kind: 'pg', url: via.toString(), poolSize: POOL, onPoolError: () => {} });
      app = await buildApp(t.config, handle, { catalogueTtlMs: 0 });
    } else {
      app = t.app;
    }
    const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
    const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
    const players: Player[] = [];
    const queues = new Map<number, number[]>();
    for (let i = 0; i < PLAYERS; i++) {
      const p = await register(app);
      players.push(p);
      queues.set(p.userId, await grant(t.db, p.userId, Array(1_500).fill(stake.id)));
    }

    const statuses: Array<{ status: number; body: unknown }> = [];
    const acknowledged: string[] = [];
    let stop = false;
    let ranOut = 0;
    const worker = async (p: Player) => {
      const queue = queues.get(p.userId)!;
      while (!stop && queue.length > 0) {
        const tok = await app!.inject({
          method: 'GET',
          url: '/api/token?purpose=caseopen',
          headers: { cookie: p.cookie },
        });
        if (tok.statusCode !== 200) {
          statuses.push({ status: tok.statusCode, body: tok.json() });
          await sleep(20);
          continue;
        }
        // An item whose game got no clear answer may have been spent: never offered again.
        const res = await postUpgrade(app!, p.cookie, {
          'inventory_items[]': [String(queue.shift())],
          uniq_item: String(target.id),
          upgrade_front_chance: '50',
          roll_under: '1',
          token: tok.json().token,
        });
        statuses.push({ status: res.statusCode, body: res.json() });
        if (res.statusCode === 200) acknowledged.push(res.json().provably_fair.roll_id);
        // Backs off as a client would: during an outage a refused game still uses up an item (above), and at 20 ms
        // eight workers spent the whole stock in a slow recovery on the fresh-clone CI run (ranOut 8).
        else await sleep(200);
      }
      if (queue.length === 0) ranOut += 1;
    };
    const load = Promise.all(players.flatMap((p) => Array.from({ length: WORKERS_PER_PLAYER }, () => worker(p))));

    /**
     * Waits for `n` more acknowledged games; false after 60 s, a bound for a wedged pool (which never plays again),
     * far above the time a loaded machine needs.
     */
    const played = async (n: number) => {
      const goal = acknowledged.length + n;
      const deadline = Date.now() + 60_000;
      while (acknowledged.length < goal && Date.now() < deadline && ranOut === 0) await sleep(10);
      return acknowledged.length >= goal;
    };
    const recovered: boolean[] = [];
    let warmedUp: boolean;
    try {
      warmedUp = await played(20);
      if (warmedUp && t.databaseUrl) {
        for (const fault of FAULTS) {
          if (fault === 'terminate') await terminateAll(t.databaseUrl);
          else {
            await proxy!.cut(fault);
            await sleep(300);
            await proxy!.restore();
          }
          recovered.push(await played(10));
          if (!recovered.at(-1)) break;
        }
      } else if (warmedUp) {
        recovered.push(await played(60));
      }
    } finally {
      // The workers stop before any assertion, so a failure never leaves them calling a closed app.
      stop = true;
      await load;
    }

    expect(ranOut).toBe(0);
    expect(warmedUp).toBe(true);
    expect(recovered.filter((r) => !r)).toEqual([]);
    const odd = statuses.filter(
      (s) =>
        s.status !== 200 &&
        !(
          s.status === 503 &&
          JSON.stringify(s.body) === JSON.stringify({ status: false, msg: messages.en.db_unavailable })
        ),
    );
    expect(odd).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const found = await t.db.select({ rollId: games.rollId }).from(games).where(inArray(games.rollId, acknowledged));
    expect(found).toHaveLength(acknowledged.length);
    expect((await checkInvariants(t.db)).violations).toEqual([]);
    if (handle?.pool) {
      // Every client the settlements took was given back (or discarded): none held, nobody waiting for one. The app
      // closes first: its log sequencer takes a client every few milliseconds and gives it back when it stops.
      await app.close();
      app = null;
      expect({ total: handle.pool.totalCount, idle: handle.pool.idleCount, waiting: handle.pool.waitingCount }).toEqual(
        {
          total: handle.pool.idleCount,
          idle: handle.pool.idleCount,
          waiting: 0,
        },
      );
      expect(handle.pool.totalCount).toBeLessThanOrEqual(POOL);
      expect(statuses.some((s) => s.status === 503)).toBe(true);
    }
  }, 600_000);
});
