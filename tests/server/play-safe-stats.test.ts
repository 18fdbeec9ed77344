/**
 * GET /api/account/stats and stats.csv: every figure equals a recomputation from the games table with the audit's
 * rules (gameSums), per UTC day, ISO week, month and in total, counting only the player's own games.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addSums, emptySums, gameSums } from '../../src/domain/audit.ts';
import { periodStart } from '../../src/domain/playSafe.ts';
import { games } from '../../server/db/schema.ts';
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
let p: Player;
let other: Player;
let targetId: number;

beforeAll(async () => {
  t = await createTestApp();
  p = await register(t.app);
  other = await register(t.app);
  const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
  const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900, name: '=Formula | "Quoted", item' });
  targetId = target.id;
  for (const who of [p, p, p, p, p, p, other]) {
    const [item] = await grant(t.db, who.userId, [stake.id]);
    const res = await postUpgrade(t.app, who.cookie, {
      'inventory_items[]': [String(item)],
      uniq_item: String(targetId),
      upgrade_front_chance: '50.000',
      roll_under: '1',
      token: await getToken(t.app, who.cookie),
    });
    expect(res.statusCode).toBe(200);
  }
  // Spread the player's games over earlier periods: 40 days, 8 days and 2 days ago.
  const ids = (await t.db.select({ id: games.id }).from(games).where(eq(games.userId, p.userId))).map((g) => g.id);
  for (const [i, days] of [
    [0, 40],
    [1, 8],
    [2, 2],
  ] as const) {
    await t.db
      .update(games)
      .set({ createdAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(games.id, ids[i]));
  }
});
afterAll(() => t.close());

describe('GET /api/account/stats', () => {
  it("equals a recomputation of the player's games by the audit's rules", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/stats', headers: { cookie: p.cookie } });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(games).where(eq(games.userId, p.userId));
    const now = Date.now();
    const figures = (since: number) => {
      const s = emptySums();
      for (const g of rows) if (g.createdAt.getTime() >= since) addSums(s, gameSums(g));
      return {
        games: s.games,
        stake: s.stakeMinor / 100,
        won: s.payoutMinor / 100,
        net: (s.payoutMinor - s.stakeMinor) / 100,
      };
    };
    const wins = rows.filter((g) => g.success).sort((a, b) => b.targetPriceMinor - a.targetPriceMinor || a.id - b.id);
    expect(res.json()).toEqual({
      status: true,
      currency: 'USD',
      day: figures(periodStart('day', now)),
      week: figures(periodStart('week', now)),
      month: figures(periodStart('month', now)),
      total: figures(-Infinity),
      biggest_win:
        wins.length === 0
          ? null
          : {
              roll_id: wins[0].rollId,
              played_at: wins[0].createdAt.toISOString(),
              item: '=Formula | "Quoted", item',
              stake: wins[0].stakeMinor / 100,
              won: wins[0].targetPriceMinor / 100,
            },
    });
    expect(res.json().total.games).toBe(6);
  });

  it('exports the same games as CSV, text that could run as a formula quoted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/stats.csv', headers: { cookie: p.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('game_id,played_at,site,roll_id,target,chance,roll_under,success,stake,won,net,currency');
    const rows = await t.db.select().from(games).where(eq(games.userId, p.userId)).orderBy(games.id);
    expect(lines.slice(1)).toEqual(
      rows.map((g) =>
        [
          g.id,
          g.createdAt.toISOString(),
          'cs',
          g.rollId,
          `"'=Formula | ""Quoted"", item"`,
          '50.000',
          '1',
          g.success ? '1' : '0',
          '5.00',
          g.success ? '9.00' : '0.00',
          g.success ? '4.00' : '-5.00',
          'USD',
        ].join(','),
      ),
    );
  });
});
