import http from 'node:http';
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { openDb, type DbHandle } from '../../server/db/client.ts';
import { games } from '../../server/db/schema.ts';
import { LiveHub, takesGzip } from '../../server/services/live-hub.ts';
import { createSession } from '../../server/services/sessions.ts';
import { steamAccount } from '../../server/services/steam-accounts.ts';
import {
  addCatalogueItem,
  createTestApp,
  getToken,
  grant,
  postUpgrade,
  register,
  type Player,
  type TestApp,
} from './helpers/app.ts';
import { writePlayer } from './helpers/audit-games.ts';
import { gamesOf, mesOf, openSse, type SseStream } from './helpers/sse.ts';

// Two app instances on one database: on PostgreSQL the second has its own pool and its own LISTEN connection, as
// a second `npm start` would; on PGlite (one process by design) they share the instance and its listen.
let t: TestApp;
let second: FastifyInstance;
let secondHandle: DbHandle | null = null;
const CAP = 4;
const open: SseStream[] = [];
beforeAll(async () => {
  t = await createTestApp({ liveMaxStreamsPerIp: CAP, liveHeartbeatSeconds: 1 });
  if (t.databaseUrl) secondHandle = await openDb({ kind: 'pg', url: t.databaseUrl, poolSize: 5 });
  second = await buildApp(t.config, secondHandle ?? t.handle);
});
afterAll(async () => {
  for (const s of open) s.close();
  await second.close();
  await secondHandle?.close();
  await t.close();
});

afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

/** Opens a stream that is closed after the test (once the server has seen the last test's streams close). */
async function sse(app: FastifyInstance, headers: Record<string, string> = {}): Promise<SseStream> {
  const s = await waitForOpen(app, headers);
  open.push(s);
  return s;
}

const stakeTarget = async () => ({
  stake: await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 }),
  target: await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900, type: 'classified' }),
});

