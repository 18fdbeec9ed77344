import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isWin } from '../../src/domain/chance.ts';
import { computeRollSync } from '../../src/domain/roll.ts';
import { games, seeds } from '../../server/db/schema.ts';
import { messages } from '../../server/messages.ts';
import { hmacSha256Node, sha256Hex } from '../../server/services/crypto.ts';
import { VECTORS } from '../domain/vectors.ts';
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

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

/** Plays n games (stake 5.00 vs target 9.00, roll under) and returns their roll ids, oldest first. */
async function play(p: Player, n: number): Promise<string[]> {
  const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
  const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
  const items = await grant(t.db, p.userId, Array(n).fill(stake.id));
  const ids: string[] = [];
  for (const item of items) {
    const res = await postUpgrade(t.app, p.cookie, {
      'inventory_items[]': [String(item)],
      uniq_item: String(target.id),
      upgrade_front_chance: '50',
      roll_under: '1',
      token: await getToken(t.app, p.cookie),
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().provably_fair.roll_id);
  }
  return ids;
}

describe('the node roll path', () => {
  it.each(VECTORS)('reproduces vector $n', (v) => {
    expect(sha256Hex(v.serverSeed)).toBe(v.hash);
    expect(computeRollSync(hmacSha256Node, v.serverSeed, v.clientSeed, v.nonce)).toEqual({
      value: v.R,
      round: v.round,
      chunk: v.chunk,
    });
  });
});

describe('GET /api/provably_fair/state', () => {
  it('shows the active hash, the committed next hash, the client seed and the nonce', async () => {
    const p = await register(t.app);
    const res = await get('/api/provably_fair/state', p.cookie);
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(seeds).where(eq(seeds.userId, p.userId));
    const active = rows.find((r) => r.status === 'active')!;
    const next = rows.find((r) => r.status === 'next')!;
    expect(res.json()).toEqual({
      status: true,
      server_seed_hash: active.serverSeedHash,
      next_server_seed_hash: next.serverSeedHash,
      client_seed: active.clientSeed,
      nonce: 0,
    });
    expect(active.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect(sha256Hex(active.serverSeed)).toBe(active.serverSeedHash);
    expect(JSON.stringify(res.json())).not.toContain(active.serverSeed);
  });

  it('refuses a signed-out visitor', async () => {
    expect((await get('/api/provably_fair/state')).statusCode).toBe(401);
  });
});

describe('POST /api/provably_fair/rotate', () => {
  it('reveals the active seed, promotes the committed one with nonce 0, and lets every game be recomputed', async () => {
    const p = await register(t.app);
    const before = (await get('/api/provably_fair/state', p.cookie)).json();
    const rollIds = await play(p, 3);
    const hidden = (await get(`/api/provably_fair/roll/${rollIds[0]}`)).json();
    expect(hidden.server_seed).toBeNull();

    const res = await post('/api/provably_fair/rotate', p.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: true,
      revealed_server_seed_hash: before.server_seed_hash,
      revealed_client_seed: before.client_seed,
      games: 3,
    });
    expect(sha256Hex(body.revealed_server_seed)).toBe(before.server_seed_hash);
    expect(body.state).toMatchObject({
      server_seed_hash: before.next_server_seed_hash,
      client_seed: before.client_seed,
      nonce: 0,
    });
    expect(body.state.next_server_seed_hash).not.toBe(before.next_server_seed_hash);

    for (const [i, id] of rollIds.entries()) {
      const game = (await get(`/api/provably_fair/roll/${id}`)).json();
      expect(game).toMatchObject({
        status: true,
        roll_id: id,
        server_seed: body.revealed_server_seed,
        server_seed_hash: before.server_seed_hash,
        nonce: i,
        chance: 50,
        roll_under: 1,
      });
      expect(Date.parse(game.time)).not.toBeNaN();
      const r = computeRollSync(hmacSha256Node, game.server_seed, game.client_seed, game.nonce);
      expect(r.value / 1000).toBe(game.roll);
      expect(isWin(r.value, game.chance * 1000, game.roll_under === 1) ? 1 : 0).toBe(game.success);
    }
  });
});

describe('POST /api/provably_fair/client_seed', () => {
  it('rotates with the new client seed', async () => {
    const p = await register(t.app);
    const before = (await get('/api/provably_fair/state', p.cookie)).json();
    const res = await post('/api/provably_fair/client_seed', p.cookie, { client_seed: 'Игрок🎲 seed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      revealed_server_seed_hash: before.server_seed_hash,
      games: 0,
      state: { client_seed: 'Игрок🎲 seed', nonce: 0, server_seed_hash: before.next_server_seed_hash },
    });
    const [id] = await play(p, 1);
    expect((await get(`/api/provably_fair/roll/${id}`)).json().client_seed).toBe('Игрок🎲 seed');
  });

  it.each([
    { name: 'empty', seed: '' },
    { name: '65 characters', seed: 'x'.repeat(65) },
    { name: 'a control character', seed: 'a\u0007b' },
    // Letters Unicode marks as default-ignorable: they render as nothing, so abc\u3164def looks like abcdef.
    { name: 'a Hangul filler', seed: 'abc\u3164def' },
    { name: 'a combining grapheme joiner', seed: '\u034fA' },
    { name: 'a variation selector', seed: 'seed\ufe00' },
    { name: 'not a string', seed: 12 },
  ])('refuses a client seed that is $name and keeps the seeds', async ({ seed }) => {
    const p = await register(t.app);
    const before = (await get('/api/provably_fair/state', p.cookie)).json();
    const res = await post('/api/provably_fair/client_seed', p.cookie, { client_seed: seed });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en.client_seed_invalid });
    expect((await get('/api/provably_fair/state', p.cookie)).json()).toEqual(before);
  });
});

