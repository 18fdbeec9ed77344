/**
 * The public log's sequencer against real play, racing sequencers and crashes: after each, every game,
 * commitment, client seed and reveal is in the log exactly once and in an order that proves it, and the signed
 * root is the root of the entries (tests/helpers/log-check.ts). The crash is a kill -9 of a real server process
 * (server/main.ts) while it sequences a flood of games; on PostgreSQL, the one holding the sequencer's advisory
 * lock, seen in pg_locks, and then the database connection of the next one, cut with pg_terminate_backend.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDb, type DbHandle } from '../../server/db/client.ts';
import { encodeEntry, decodeEntry, openNote, parseCheckpoint, verifierFromKey } from '../../src/domain/tlog/index.ts';
import { checkLog, checkLogWith, checkSeenRoots, rowsOf, type Truth } from '../helpers/log-check.ts';
import { seededRandom } from '../reliability/helpers/fixtures.ts';
import { call } from '../reliability/helpers/http.ts';
import { startServer, type ServerProcess } from '../reliability/helpers/server.ts';
import { writePlayer, type SeedSpec } from './helpers/audit-games.ts';
import {
  addCatalogueItem,
  createTestApp,
  getToken,
  grant,
  openTestDb,
  postUpgrade,
  register,
  type Player,
  type TestApp,
} from './helpers/app.ts';

const SITE = 'cs';
const LOG = '/api/provably_fair/log';
const SEED = Number(process.env.RELIABILITY_SEED ?? Date.now() % 1_000_000);
// The sequencer's advisory lock key (server/services/log-sequencer.ts), as pg_locks shows a bigint key.
const LOCK_KEY = 7_294_517_035n;
const LOCK_HI = Number(LOCK_KEY >> 32n);
const LOCK_LO = Number(LOCK_KEY & 0xffffffffn);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rows the sequencer has not reached yet. */
const PENDING = `select ((select count(*) from games where log_index is null)
  + (select count(*) from seeds where commit_index is null)
  + (select count(*) from seed_client_seeds where log_index is null)
  + (select count(*) from seeds where status = 'revealed' and reveal_index is null))::int as n`;
/** Every row the log must end up holding. */
const LOGGABLE = `select ((select count(*) from games) + (select count(*) from seeds) + (select count(*) from seed_client_seeds)
  + (select count(*) from seeds where status = 'revealed'))::int as n`;

type Rows = ReturnType<typeof rowsOf>;
const one = async (rows: Rows, text: string) => Number((await rows<{ n: number }>(text))[0].n);

/** Waits (bounded, not timed: the bound only ends a hung run) until nothing is left to sequence. */
async function caughtUp(rows: Rows, what: string): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    if ((await one(rows, PENDING)) === 0) return;
    await sleep(100);
  }
  throw new Error(`${what}: rows still unsequenced after 300 s`);
}

/** The stored checkpoints (one per size) against the entries: each signed root must be its prefix's root. */
async function storedCheckpointProblems(rows: Rows, vkey: string): Promise<string[]> {
  const lines = (await rows<{ line: string }>('select line from log_entries where site = $1 order by idx', [SITE])).map(
    (r) => r.line,
  );
  const seen = new Map<number, string>();
  for (const { checkpoint } of await rows<{ checkpoint: string }>(
    'select checkpoint from log_checkpoints where site = $1',
    [SITE],
  )) {
    const cp = parseCheckpoint(openNote(checkpoint, [verifierFromKey(vkey)]).text);
    seen.set(cp.size, Buffer.from(cp.root).toString('base64'));
  }
  return checkSeenRoots(lines, seen);
}

/** Players with seed pairs and games written straight into the tables: commitments, client seeds, games, reveals. */
async function flood(h: DbHandle, players: number, gamesPerSeed: number, revealed: boolean): Promise<void> {
  const target = await addCatalogueItem(h.db, { site: SITE, priceMinor: 900 });
  const game = { chance: 50_000, rollUnder: true, stakeMinor: 500, targetPriceMinor: 900, createdAt: new Date() };
  for (let p = 0; p < players; p++) {
    const seeds: SeedSpec[] = [{ status: 'active', activatedAt: new Date(), games: Array(gamesPerSeed).fill(game) }];
    // A revealed pair is written before its games: only while no sequencer runs, or it would be logged first.
    if (revealed) seeds.unshift({ status: 'revealed', activatedAt: new Date(), games: Array(gamesPerSeed).fill(game) });
    await writePlayer(h.raw, SITE, target.id, seeds);
  }
}

