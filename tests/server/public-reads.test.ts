/**
 * The public audit and export priced for anonymous load: figures computed once per AUDIT_CACHE_MS per window, a
 * per-address count on both, the export streamed in chunks from an index of revealed games.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chanceThousandths } from '../../src/domain/chance.ts';
import { statement } from '../../server/db/client.ts';
import { messages } from '../../server/messages.ts';
import { CHUNK_ROWS, exportNdjson, PAGE_END } from '../../server/services/audit-export.ts';
import type { RawDb } from '../../server/db/client.ts';
import { addCatalogueItem, createTestApp, register, type TestApp } from './helpers/app.ts';
import { writePlayer, type SeedSpec } from './helpers/audit-games.ts';

let t: TestApp;
let targetId: number;
beforeAll(async () => {
  t = await createTestApp({ auditCacheMs: 600_000, rateLimitPublicPerMin: 0 });
  targetId = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 2_000 })).id;
});
afterAll(() => t.close());

function seed(status: 'active' | 'revealed', games: number): SeedSpec {
  const now = Date.now();
  return {
    status,
    activatedAt: new Date(now - 3_600_000),
    games: Array.from({ length: games }, (_, i) => ({
      chance: chanceThousandths(500, 2_000),
      rollUnder: i % 2 === 0,
      stakeMinor: 500,
      targetPriceMinor: 2_000,
      createdAt: new Date(now - 60_000 + i),
    })),
  };
}

const audit = (app = t.app, cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/provably_fair/audit?window=all', headers: cookie ? { cookie } : {} });

describe('the audit answered from a cache', () => {
  it('computes each window once per AUDIT_CACHE_MS, for requests in turn and at once', async () => {
    await writePlayer(t.handle.raw, 'cs', targetId, [seed('revealed', 3)]);
    const first = (await audit()).json();
    expect(first.games).toBe(3);
    await writePlayer(t.handle.raw, 'cs', targetId, [seed('revealed', 4)]);
    const again = await Promise.all(Array.from({ length: 8 }, () => audit()));
    for (const res of again) expect(res.json()).toEqual(first);
    // Another window is its own computation, and sees the new games.
    const day = (await t.app.inject({ method: 'GET', url: '/api/provably_fair/audit?window=24h' })).json();
    expect(day.games).toBe(7);
  });

  it('with AUDIT_CACHE_MS=0, answers every request from the database', async () => {
    const fresh = await createTestApp({ auditCacheMs: 0 });
    try {
      const target = await addCatalogueItem(fresh.db, { site: 'cs', priceMinor: 2_000 });
      await writePlayer(fresh.handle.raw, 'cs', target.id, [seed('revealed', 2)]);
      expect((await audit(fresh.app)).json().games).toBe(2);
      await writePlayer(fresh.handle.raw, 'cs', target.id, [seed('revealed', 5)]);
      expect((await audit(fresh.app)).json().games).toBe(7);
    } finally {
      await fresh.close();
    }
  });
});

describe('a per-address count on the public reads', () => {
  it('refuses the audit and the export past RATE_LIMIT_PUBLIC_PER_MIN, signed in or not, in the site language', async () => {
    const ru = await createTestApp({ site: 'ru', rateLimitPublicPerMin: 3 });
    try {
      const p = await register(ru.app);
      expect((await audit(ru.app)).statusCode).toBe(200);
      expect((await ru.app.inject({ method: 'GET', url: '/api/provably_fair/games' })).statusCode).toBe(200);
      expect((await audit(ru.app, p.cookie)).statusCode).toBe(200);
      for (const res of [
        await audit(ru.app, p.cookie),
        await audit(ru.app, 'sid=made-up'),
        await ru.app.inject({ method: 'GET', url: '/api/provably_fair/games?after=0&limit=10' }),
      ]) {
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ status: false, msg: messages.ru.rate_limited_page });
      }
      // Another address keeps its own count.
      const other = await ru.app.inject({ method: 'GET', url: '/api/provably_fair/games', remoteAddress: '10.0.0.9' });
      expect(other.statusCode).toBe(200);
    } finally {
      await ru.close();
    }
  });
});

describe('the export streamed from the index of revealed games', () => {
  it('sends a page larger than a chunk whole, in id order, each game once, ending at the id it announces', async () => {
    const site = await createTestApp({ rateLimitPublicPerMin: 0 });
    try {
      const target = await addCatalogueItem(site.db, { site: 'cs', priceMinor: 2_000 });
      // Unrevealed games between revealed ones, and a page boundary inside the 1,300 revealed games.
      const written = [
        ...(await writePlayer(site.handle.raw, 'cs', target.id, [seed('revealed', 700), seed('active', 50)])),
        ...(await writePlayer(site.handle.raw, 'cs', target.id, [seed('revealed', 600), seed('active', 9)])),
      ];
      const revealed = written
        .filter((g) => g.revealed)
        .map((g) => g.id)
        .sort((a, b) => a - b);
      const first = await site.app.inject({ method: 'GET', url: '/api/provably_fair/games?after=0&limit=1100' });
      const ids = first.body
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).id as number);
      expect(ids).toEqual(revealed.slice(0, 1100));
      expect(first.headers['x-next-after']).toBe(String(revealed[1099]));
      const rest = await site.app.inject({
        method: 'GET',
        url: `/api/provably_fair/games?after=${revealed[1099]}&limit=1100`,
      });
      expect(
        rest.body
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l).id),
      ).toEqual(revealed.slice(1100));
      // A reader that takes one chunk has cost one query, not the page.
      let queries = 0;
      const counting: RawDb = {
        ...site.handle.raw,
        rows: (st, params) => {
          queries++;
          return site.handle.raw.rows(st, params);
        },
      };
      const lines = exportNdjson(counting, 'cs', 0, revealed[1099]);
      const chunk = await lines.next();
      expect(String(chunk.value).split('\n').filter(Boolean)).toHaveLength(500);
      expect(queries).toBe(1);
      await lines.return(undefined);
      // Past the newest revealed game: an empty page and no next id.
      const past = await site.app.inject({ method: 'GET', url: `/api/provably_fair/games?after=${revealed.at(-1)}` });
      expect(past.body).toBe('');
      expect(past.headers['x-next-after']).toBeUndefined();
    } finally {
      await site.close();
    }
  });

  it("reads both of a page's statements through the index of revealed games, however many are unrevealed", async () => {
    // Without the sequential scan the planner may still take another index; only the partial one fits both.
    for (const [st, params] of [
      [PAGE_END, [0, 'cs', 1000]],
      [CHUNK_ROWS, [0, 'cs', 1_000_000, 500]],
    ] as const) {
      const plan = await t.handle.raw.transaction(async (q) => {
        await q.rows(statement('t_public_no_seqscan', "select set_config('enable_seqscan', 'off', true)"), []);
        return q.rows<Record<string, unknown>>(statement(`t_public_explain_${st.name}`, `explain ${st.text}`), [
          ...params,
        ]);
      });
      const text = plan.map((r) => Object.values(r)[0]).join('\n');
      expect(text, text).toMatch(/games_export_idx/);
    }
  });
});