describe('GET /api/provably_fair/roll/:roll_id', () => {
  it('answers 404 for an unknown roll id', async () => {
    for (const id of ['0123456789abcdef01234567', 'not-hex']) {
      const res = await get(`/api/provably_fair/roll/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, msg: messages.en.roll_not_found });
    }
    // Past Fastify's parameter length limit the route does not match at all: still a JSON 404.
    const long = await get(`/api/provably_fair/roll/${'x'.repeat(300)}`);
    expect(long.statusCode).toBe(404);
    expect(long.json().status).toBe(false);
  });
});

describe('GET /api/provably_fair/history', () => {
  it('pages the games newest first, 20 a page, and lists revealed seeds with their game counts', async () => {
    const p = await register(t.app);
    const first = await play(p, 2);
    await post('/api/provably_fair/rotate', p.cookie);
    const rest = await play(p, 21);
    const all = [...first, ...rest].reverse();
    const page0 = (await get('/api/provably_fair/history', p.cookie)).json();
    expect(page0).toMatchObject({ status: true, page: 0, pages: 2 });
    expect(page0.games.map((g: { roll_id: string }) => g.roll_id)).toEqual(all.slice(0, 20));
    expect(page0.games[0]).toMatchObject({ stake: 5, stake_count: 1, target_price: 9, chance: 50, roll_under: 1 });
    const page1 = (await get('/api/provably_fair/history?page=1', p.cookie)).json();
    expect(page1.games.map((g: { roll_id: string }) => g.roll_id)).toEqual(all.slice(20));
    expect(page1.revealed_seeds).toHaveLength(1);
    expect(page1.revealed_seeds[0].games).toBe(2);
    const [g] = await t.db.select().from(games).where(eq(games.rollId, first[0]));
    expect(page1.revealed_seeds[0].server_seed_hash).toBe(g.serverSeedHash);
    for (const page of ['-1', 'x', '1.5', '1000000']) {
      const res = await get(`/api/provably_fair/history?page=${page}`, p.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: false, msg: messages.en.page_invalid });
    }
    expect((await get('/api/provably_fair/history')).statusCode).toBe(401);
  });
});
