/**
 * Database loss (PostgreSQL): under a load of games the server's database connections are cut (reset), refused
 * (nothing listening) and terminated by PostgreSQL itself (pg_terminate_backend), three times each. Requests fail
 * with 503 `{ status: false, msg }`, nothing is half-written, the process stays up and recovers by itself.
 * The cuts happen in a proxy of our own (127.0.0.1 -> DATABASE_URL's host); PostgreSQL itself is never restarted.
 *
 * Every upgrade attempt uses up a staked item, answered or not (an unclear answer may hide a committed game), and
 * the token call needs no database, so each outage costs tens of items per worker: the stock is sized for that,
 * and running out fails the test as the load's own exhaustion, never as "the server did not recover".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { games } from '../../server/db/schema.ts';
import { messages } from '../../server/messages.ts';
import type { DbHandle } from '../../server/db/client.ts';
import { checkInvariants } from './invariants.ts';
import { adminQuery, scenarioDb, type ScenarioDb } from './helpers/db.ts';
import { addFixtures, grantStakes } from './helpers/fixtures.ts';
import { call, registerOver, upgradeOver, type Answer, type HttpPlayer } from './helpers/http.ts';
import { TcpProxy } from './helpers/proxy.ts';
import { record } from './helpers/record.ts';
import { startServer, type ServerProcess } from './helpers/server.ts';

const ROUNDS = 3;
const OUTAGE_MS = 1_500;
const PLAYERS = 3;
/** Stake items per player: several times what a run uses (about 300 to 1,200, more on a quieter machine). */
const STOCK = 3_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let sdb: ScenarioDb;
let proxy: TcpProxy | null = null;
let server: ServerProcess | null = null;
let direct: DbHandle | null = null;
afterAll(async () => {
  await server?.kill9();
  await proxy?.close();
  await direct?.close();
  await sdb?.drop();
});

describe('database loss on pg', () => {
  it('answers 503 while PostgreSQL is cut, refused or terminates us, writes nothing by halves and recovers by itself', async () => {
    sdb = await scenarioDb();
    const real = new URL(sdb.url!);
    proxy = await TcpProxy.start({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(sdb.url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startServer({ ...sdb.env, DATABASE_URL: viaProxy.toString(), PG_POOL_SIZE: '5' });
    const base = server.base;
    const players: HttpPlayer[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await registerOver(base, `loss${i}_${Date.now() % 100_000}`));
    direct = await sdb.open();
    const fx = await addFixtures(direct.db);
    const queues = new Map<number, number[]>();
    for (const p of players) queues.set(p.userId, await grantStakes(direct.db, fx, p.userId, STOCK));

    const answers: Answer[] = [];
    /** Workers that stopped because their player had no item left to stake. */
    let ranOut = 0;
    const acknowledged: string[] = [];
    let stop = false;
    const worker = async (p: HttpPlayer) => {
      const queue = queues.get(p.userId)!;
      while (!stop && queue.length > 0) {
        const token = await call(base, 'GET', '/api/token?purpose=caseopen', { cookie: p.cookie });
        answers.push(token);
        if (token.status !== 200) {
          await sleep(50);
          continue;
        }
        // An item whose game got no clear answer may have been spent: never offered again.
        const res = await upgradeOver(
          base,
          p.cookie,
          [queue.shift()!],
          fx.targets[1],
          fx.chance,
          String(token.body!.token),
        );
        answers.push(res);
        if (res.status === 200) acknowledged.push(String((res.body!.provably_fair as { roll_id: string }).roll_id));
        else await sleep(50);
      }
      if (queue.length === 0) ranOut += 1;
    };
    const load = Promise.all(players.flatMap((p) => [worker(p), worker(p)]));

    /** Waits until a full game goes through again; returns false after 30 s. */
    const recovered = async () => {
      const deadline = Date.now() + 30_000;
      const before = acknowledged.length;
      while (Date.now() < deadline && server!.child.exitCode === null && ranOut === 0) {
        if (acknowledged.length > before && (await call(base, 'GET', '/healthz')).status === 200) return true;
        await sleep(100);
      }
      return false;
    };

    const unavailable = () => answers.filter((a) => a.status === 503).length;
    let faults = 0;
    const outages: Array<{ fault: string; new503: number; healthz: number; recovered: boolean }> = [];
    expect(await recovered()).toBe(true);
    for (let round = 0; round < ROUNDS; round++) {
      for (const fault of ['reset', 'refuse', 'terminate'] as const) {
        const seen = unavailable();
        let healthz = 0;
        if (fault === 'terminate') {
          // PostgreSQL itself ends every connection of our database (the proxy stays up).
          await adminQuery(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [viaProxy.pathname.slice(1)],
          );
          await sleep(200);
        } else {
          await proxy.cut(fault);
          await sleep(OUTAGE_MS / 2);
          healthz = (await call(base, 'GET', '/healthz')).status;
          await sleep(OUTAGE_MS / 2);
          await proxy.restore();
        }
        faults += 1;
        outages.push({ fault, new503: unavailable() - seen, healthz, recovered: await recovered() });
      }
    }
    stop = true;
    await load;

    // The process never died, every outage was a clean 503 and every outage ended by itself.
    expect(server.child.exitCode, server.output().slice(-4000)).toBeNull();
    const left = [...queues.values()].map((q) => q.length);
    expect(ranOut, `the load ran out of stake items (left per player: ${left.join(', ')}); raise STOCK`).toBe(0);
    expect(outages.filter((o) => !o.recovered)).toEqual([]);
    expect(outages.filter((o) => o.fault !== 'terminate' && (o.new503 === 0 || o.healthz !== 503))).toEqual([]);
    const odd = answers.filter(
      (a) =>
        a.status !== 200 &&
        !(a.status === 503 && a.body?.status === false && a.body.msg === messages.en.db_unavailable),
    );
    expect(odd).toEqual([]);

    const found = await direct.db
      .select({ rollId: games.rollId })
      .from(games)
      .where(inArray(games.rollId, acknowledged));
    expect(found).toHaveLength(acknowledged.length);
    const report = await checkInvariants(direct.db);
    expect(report.violations).toEqual([]);
    record('db-loss', {
      faults_injected: faults,
      stake_items_left_min: Math.min(...left),
      requests: answers.length,
      answered_503: unavailable(),
      games_acknowledged: acknowledged.length,
      games_in_database: report.counts.games,
      terminate_faults_seen_as_503: outages.filter((o) => o.fault === 'terminate' && o.new503 > 0).length,
      invariant_violations: report.violations.length,
    });
  });
});