describe('the log under real play and two sequencers racing', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('logs every game, commitment, client seed and reveal once, in an order that proves them', async () => {
    t = await createTestApp({ logSequenceMs: 0 });
    // Two apps sequencing one database at once (each with its own pool on PostgreSQL), with play on both.
    const second = t.databaseUrl ? await openDb({ kind: 'pg', url: t.databaseUrl, poolSize: 5 }) : t.handle;
    const apps = [
      await buildApp({ ...t.config, logSequenceMs: 3 }, t.handle),
      await buildApp({ ...t.config, logSequenceMs: 3 }, second),
    ];
    const rows = rowsOf(t.handle);
    try {
      const stake = await addCatalogueItem(t.db, { site: SITE, priceMinor: 500 });
      const target = await addCatalogueItem(t.db, { site: SITE, priceMinor: 900 });
      const players: Player[] = [];
      for (let i = 0; i < 4; i++) players.push(await register(apps[i % 2]));
      const play = async (p: Player, i: number, n: number) => {
        const app = apps[i % 2];
        for (const item of await grant(t.db, p.userId, Array(n).fill(stake.id))) {
          const res = await postUpgrade(app, p.cookie, {
            'inventory_items[]': [String(item)],
            uniq_item: String(target.id),
            upgrade_front_chance: '50',
            roll_under: '1',
            token: await getToken(app, p.cookie),
          });
          expect(res.statusCode, res.body).toBe(200);
        }
      };
      const post = async (app: number, p: Player, url: string, payload?: Record<string, string>) => {
        const res = await apps[app].inject({ method: 'POST', url, headers: { cookie: p.cookie }, payload });
        expect(res.statusCode, res.body).toBe(200);
      };
      // Each player: games, a client seed of their own (reveals the pair), games, a rotation, games; a flood of
      // written games meanwhile, so batches are full and both sequencers take turns.
      await Promise.all([
        ...players.map(async (p, i) => {
          await play(p, i, 4);
          await post(i % 2, p, '/api/provably_fair/client_seed', {
            client_seed: `seed ${i} ${randomBytes(3).toString('hex')}`,
          });
          await play(p, i + 1, 4);
          await post((i + 1) % 2, p, '/api/provably_fair/rotate');
          await play(p, i, 3);
        }),
        flood(t.handle, 6, 400, false),
      ]);
      await caughtUp(rows, 'two sequencers');
      const vkey = apps[0].upgrades.logKeys.vkey;
      const served = (await apps[1].inject({ method: 'GET', url: `${LOG}/checkpoint` })).body;
      expect(await checkLogWith(rows, SITE, served, vkey, { complete: true })).toEqual([]);
      expect(await storedCheckpointProblems(rows, vkey)).toEqual([]);
      const [{ reveals }] = await rows<{ reveals: number }>(
        `select count(*)::int as reveals from seeds where reveal_index is not null`,
      );
      // Two reveals per player (the client seed change and the rotation) went through the sequencer.
      expect(Number(reveals)).toBeGreaterThanOrEqual(8);

      // The checker itself fails on a log that breaks each rule: the same database, doctored entries.
      const lines = (await rows<{ line: string }>('select line from log_entries order by idx')).map((r) => r.line);
      const db: Truth = {
        games: await rows(`select roll_id, log_index::float8 as log_index from games`),
        seeds: await rows(
          `select server_seed_hash, server_seed, status, commit_index::float8 as commit_index,
             reveal_index::float8 as reveal_index from seeds`,
        ),
        clientSeeds: await rows(
          `select s.server_seed_hash, c.client_seed, c.log_index::float8 as log_index
           from seed_client_seeds c join seeds s on s.id = c.seed_id`,
        ),
      };
      expect(await checkLog(lines, db, served, vkey)).toEqual([]);
      const firstGame = lines.findIndex((l) => decodeEntry(l).type === 'game');
      const game = decodeEntry(lines[firstGame]);
      if (game.type !== 'game') throw new Error('no game');
      const commitOf = lines.findIndex((l) => {
        const e = decodeEntry(l);
        return e.type === 'commit' && e.server_seed_hash === game.server_seed_hash;
      });
      const swapped = [...lines];
      [swapped[commitOf], swapped[firstGame]] = [swapped[firstGame], swapped[commitOf]];
      expect(await checkLog(swapped, db, served, vkey)).toEqual(
        expect.arrayContaining([
          `seed ${game.server_seed_hash}: a game before its commitment`,
          'root differs from the entries',
        ]),
      );
      const doubled = [...lines, lines[firstGame]];
      expect(
        (await checkLog(doubled, db, null, vkey)).some((p) => p.startsWith(`game ${game.roll_id} logged at`)),
      ).toBe(true);
      const secret = db.seeds.find((s) => s.server_seed_hash === game.server_seed_hash)!.server_seed;
      const leaked = [...lines];
      leaked[firstGame] = encodeEntry({ ...game, client_seed: secret });
      expect(await checkLog(leaked, db, null, vkey)).toContain(
        `server seed of ${game.server_seed_hash} in entry ${firstGame}`,
      );
      const unlogged = { ...db, games: [...db.games, { roll_id: 'never-logged', log_index: null }] };
      expect(await checkLog(lines, unlogged, served, vkey, { complete: true })).toEqual(['1 games not logged']);
    } finally {
      for (const app of apps) await app.close();
      if (second !== t.handle) await second.close();
    }
  }, 300_000);
});

