import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { auditFigures } from '../../server/services/audit.ts';
import { sequenceAll, sequenceStep } from '../../server/services/log-sequencer.ts';
import { statement } from '../../server/db/client.ts';
import type { AuditWindow } from '../../src/domain/audit.ts';
import { addCatalogueItem, createTestApp, type TestApp } from './helpers/app.ts';
import { writePlayer, type GameSpec, type SeedSpec, type WrittenGame } from './helpers/audit-games.ts';

let t: TestApp;
let targetId: number;
beforeAll(async () => {
  // No background sequencer: each case decides how far the log, and with it the rollup, has got.
  t = await createTestApp({ logSequenceMs: 0 });
  targetId = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 100_000 })).id;
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const WINDOW_HOURS: Record<AuditWindow, number | null> = { '24h': 24, '7d': 168, '30d': 720, all: null };
// Plain literals on purpose: the oracle does not import the rules it checks.
const EDGES = [100, 1_000, 10_000, 25_000, 50_000, 80_000];

/** The audit recomputed game by game from what was written: the oracle. */
function bruteForce(written: WrittenGame[], window: AuditWindow, now: Date) {
  const hours = WINDOW_HOURS[window];
  const since = hours === null ? -Infinity : Math.floor(now.getTime() / HOUR) * HOUR - hours * HOUR;
  const inWindow = written.filter((g) => g.createdAt.getTime() >= since);
  const bands = [];
  for (let b = 0; b < 5; b++) {
    for (const rollUnder of [true, false]) {
      const cell = inWindow.filter(
        (g) => g.rollUnder === rollUnder && (b === 0 || g.chance >= EDGES[b]) && (b === 4 || g.chance < EDGES[b + 1]),
      );
      const expected = cell.reduce((s, g) => s + g.chance / 100_000, 0);
      const variance = cell.reduce((s, g) => s + (g.chance / 100_000) * (1 - g.chance / 100_000), 0);
      const wins = cell.filter((g) => g.success).length;
      const sd = Math.sqrt(variance);
      bands.push({
        from: EDGES[b] / 1000,
        to: EDGES[b + 1] / 1000,
        roll_under: rollUnder ? 1 : 0,
        games: cell.length,
        wins,
        expected_wins: expected,
        z: sd > 0 ? (wins - expected) / sd : 0,
        low: Math.max(0, Math.ceil(expected - 1.959964 * sd - 0.5)),
        high: Math.min(cell.length, Math.floor(expected + 1.959964 * sd + 0.5)),
      });
    }
  }
  const stake = inWindow.reduce((s, g) => s + g.stakeMinor, 0);
  const payout = inWindow.reduce((s, g) => s + (g.success ? g.targetPriceMinor : 0), 0);
  const promised = inWindow.reduce((s, g) => s + (g.chance / 100_000) * g.targetPriceMinor, 0);
  const step = window === '24h' ? HOUR : 24 * HOUR;
  const periods = new Map<number, number>();
  for (const g of inWindow) {
    const p = Math.floor(g.createdAt.getTime() / step) * step;
    periods.set(p, (periods.get(p) ?? 0) + 1);
  }
  return {
    games: inWindow.length,
    wins: inWindow.filter((g) => g.success).length,
    stake_minor: stake,
    payout_minor: payout,
    rtp: stake > 0 ? payout / stake : null,
    expected_rtp: stake > 0 ? promised / stake : null,
    unrevealed_games: inWindow.filter((g) => !g.revealed).length,
    bands,
    series: [...periods].sort((a, b) => a[0] - b[0]).map(([p, n]) => ({ t: new Date(p).toISOString(), games: n })),
  };
}

/** Compares the service's answer with the oracle: counts exactly, derived numbers to 1e-9 relative. */
function expectSame(actual: Awaited<ReturnType<typeof auditFigures>>, expected: ReturnType<typeof bruteForce>) {
  const close = (a: number | null, b: number | null) => {
    if (a === null || b === null) return expect(a).toBe(b);
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
  };
  expect({
    games: actual.games,
    wins: actual.wins,
    stake_minor: actual.stake_minor,
    payout_minor: actual.payout_minor,
    unrevealed_games: actual.unrevealed_games,
  }).toEqual({
    games: expected.games,
    wins: expected.wins,
    stake_minor: expected.stake_minor,
    payout_minor: expected.payout_minor,
    unrevealed_games: expected.unrevealed_games,
  });
  close(actual.rtp, expected.rtp);
  close(actual.expected_rtp, expected.expected_rtp);
  expect(actual.bands.map(({ z, expected_wins, ...rest }) => rest)).toEqual(
    expected.bands.map(({ z, expected_wins, ...rest }) => rest),
  );
  actual.bands.forEach((b, i) => {
    close(b.z, expected.bands[i].z);
    close(b.expected_wins, expected.bands[i].expected_wins);
  });
  expect(actual.series.map((p) => ({ t: p.t, games: p.games }))).toEqual(expected.series);
}