/** Plays one game (5.00 against 9.00) on `app`; returns its answer. */
async function play(app: FastifyInstance, p: Player) {
  const { stake, target } = await stakeTarget();
  const [item] = await grant(t.db, p.userId, [stake.id]);
  const res = await postUpgrade(app, p.cookie, {
    'inventory_items[]': [String(item)],
    uniq_item: String(target.id),
    upgrade_front_chance: '50',
    roll_under: '1',
    token: await getToken(app, p.cookie),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { answer: res.json(), target };
}

/** A Steam player with a session, created as Steam sign-in creates one. */
async function steamPlayer(steamId: string, persona: string | null): Promise<Player> {
  const profile = persona === null ? null : { name: persona, avatarUrl: null };
  const userId = await steamAccount(t.db, t.config, steamId, profile);
  const sid = await createSession(t.db, userId, 1);
  return { userId, cookie: `sid=${sid}`, username: `steam_${steamId}` };
}

const gameRow = async (rollId: string) => (await t.db.select().from(games).where(eq(games.rollId, rollId)))[0];

describe('GET /api/live', () => {
  it("tells each game settled on either instance to the other's streams, with the game's own figures", async () => {
    const p = await register(t.app);
    const onSecond = await sse(second);
    const onFirst = await sse(t.app);
    expect(onSecond.status).toBe(200);
    expect(onSecond.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(onSecond.headers['cache-control']).toContain('no-cache');

    const a = await play(t.app, p);
    const b = await play(second, p);
    const rolls = [a.answer.provably_fair.roll_id, b.answer.provably_fair.roll_id];
    for (const s of [onFirst, onSecond]) {
      const told = await s.until((ev) => {
        const mine = gamesOf(ev).filter((g) => rolls.includes(g.roll_id));
        return mine.length === 2 && mine;
      });
      expect(told.map((g) => g.roll_id)).toEqual(rolls);
      for (const [i, g] of told.entries()) {
        const row = await gameRow(rolls[i]);
        const target = i === 0 ? a.target : b.target;
        expect(g).toEqual({
          id: row.id,
          roll_id: row.rollId,
          name: p.username,
          hidden: false,
          stake: 5,
          stake_count: 1,
          item: target.name,
          item_id: target.id,
          img: `/app/public/items/${target.id}.png`,
          type: 'classified',
          price: 9,
          chance: row.chance / 1000,
          roll_under: 1,
          success: row.success ? 1 : 0,
          time: row.createdAt.toISOString(),
        });
        // The SSE id is the game's id, so a reconnect resumes after it.
        expect(s.events.find((e) => e.event === 'game' && JSON.parse(e.data).roll_id === rolls[i])?.id).toBe(
          String(row.id),
        );
      }
    }
  });

  it('tells nothing of games refused in their transaction: of five racing for one item, one is told', async () => {
    const p = await register(t.app);
    const s = await sse(second);
    const { stake, target } = await stakeTarget();
    const [item] = await grant(t.db, p.userId, [stake.id]);
    const tokens = await Promise.all(Array.from({ length: 5 }, () => getToken(t.app, p.cookie)));
    const results = await Promise.all(
      tokens.map((token, i) =>
        postUpgrade(i % 2 ? second : t.app, p.cookie, {
          'inventory_items[]': [String(item)],
          uniq_item: String(target.id),
          upgrade_front_chance: '50',
          roll_under: '1',
          token,
        }),
      ),
    );
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    // A later game marks the end: the feed is in commit order, so a refused game would have come before it.
    const after = await play(t.app, p);
    const told = await s.until((ev) => {
      const all = gamesOf(ev).filter((g) => g.name === p.username);
      return all.some((g) => g.roll_id === after.answer.provably_fair.roll_id) && all;
    });
    expect(told.map((g) => g.roll_id)).toEqual([
      won[0].json().provably_fair.roll_id,
      after.answer.provably_fair.roll_id,
    ]);
  });

  it('starts a fresh stream with the newest games, oldest first', async () => {
    const p = await register(t.app);
    const last = await play(t.app, p);
    // The game is in the process's memory once a stream that was open has been told it.
    const watcher = await sse(t.app);
    await watcher.until((ev) => gamesOf(ev).some((g) => g.roll_id === last.answer.provably_fair.roll_id));
    const s = await sse(t.app);
    const backlog = await s.until((ev) => {
      const g = gamesOf(ev);
      return g.some((x) => x.roll_id === last.answer.provably_fair.roll_id) && g;
    });
    expect(backlog.length).toBeLessThanOrEqual(20);
    const ids = backlog.map((g) => g.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(backlog.at(-1)!.roll_id).toBe(last.answer.provably_fair.roll_id);
  });

  it('gzips the stream for a reader that takes it: the same events, inflated as they come', async () => {
    const p = await register(t.app);
    const plain = await sse(t.app);
    const packed = await sse(t.app, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers.vary).toBe('accept-encoding');
    // One game at a time: each arrives before the next is played, so no frame waits for the stream's end.
    for (let i = 0; i < 3; i++) {
      const roll = (await play(t.app, p)).answer.provably_fair.roll_id;
      await packed.until((ev) => gamesOf(ev).some((g) => g.roll_id === roll));
      await plain.until((ev) => gamesOf(ev).some((g) => g.roll_id === roll));
    }
    expect(packed.events.filter((e) => e.event === 'game')).toEqual(plain.events.filter((e) => e.event === 'game'));
    // A later stream joins the same deflated batches after its own backlog.
    const late = await sse(t.app, { 'accept-encoding': 'gzip' });
    const next = (await play(t.app, p)).answer.provably_fair.roll_id;
    await late.until((ev) => gamesOf(ev).some((g) => g.roll_id === next));
    expect(gamesOf(late.events).filter((g) => g.name === p.username).length).toBeGreaterThanOrEqual(1);
  });

  it('forgets a stream whose reader left before it was opened (while its session was read)', async () => {
    const hub = new LiveHub(t.handle, t.config, 'en', t.app.log);
    let freed = 0;
    const server = http.createServer((req, res) => {
      // The route opens the stream after an await; here the reader is gone by then.
      req.socket.once('close', () =>
        hub.open(res, { userId: 1, lastId: null, gzip: true, closed: () => (freed += 1) }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    for (let i = 0; i < CAP + 1; i++) {
      const req = http.get({ port, host: '127.0.0.1', path: '/api/live', agent: false });
      req.on('error', () => {});
      await new Promise((r) => server.once('request', r));
      req.destroy();
    }
    // Each one's place in the caps is given back, and none is kept.
    await vi.waitFor(() => expect(freed).toBe(CAP + 1));
    expect(hub.size).toBe(0);
    await hub.close();
    server.close();
  });

  it('answers no HEAD: it would hold a stream with nothing ever sent', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/live' });
    expect(head.statusCode).toBe(404);
  });

  it('takes gzip only where Accept-Encoding allows it', () => {
    expect(takesGzip('gzip, deflate, br')).toBe(true);
    expect(takesGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(takesGzip(['identity', 'gzip'])).toBe(true);
    expect(takesGzip('deflate, gzip ;q=1')).toBe(true);
    expect(takesGzip('gzip;q=0')).toBe(false);
    expect(takesGzip('deflate, br')).toBe(false);
    expect(takesGzip(undefined)).toBe(false);
  });

  it('resumes after Last-Event-ID with the games missed, each once, from memory or from the database', async () => {
    const p = await register(t.app);
    const watcher = await sse(t.app);
    const played: string[] = [];
    for (let i = 0; i < 3; i++) played.push((await play(t.app, p)).answer.provably_fair.roll_id);
    const seen = await watcher.until((ev) => {
      const g = gamesOf(ev).filter((x) => played.includes(x.roll_id));
      return g.length === 3 && g;
    });
    watcher.close();

    // From memory: the id is among the games this process holds.
    const resumed = await sse(second, { 'last-event-id': String(seen[0].id) });
    const again = await resumed.until((ev) => gamesOf(ev).length >= 2 && gamesOf(ev));
    expect(again.map((g) => g.roll_id)).toEqual(played.slice(1));

    // From the database: an id older than every game held (0) reads them back by id.
    const fromStart = await sse(t.app, { 'last-event-id': '0' });
    const all = await fromStart.until((ev) => {
      const g = gamesOf(ev);
      return g.some((x) => x.roll_id === played[2]) && g;
    });
    const rows = await t.db.select({ id: games.id }).from(games).where(eq(games.site, 'cs')).orderBy(games.id);
    expect(all.map((g) => g.id)).toEqual(rows.map((r) => r.id).slice(0, all.length));
    expect(new Set(all.map((g) => g.id)).size).toBe(all.length);
  });

  it('tells every game of a burst larger than one read, in commit order', async () => {
    const { target } = await stakeTarget();
    const watcher = await sse(t.app);
    const spec = { chance: 50_000, rollUnder: true, stakeMinor: 500, targetPriceMinor: 900 };
    const burst = Array.from({ length: 1_200 }, () => ({ ...spec, createdAt: new Date() }));
    const written = await writePlayer(t.handle.raw, 'cs', target.id, [
      { status: 'active', activatedAt: new Date(), games: burst },
    ]);
    const want = new Set(written.map((g) => g.rollId));
    const told = await watcher.until((ev) => {
      const g = gamesOf(ev).filter((x) => want.has(x.roll_id));
      return g.length === want.size && g;
    });
    expect(told.map((g) => g.id)).toEqual(written.map((g) => g.id));
  });

  it('shows "Hidden" for a player who hides their name, and the name again once they stop', async () => {
    const p = await register(t.app);
    const s = await sse(t.app);
    const hide = (hide: string) =>
      t.app.inject({ method: 'POST', url: '/api/profile/hide_name', headers: { cookie: p.cookie }, payload: { hide } });
    const on = await hide('1');
    expect(on.json()).toEqual({ status: true, hide_name: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: p.cookie } });
    expect(me.json().user.hide_name).toBe(true);
    const hidden = await play(t.app, p);
    expect((await hide('0')).json()).toEqual({ status: true, hide_name: false });
    const shown = await play(t.app, p);
    const [h, v] = await s.until((ev) => {
      const g = gamesOf(ev);
      const a = g.find((x) => x.roll_id === hidden.answer.provably_fair.roll_id);
      const b = g.find((x) => x.roll_id === shown.answer.provably_fair.roll_id);
      return a && b && [a, b];
    });
    expect(h).toMatchObject({ name: 'Hidden', hidden: true });
    expect(JSON.stringify(h)).not.toContain(p.username);
    expect(v).toMatchObject({ name: p.username, hidden: false });
  });

  it('names a Steam player by their persona name, or a neutral name, and never by their Steam ID', async () => {
    const s = await sse(t.app);
    const ids = [`7656119${randomInt(1e9, 1e10 - 1)}`, `7656119${randomInt(1e9, 1e10 - 1)}`];
    const named = await steamPlayer(ids[0], 'Gaben Fan');
    const unnamed = await steamPlayer(ids[1], null);
    const [a, b] = [await play(t.app, named), await play(second, unnamed)];
    const [ga, gb] = await s.until((ev) => {
      const g = gamesOf(ev);
      const x = g.find((e) => e.roll_id === a.answer.provably_fair.roll_id);
      const y = g.find((e) => e.roll_id === b.answer.provably_fair.roll_id);
      return x && y && [x, y];
    });
    expect(ga).toMatchObject({ name: 'Gaben Fan', hidden: false });
    expect(gb).toMatchObject({ name: `Player ${unnamed.userId}`, hidden: false });
    // Nor does a resume from the database or a fresh strip.
    const later = await sse(second, { 'last-event-id': String(ga.id - 1) });
    const resumed = await later.until((ev) => gamesOf(ev).find((e) => e.roll_id === b.answer.provably_fair.roll_id));
    expect(resumed.name).toBe(`Player ${unnamed.userId}`);
    const all = JSON.stringify([...s.events, ...later.events]);
    for (const id of ids) expect(all).not.toContain(id);
  });

  it('hides a name in the games already told on every process: fresh strips and resumes', async () => {
    const p = await register(t.app);
    const before = await sse(t.app);
    const game = await play(t.app, p);
    const rollId = game.answer.provably_fair.roll_id;
    const told = await before.until((ev) => gamesOf(ev).find((g) => g.roll_id === rollId));
    expect(told.name).toBe(p.username);
    const hide = await second.inject({
      method: 'POST',
      url: '/api/profile/hide_name',
      headers: { cookie: p.cookie },
      payload: { hide: '1' },
    });
    expect(hide.json().hide_name).toBe(true);
    // Both processes' memories: a fresh strip and a resume after the game before it.
    for (const app of [t.app, second]) {
      await vi.waitFor(
        async () => {
          const fresh = await openSse(app);
          const resumed = await openSse(app, { 'last-event-id': String(told.id - 1) });
          try {
            for (const s of [fresh, resumed]) {
              const g = await s.until((ev) => gamesOf(ev).find((x) => x.roll_id === rollId), 2_000);
              expect(g).toMatchObject({ name: 'Hidden', hidden: true });
            }
          } finally {
            fresh.close();
            resumed.close();
          }
        },
        { timeout: 15_000, interval: 100 },
      );
    }
  });

  it('refuses a bad hide value and a signed-out player, changing nothing', async () => {
    const p = await register(t.app);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/profile/hide_name',
      headers: { cookie: p.cookie },
      payload: { hide: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: false, msg: 'hide must be 0 or 1.' });
    const out = await t.app.inject({ method: 'POST', url: '/api/profile/hide_name', payload: { hide: '1' } });
    expect(out.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: p.cookie } });
    expect(me.json().user.hide_name).toBe(false);
  });

  it("carries a player's own changes (game, sale, grant, seeds) on their streams only", async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const aTabs = [await sse(t.app, { cookie: a.cookie }), await sse(second, { cookie: a.cookie })];
    const bTab = await sse(second, { cookie: b.cookie });
    const visitor = await sse(t.app);

    const game = await play(t.app, a);
    const { stake } = await stakeTarget();
    const [sold] = await grant(t.db, a.userId, [stake.id]);
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/sell',
      headers: { cookie: a.cookie },
      payload: { id: sold },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    const rotate = await second.inject({
      method: 'POST',
      url: '/api/provably_fair/rotate',
      headers: { cookie: a.cookie },
    });
    expect(rotate.statusCode, rotate.body).toBe(200);
    for (const tab of aTabs) {
      const kinds = await tab.until((ev) => {
        const m = mesOf(ev);
        return m.some((x) => x.kind === 'seeds') && m;
      });
      expect(kinds).toEqual([
        { kind: 'grant' },
        { kind: 'game', roll_id: game.answer.provably_fair.roll_id },
        { kind: 'grant' },
        { kind: 'sale' },
        { kind: 'seeds' },
      ]);
    }
    // B's game marks the end: notices arrive in commit order, so A's would have reached B's tab before it.
    const bGame = await play(second, b);
    for (const s of [bTab, visitor]) {
      await s.until((ev) => gamesOf(ev).some((g) => g.roll_id === bGame.answer.provably_fair.roll_id));
    }
    expect(mesOf(bTab.events)).toEqual([
      { kind: 'grant' },
      { kind: 'game', roll_id: bGame.answer.provably_fair.roll_id },
    ]);
    expect(mesOf(visitor.events)).toEqual([]);
  });

  it('keeps the stream alive with heartbeat comments', async () => {
    const s = await sse(t.app);
    await s.until(() => s.comments >= 1);
  });

  it(`refuses a ${CAP + 1}th stream from one address with 429 until one closes`, async () => {
    const mine: SseStream[] = [];
    for (let i = 0; i < CAP; i++) mine.push(await waitForOpen(t.app));
    const over = await openSse(t.app);
    expect(over.status).toBe(429);
    await over.until(() => over.ended() && over.body());
    expect(JSON.parse(over.body())).toEqual({
      status: false,
      msg: 'Too many live feeds are open from your address; close a tab and try again.',
    });
    mine[0].close();
    const again = await waitForOpen(t.app);
    expect(again.status).toBe(200);
    for (const s of [...mine, again]) s.close();
  });

  it('ends its streams when the server shuts down', async () => {
    const s = await openSse(second);
    expect(s.status).toBe(200);
    await second.close();
    await s.until(() => s.ended());
    second = await buildApp(t.config, secondHandle ?? t.handle);
  });
});

/** Opens a stream, retrying while the server has not yet seen earlier ones close (it learns of a close later). */
async function waitForOpen(app: FastifyInstance, headers: Record<string, string> = {}): Promise<SseStream> {
  for (let i = 0; ; i++) {
    const s = await openSse(app, headers);
    if (s.status !== 429 || i === 200) return s;
    s.close();
    await new Promise((r) => setTimeout(r, 20));
  }
}