/** A database the server children can open: a copy of the template (PostgreSQL) or a PGlite directory. */
async function childDb(): Promise<{
  kind: 'pg' | 'pglite';
  env: (name: string) => Record<string, string>;
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}> {
  const copy = process.env.DATABASE_URL ? await openTestDb() : null;
  if (copy?.url) {
    const url = copy.url;
    await copy.handle.close();
    return {
      kind: 'pg',
      // The application name tells the test which child a backend in pg_locks belongs to.
      env: (name) => ({ DATABASE_URL: `${url}?application_name=${name}`, PG_POOL_SIZE: '4' }),
      open: () => openDb({ kind: 'pg', url, poolSize: 3 }),
      drop: copy.drop,
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrades-logseq-'));
  const dataDir = path.join(dir, 'data');
  const db = await PGlite.create({ dataDir, loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });
  await db.close();
  return {
    kind: 'pglite',
    env: () => ({ DATA_DIR: dataDir }),
    open: () => openDb({ kind: 'pglite', dataDir }),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The served checkpoint's size, or null while the server does not answer. */
async function servedSize(base: string, vkey: string): Promise<number | null> {
  try {
    const res = await fetch(`${base}${LOG}/checkpoint`);
    if (!res.ok) return null;
    return parseCheckpoint(openNote(await res.text(), [verifierFromKey(vkey)]).text).size;
  } catch {
    return null;
  }
}

describe('the sequencer killed mid-batch, and its database connection cut', () => {
  const children: ServerProcess[] = [];
  let cleanup: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await Promise.all(children.map((c) => c.kill9()));
    await cleanup?.();
  });

  it('another process finishes: nothing lost or doubled, the signed root is the entries', async () => {
    const sdb = await childDb();
    cleanup = sdb.drop;
    const rand = seededRandom(SEED);
    // The first batch waits for the server to listen, so the test sees the run of batches begin.
    const env = (name: string) => ({ ...sdb.env(name), LOG_SEQUENCE_MS: '4000', DEMO_MODE: '1' });
    let h = await sdb.open();
    // Enough rows for several full batches back to back (2000 entries each), so the kill lands inside one.
    await flood(h, 8, 700, true);
    const total = await one(rowsOf(h), LOGGABLE);
    const start = async (name: string) => {
      const c = await startServer(env(name));
      children.push(c);
      return c;
    };

    if (sdb.kind === 'pg') {
      const rows = rowsOf(h);
      /**
       * The backend holding the sequencer's lock in this test's database (other files' servers sequence theirs at
       * the same time, under the same key) and its application, polled until one does.
       */
      const holder = async (): Promise<{ pid: number; app: string; state: string }> => {
        for (let i = 0; i < 100_000; i++) {
          const [row] = await rows<{ pid: number; app: string; state: string }>(
            `select l.pid, a.application_name as app, a.state from pg_locks l join pg_stat_activity a on a.pid = l.pid
             where l.locktype = 'advisory' and l.granted and l.classid = $1 and l.objid = $2 and l.objsubid = 1
               and l.database = (select oid from pg_database where datname = current_database())`,
            [LOCK_HI, LOCK_LO],
          );
          if (row) return row;
          await sleep(1);
        }
        throw new Error('nobody took the sequencer lock');
      };
      // Two processes sequencing at once; the one holding the lock is killed inside its batch.
      const [a, b] = await Promise.all([start('log35_seq_a'), start('log35_seq_b')]);
      const vkey = (await (await fetch(`${a.base}${LOG}/key`)).text()).trim();
      await sleep(Math.floor(rand() * 400));
      const held = await holder();
      const victim = held.app === 'log35_seq_a' ? a : b;
      const survivor = victim === a ? b : a;
      expect(['log35_seq_a', 'log35_seq_b']).toContain(held.app);
      // A transaction-level lock: its holder is inside a batch's transaction.
      expect(held.state).toMatch(/^(active|idle in transaction)$/);
      await victim.kill9();
      const [{ size: sizeAtKill }] = await rows<{ size: number }>(
        `select coalesce((select size::int from log_state where site = $1), 0) as size`,
        [SITE],
      );
      // The kill left work undone: the batch it held was rolled back, the survivor takes over.
      expect(sizeAtKill).toBeLessThan(total);
      await caughtUp(rows, 'after the kill');
      expect(await checkLogWith(rows, SITE, null, vkey, { complete: true })).toEqual([]);

      // More games while the survivor sequences; its connection is cut while it holds the lock mid-batch.
      await flood(h, 8, 700, false);
      const cut = await holder();
      expect(cut.app).toBe(survivor === a ? 'log35_seq_a' : 'log35_seq_b');
      const [{ done }] = await rows<{ done: boolean }>('select pg_terminate_backend($1) as done', [cut.pid]);
      expect(done).toBe(true);
      await caughtUp(rows, 'after the connection cut');
      expect(survivor.child.exitCode).toBeNull();
      expect((await call(survivor.base, 'GET', '/healthz')).status).toBe(200);
      expect(await checkLogWith(rows, SITE, null, vkey, { complete: true })).toEqual([]);
      expect(await storedCheckpointProblems(rows, vkey)).toEqual([]);
      const served = await (await fetch(`${survivor.base}${LOG}/checkpoint`)).text();
      expect(await checkLogWith(rows, SITE, served, vkey, { complete: true })).toEqual([]);
      await survivor.stop();
      await h.close();
      return;
    }

    // PGlite is one process: kill it at a random moment of its run of back-to-back batches, then open the
    // directory (the dead process's lock is taken over) and let the next start finish.
    await h.close();
    const a = await start('a');
    const vkey = (await (await fetch(`${a.base}${LOG}/key`)).text()).trim();
    while (((await servedSize(a.base, vkey)) ?? 0) === 0) await sleep(5);
    await sleep(Math.floor(rand() * 300));
    await a.kill9();
    h = await sdb.open();
    try {
      const rows = rowsOf(h);
      const [{ size: sizeAtKill }] = await rows<{ size: number }>(
        'select size::int as size from log_state where site = $1',
        [SITE],
      );
      // The kill left work undone; what was logged is sound.
      expect(sizeAtKill).toBeLessThan(total);
      expect(await checkLogWith(rows, SITE, null, vkey)).toEqual([]);
    } finally {
      await h.close();
    }
    const b = await start('b');
    let size = 0;
    for (let i = 0; i < 3000 && size < total; i++) {
      size = (await servedSize(b.base, vkey)) ?? 0;
      if (size < total) await sleep(100);
    }
    const served = await (await fetch(`${b.base}${LOG}/checkpoint`)).text();
    await b.stop();
    h = await sdb.open();
    try {
      const rows = rowsOf(h);
      expect(await checkLogWith(rows, SITE, served, vkey, { complete: true })).toEqual([]);
      expect(await storedCheckpointProblems(rows, vkey)).toEqual([]);
    } finally {
      await h.close();
    }
  }, 600_000);
});
