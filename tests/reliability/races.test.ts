/**
 * Races: 200 concurrent requests upgrading overlapping item sets, selling the same items and staking other
 * players' items, spread over two real server processes on one PostgreSQL database (on PGlite, which is
 * single-process by design, over one process). Each item may be spent or sold at most once. Then a burst of
 * seed rotations and client-seed changes beside games staked far below their target: each player gets exactly
 * the seed-change limit, and every such game is refused with nothing changed.
 */
import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_RULES } from '../../src/domain/rules.ts';
import { games, inventoryItems, seeds, usedTokens, users } from '../../server/db/schema.ts';
import { messages } from '../../server/messages.ts';
import { createUser } from '../../server/services/accounts.ts';
import { createSession } from '../../server/services/sessions.ts';
import { checkInvariants } from './invariants.ts';
import { DB_KIND, scenarioDb, type ScenarioDb } from './helpers/db.ts';
import { addFixtures, grantStakes, pick, seededRandom, type Fixtures } from './helpers/fixtures.ts';
import { call, registerOver, sellOver, tokenOver, upgradeOver, type Answer, type HttpPlayer } from './helpers/http.ts';
import { addCatalogueItem, grant } from '../server/helpers/app.ts';
import { checkSiteLog, watchCheckpoints } from './helpers/log-watch.ts';
import { record } from './helpers/record.ts';
import { startServer, type ServerProcess } from './helpers/server.ts';