const MINUTE = 60_000;
const DAY_MIN = 24 * 60;
/** Minutes before now: anywhere in 40 days, or within a few minutes of a window's first instant. */
const minutesAgo = (now: Date) => {
  const hourStartAgo = Math.floor((now.getTime() % HOUR) / MINUTE);
  return fc.oneof(
    fc.integer({ min: 0, max: 40 * DAY_MIN }),
    fc
      .tuple(fc.constantFrom(24, 168, 720), fc.integer({ min: -3, max: 3 }))
      .map(([h, d]) => Math.max(0, hourStartAgo + h * 60 + d)),
  );
};
const chance = fc.oneof(
  fc.integer({ min: 100, max: 80_000 }),
  fc.constantFrom(100, 999, 1_000, 9_999, 10_000, 24_999, 25_000, 49_999, 50_000, 80_000),
);

function seedArb(now: Date, last: boolean): fc.Arbitrary<SeedSpec> {
  return fc
    .record({
      active: last ? fc.boolean() : fc.constant(false),
      lead: fc.integer({ min: 0, max: 120 }),
      games: fc.array(
        fc.record({
          ago: minutesAgo(now),
          chance,
          rollUnder: fc.boolean(),
          stakeMinor: fc.integer({ min: 1, max: 1_000_000 }),
          extra: fc.integer({ min: 1, max: 100_000_000 }),
        }),
        { maxLength: 12 },
      ),
    })
    .map(({ active, lead, games }) => {
      // A seed's games come after its activation and in nonce order, as the settlement writes them.
      const sorted = [...games].sort((a, b) => b.ago - a.ago);
      const oldest = sorted.length ? sorted[0].ago : 0;
      return {
        status: active ? 'active' : 'revealed',
        activatedAt: new Date(now.getTime() - (oldest + lead) * MINUTE),
        games: sorted.map((g): GameSpec => ({
          chance: g.chance,
          rollUnder: g.rollUnder,
          stakeMinor: g.stakeMinor,
          targetPriceMinor: g.stakeMinor + g.extra,
          createdAt: new Date(now.getTime() - g.ago * MINUTE),
        })),
      };
    });
}

function playerArb(now: Date): fc.Arbitrary<SeedSpec[]> {
  return fc
    .tuple(fc.array(seedArb(now, false), { maxLength: 2 }), seedArb(now, true))
    .map(([older, last]) => [...older, last]);
}

const REVEAL_ALL = statement(
  't_audit_reveal',
  "update seeds set status = 'revealed', revealed_at = now() where status = 'active' and user_id in (select user_id from games where site = $1)",
);

const UNLOGGED = statement(
  't_audit_unlogged',
  'select count(*)::int as n from games where site = $1 and log_index is null',
);
const ROLLED = statement(
  't_audit_rolled',
  'select coalesce(sum(games), 0)::bigint as games from audit_rollup where site = $1',
);

let runs = 0;
describe('the audit figures', () => {
  it('equal a game-by-game recomputation from the games table, however far the log and its rollup have got', async () => {
    const now = new Date();
    await fc.assert(
      fc.asyncProperty(
        fc.array(playerArb(now), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 4 }),
        async (players, steps) => {
          // A site of its own per run: the games table keeps every earlier run's games.
          const site = `prop${(runs += 1)}`;
          const written: WrittenGame[] = [];
          for (const seeds of players) written.push(...(await writePlayer(t.handle.raw, site, targetId, seeds)));
          for (const batch of steps) await sequenceStep(t.handle.raw, t.app.upgrades.logKeys, site, batch);
          for (const window of ['24h', '7d', '30d', 'all'] as const)
            expectSame(await auditFigures(t.handle.raw, site, window, now), bruteForce(written, window, now));
          await t.handle.raw.rows(REVEAL_ALL, [site]);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('are the same before and after the log, and with it the rollup, has taken every game', async () => {
    const now = new Date();
    const site = 'whole';
    const written = await writePlayer(t.handle.raw, site, targetId, [
      {
        status: 'revealed',
        activatedAt: new Date(now.getTime() - 50 * HOUR),
        games: Array.from({ length: 300 }, (_, i) => ({
          chance: 100 + ((i * 7919) % 79_900),
          rollUnder: i % 3 === 0,
          stakeMinor: 100 + i,
          targetPriceMinor: 10_000 + i * 13,
          createdAt: new Date(now.getTime() - (300 - i) * 10 * MINUTE),
        })),
      },
    ]);
    const before = await auditFigures(t.handle.raw, site, '7d', now);
    await sequenceAll(t.handle.raw, t.app.upgrades.logKeys, site);
    const [{ n }] = await t.handle.raw.rows<{ n: number }>(UNLOGGED, [site]);
    expect(n).toBe(0);
    const [{ games }] = await t.handle.raw.rows<{ games: number }>(ROLLED, [site]);
    expect(Number(games)).toBe(written.length);
    const after = await auditFigures(t.handle.raw, site, '7d', now);
    expect(after).toEqual(before);
    expectSame(after, bruteForce(written, '7d', now));
  });
});
