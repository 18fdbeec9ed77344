/**
 * Races: 200 concurrent requests upgrading overlapping item sets, selling the same items and staking other
 * players' items, spread over two real server processes on one PostgreSQL database (on PGlite, which is
 * single-process by design, over one process). Each item may be spent or sold at most once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { games, inventoryItems } from '../../server/db/schema.ts';
import { checkInvariants } from './invariants.ts';
import { DB_KIND, scenarioDb, type ScenarioDb } from './helpers/db.ts';
import { addFixtures, grantStakes, pick, seededRandom, type Fixtures } from './helpers/fixtures.ts';
import { registerOver, sellOver, tokenOver, upgradeOver, type Answer, type HttpPlayer } from './helpers/http.ts';
import { record } from './helpers/record.ts';
import { startServer, type ServerProcess } from './helpers/server.ts';

const REQUESTS = 200;
const PLAYERS = 4;
const ITEMS_PER_PLAYER = 10;
const PROCESSES = DB_KIND === 'pg' ? 2 : 1;
const SEED = Number(process.env.RELIABILITY_SEED ?? Date.now() % 1_000_000);

type Planned =
  | { kind: 'upgrade'; player: number; items: number[]; foreign: boolean; token: string }
  | { kind: 'sell'; player: number; item: number };

let sdb: ScenarioDb;
let servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill9()));
  await sdb?.drop();
});

describe(`races on ${DB_KIND} over ${PROCESSES} server process(es)`, () => {
  it('spends or sells every item at most once under 200 concurrent overlapping requests', async () => {
    sdb = await scenarioDb();
    // Two processes starting together on a fresh database: migrate+seed must run once (advisory lock).
    servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServer(sdb.env)));
    const players: HttpPlayer[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await registerOver(servers[i % PROCESSES].base, `race${i}_${SEED}`));
    // PGlite can only be opened by one process: stop the server to add the fixtures (PostgreSQL does the same, for one code path).
    await Promise.all(servers.map((s) => s.stop()));
    let fx: Fixtures;
    const owned = new Map<number, number[]>();
    const setup = await sdb.open();
    try {
      fx = await addFixtures(setup.db);
      for (const p of players) owned.set(p.userId, await grantStakes(setup.db, fx, p.userId, ITEMS_PER_PLAYER));
    } finally {
      await setup.close();
    }
    servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServer(sdb.env)));

    const rand = seededRandom(SEED);
    const plan: Planned[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const player = Math.floor(rand() * PLAYERS);
      const mine = owned.get(players[player].userId)!;
      const r = rand();
      if (r < 0.35) plan.push({ kind: 'sell', player, item: pick(rand, mine, 1)[0] });
      else if (r < 0.45) {
        const other = owned.get(players[(player + 1) % PLAYERS].userId)!;
        plan.push({ kind: 'upgrade', player, items: [pick(rand, other, 1)[0]], foreign: true, token: '' });
      } else
        plan.push({
          kind: 'upgrade',
          player,
          items: pick(rand, mine, 1 + Math.floor(rand() * 3)),
          foreign: false,
          token: '',
        });
    }
    for (const [i, p] of plan.entries()) {
      if (p.kind !== 'upgrade') continue;
      const token = await tokenOver(servers[i % PROCESSES].base, players[p.player].cookie);
      if (!token) throw new Error('no token');
      p.token = token;
    }

    const answers: Answer[] = await Promise.all(
      plan.map((p, i) => {
        // Each request goes to another process than its neighbour; tokens were issued by either.
        const base = servers[(i + 1) % PROCESSES].base;
        const cookie = players[p.player].cookie;
        return p.kind === 'sell'
          ? sellOver(base, cookie, p.item)
          : upgradeOver(base, cookie, p.items, fx.targets[p.items.length], fx.chance, p.token);
      }),
    );

    if (process.env.RELIABILITY_DEBUG) for (const s of servers) process.stdout.write(s.output().slice(0, 6000));
    const unexpected = answers
      .map((a, i) => ({ a, p: plan[i] }))
      .filter(
        ({ a }) =>
          a.status !== 200 && !(a.status === 409 && a.body?.status === false && typeof a.body.msg === 'string'),
      );
    expect(unexpected.map(({ a, p }) => ({ status: a.status, body: a.body, kind: p.kind }))).toEqual([]);
    expect(
      answers.filter(
        (a, i) => plan[i].kind === 'upgrade' && (plan[i] as { foreign: boolean }).foreign && a.status !== 409,
      ),
    ).toEqual([]);

    const taken = new Map<number, string>();
    const doubles: string[] = [];
    const spent = new Set<number>();
    const sold = new Set<number>();
    const rollIds: string[] = [];
    answers.forEach((a, i) => {
      if (a.status !== 200) return;
      const p = plan[i];
      const items = p.kind === 'sell' ? [p.item] : p.items;
      for (const id of items) {
        if (taken.has(id)) doubles.push(`item ${id}: ${taken.get(id)} and request ${i} (${p.kind})`);
        taken.set(id, `request ${i} (${p.kind})`);
        (p.kind === 'sell' ? sold : spent).add(id);
      }
      if (p.kind === 'upgrade') rollIds.push(String((a.body!.provably_fair as { roll_id: string }).roll_id));
    });
    expect(doubles).toEqual([]);

    await Promise.all(servers.map((s) => s.stop()));
    const check = await sdb.open();
    try {
      const all = [...owned.values()].flat();
      const rows = await check.db
        .select({ id: inventoryItems.id, state: inventoryItems.state })
        .from(inventoryItems)
        .where(inArray(inventoryItems.id, all));
      const wrong = rows.filter((r) => r.state !== (spent.has(r.id) ? 'spent' : sold.has(r.id) ? 'sold' : 'owned'));
      expect(wrong).toEqual([]);
      const played = await check.db.select({ rollId: games.rollId }).from(games);
      expect(played.map((g) => g.rollId).sort()).toEqual([...rollIds].sort());
      const report = await checkInvariants(check.db);
      expect(report.violations).toEqual([]);
      record('races', {
        seed: SEED,
        processes: PROCESSES,
        requests: REQUESTS,
        upgrades_won_the_race: rollIds.length,
        sells_won_the_race: sold.size,
        refused_409: answers.filter((a) => a.status === 409).length,
        games_checked: report.counts.games,
        items_checked: report.counts.items,
        invariant_violations: report.violations.length,
      });
    } finally {
      await check.close();
    }
  });
});