const REQUESTS = 200;
const PLAYERS = 4;
const ITEMS_PER_PLAYER = 10;
const PROCESSES = DB_KIND === 'pg' ? 2 : 1;
const SEED = Number(process.env.RELIABILITY_SEED ?? Date.now() % 1_000_000);
const SEED_LIMIT = 5;
const SEED_PLAYERS = 3;
// Four times the limit per player, so each process sees at least the limit even when it counts alone.
const SEED_CHANGES = 4 * SEED_LIMIT;
const SUBFLOOR_GAMES = 30;

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
    const watch = watchCheckpoints(() => servers.map((s) => s.base));

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

    const vkey = await watch.vkey();
    const watched = await watch.stop();
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
      const log = await checkSiteLog(check, vkey, watched);
      expect(log.problems).toEqual([]);
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
        checkpoint_polls: watched.polls,
        checkpoint_sizes_seen: watched.seen.size,
        log_entries_by_servers: log.leftByServers,
        log_entries: log.size,
        log_problems: log.problems.length,
      });
    } finally {
      await check.close();
    }
  });

  it('holds each player to the seed-change limit and refuses every sub-floor game in one concurrent burst', async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (!sdb) {
      // Run alone: a first start migrates and seeds the empty database.
      sdb = await scenarioDb();
      await (await startServer(sdb.env)).stop();
    }
    const rand = seededRandom(SEED + 1);
    const players: Array<{ userId: number; cookies: string[]; items: number[]; firstClientSeed: string }> = [];
    let dearId: number;
    let usedBefore: number;
    const setup = await sdb.open();
    try {
      // Seed changes count per player id in a Redis that other runs share: this run's ids start where no run's were.
      await setup.db.execute(
        sql`select setval(pg_get_serial_sequence('users', 'id'), ${randomInt(1_000_000, 2_000_000_000)})`,
      );
      const cheap = await addCatalogueItem(setup.db, { site: 'cs', priceMinor: 1 + Math.floor(rand() * 50) });
      // Dearer than three cheap items can reach at the minimum chance: floor(stake x payout / target) < minimum.
      const edge = Math.floor((3 * cheap.priceMinor * DEFAULT_RULES.payoutPer100k) / DEFAULT_RULES.chanceMin) + 1;
      dearId = (await addCatalogueItem(setup.db, { site: 'cs', priceMinor: edge + Math.floor(rand() * 5_000_000) })).id;
      for (let p = 0; p < SEED_PLAYERS; p++) {
        const userId = await createUser(setup.db, `seeds${p}_${SEED}`, 'reliable-pass', {
          site: 'cs',
          starterPackSize: 0,
        });
        // Two sessions: a second session of a player brings no fresh count.
        const cookies = [await createSession(setup.db, userId, 1), await createSession(setup.db, userId, 1)];
        const [active] = await setup.db
          .select({ clientSeed: seeds.clientSeed })
          .from(seeds)
          .where(and(eq(seeds.userId, userId), eq(seeds.status, 'active')));
        players.push({
          userId,
          cookies: cookies.map((c) => `sid=${c}`),
          items: await grant(setup.db, userId, Array(6).fill(cheap.id)),
          firstClientSeed: active.clientSeed ?? '',
        });
      }
      [{ n: usedBefore }] = await setup.db.select({ n: count() }).from(usedTokens);
    } finally {
      await setup.close();
    }
    const env = { ...sdb.env, RATE_LIMIT_SEED_PER_HOUR: String(SEED_LIMIT) };
    servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServer(env)));
    const watch = watchCheckpoints(() => servers.map((s) => s.base));

    type Burst =
      | { kind: 'rotate'; player: number; cookie: string }
      | { kind: 'client_seed'; player: number; cookie: string; seed: string }
      | { kind: 'game'; player: number; cookie: string; items: number[]; token: string };
    const planned: Burst[] = [];
    for (const [p, player] of players.entries())
      for (let i = 0; i < SEED_CHANGES; i++) {
        const cookie = player.cookies[i % 2];
        // Half the client seeds arrive decomposed: whichever wins, the stored one is NFC.
        if (rand() < 0.5) planned.push({ kind: 'rotate', player: p, cookie });
        else
          planned.push({
            kind: 'client_seed',
            player: p,
            cookie,
            seed: `${rand() < 0.5 ? 'cafe\u0301' : 'race'} ${p}.${i}`,
          });
      }
    for (let i = 0; i < SUBFLOOR_GAMES; i++) {
      const p = i % SEED_PLAYERS;
      const cookie = players[p].cookies[i % 2];
      const token = await tokenOver(servers[i % PROCESSES].base, cookie);
      if (!token) throw new Error('no token');
      planned.push({
        kind: 'game',
        player: p,
        cookie,
        items: pick(rand, players[p].items, 1 + Math.floor(rand() * 3)),
        token,
      });
    }
    const plan = pick(rand, planned, planned.length);
    const answers: Answer[] = await Promise.all(
      plan.map((r, i) => {
        const base = servers[i % PROCESSES].base;
        if (r.kind === 'game') return upgradeOver(base, r.cookie, r.items, dearId, '0.1', r.token);
        if (r.kind === 'rotate') return call(base, 'POST', '/api/provably_fair/rotate', { cookie: r.cookie });
        return call(base, 'POST', '/api/provably_fair/client_seed', {
          cookie: r.cookie,
          form: { client_seed: r.seed },
        });
      }),
    );

    const said = (a: Answer) => (a.status === 200 && a.body?.status === true ? '200' : `${a.status} ${a.body?.msg}`);
    const gameAnswers = answers.filter((_, i) => plan[i].kind === 'game').map(said);
    expect(gameAnswers).toEqual(Array(SUBFLOOR_GAMES).fill(`400 ${messages.en.chance_too_low}`));
    const seedAnswers = answers.filter((_, i) => plan[i].kind !== 'game').map(said);
    expect(seedAnswers.filter((s) => s !== '200' && s !== `429 ${messages.en.rate_limited_seed}`)).toEqual([]);
    const allowed = players.map((_, p) => {
      const mine = plan
        .map((r, i) => ({ r, proc: i % PROCESSES }))
        .filter(({ r }) => r.kind !== 'game' && r.player === p);
      // With Redis one count for all processes; without it each process counts alone.
      if (process.env.REDIS_URL) return Math.min(SEED_LIMIT, mine.length);
      const perProcess = Array.from({ length: PROCESSES }, (_, k) => mine.filter((m) => m.proc === k).length);
      return perProcess.reduce((sum, n) => sum + Math.min(SEED_LIMIT, n), 0);
    });
    const won = players.map((_, p) =>
      plan.filter((r, i) => r.kind !== 'game' && r.player === p && said(answers[i]) === '200'),
    );
    expect(won.map((w) => w.length)).toEqual(allowed);

    const vkey = await watch.vkey();
    const watched = await watch.stop();
    await Promise.all(servers.map((s) => s.stop()));
    const check = await sdb.open();
    try {
      for (const [p, player] of players.entries()) {
        const rows = await check.db
          .select({ status: seeds.status, clientSeed: seeds.clientSeed })
          .from(seeds)
          .where(eq(seeds.userId, player.userId));
        expect(rows.length, `player ${p}'s seed rows`).toBe(2 + won[p].length);
        const acknowledged = won[p].flatMap((r) => (r.kind === 'client_seed' ? [r.seed.normalize('NFC')] : []));
        const stored = new Set(rows.flatMap((r) => (r.clientSeed === null ? [] : [r.clientSeed])));
        expect([...stored].filter((s) => s !== player.firstClientSeed && !acknowledged.includes(s))).toEqual([]);
        expect(acknowledged.filter((s) => !stored.has(s))).toEqual([]);
        const items = await check.db
          .select({ state: inventoryItems.state })
          .from(inventoryItems)
          .where(eq(inventoryItems.userId, player.userId));
        expect(items.map((i) => i.state)).toEqual(Array(6).fill('owned'));
        const [{ n: played }] = await check.db
          .select({ n: count() })
          .from(games)
          .where(eq(games.userId, player.userId));
        expect(played).toBe(0);
        const [{ bonus }] = await check.db
          .select({ bonus: users.bonusBalance })
          .from(users)
          .where(eq(users.id, player.userId));
        expect(bonus).toBe(0);
      }
      const [{ n: usedAfter }] = await check.db.select({ n: count() }).from(usedTokens);
      expect(usedAfter).toBe(usedBefore);
      const report = await checkInvariants(check.db);
      expect(report.violations).toEqual([]);
      const log = await checkSiteLog(check, vkey, watched);
      expect(log.problems).toEqual([]);
      record('races-limits', {
        seed: SEED,
        processes: PROCESSES,
        shared_count: process.env.REDIS_URL ? 'redis' : 'per process',
        seed_limit: SEED_LIMIT,
        seed_changes_sent: seedAnswers.length,
        seed_changes_allowed: seedAnswers.filter((s) => s === '200').length,
        seed_changes_refused_429: seedAnswers.filter((s) => s !== '200').length,
        subfloor_games_sent: SUBFLOOR_GAMES,
        subfloor_refused_400: gameAnswers.filter((s) => s.startsWith('400 ')).length,
        tokens_used: usedAfter - usedBefore,
        invariant_violations: report.violations.length,
        checkpoint_polls: watched.polls,
        log_entries: log.size,
        log_problems: log.problems.length,
      });
    } finally {
      await check.close();
    }
  });
});
