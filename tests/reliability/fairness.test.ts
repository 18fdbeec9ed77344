/**
 * Fairness: 100,000 games at chances 0.1, 10, 33.333, 50 and 80 %, rolling under and over (10 cells of 10,000).
 * A sample of every cell is settled by the real settlement service (settleUpgrade, in one transaction each, on
 * this run's database); the rest of the cell runs through the exact functions that service uses
 * (chanceThousandths, computeRollSync with node:crypto's HMAC, isWin) with fresh server seeds and consecutive
 * nonces, because settling all 100,000 through the database would take far too long on 2 cores (see
 * docs/reliability.md); those games are written to the games table with revealed seeds. Win rates must be within 4
 * standard deviations of the chance; the return to player within 4 standard deviations of its expectation, which is
 * 90 % by design; and the public audit (GET /api/provably_fair/audit) must count the same games and wins per band.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chanceThousandths, ROLL_SPACE } from '../../src/domain/chance.ts';
import { sha256Hex } from '../../server/services/crypto.ts';
import { settleUpgrade } from '../../server/services/upgrade.ts';
import type { AuditResponse } from '../../src/api/auditContract.ts';
import { checkInvariants } from './invariants.ts';
import { DB_KIND } from './helpers/db.ts';
import { record } from './helpers/record.ts';
import { addCatalogueItem, createTestApp, grant, register, type TestApp } from '../server/helpers/app.ts';
import { writePlayer } from '../server/helpers/audit-games.ts';

// Thousands of requests in one scenario: minutes on a busy 2-core machine, beside the parallel server suite.
vi.setConfig({ testTimeout: 600_000, hookTimeout: 180_000 });

const GAMES_PER_CELL = 10_000;
/** Games per cell settled by the real service (the rest: the same functions without the database). */
const SERVICE_GAMES_PER_CELL = Number(process.env.RELIABILITY_SERVICE_GAMES ?? 300);
const STAKE = 1000;
/** Target prices for the chances 0.1, 10, 33.333, 50 and 80 % against a 10.00 stake. */
const TARGETS = [900_000, 9_000, 2_700, 1_800, 1_125];
const SEED_EVERY = 1_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitUpgradePerMin: 0, rateLimitUpgradeIpPerMin: 0 });
});
afterAll(() => t?.close());

interface Cell {
  chance: number;
  rollUnder: boolean;
  target: number;
  price: number;
  games: number;
  wins: number;
  serviceGames: number;
}

/**
 * Plays the cell's remaining games with the service's functions (fresh seed every 1,000 games, nonces 0, 1, 2...)
 * and records them in the games table with revealed seeds, so the public audit counts them.
 */
async function simulate(cell: Cell, count: number): Promise<void> {
  const seeds = [];
  for (let done = 0; done < count; done += SEED_EVERY) {
    const games = Array.from({ length: Math.min(SEED_EVERY, count - done) }, () => ({
      chance: cell.chance,
      rollUnder: cell.rollUnder,
      stakeMinor: STAKE,
      targetPriceMinor: cell.price,
      createdAt: new Date(),
    }));
    seeds.push({ status: 'revealed' as const, activatedAt: new Date(), games });
  }
  const written = await writePlayer(t.handle.raw, 'cs', cell.target, seeds);
  cell.games += written.length;
  cell.wins += written.filter((g) => g.success).length;
}

describe(`fairness (${DB_KIND})`, () => {
  it('wins at the shown chance and returns 90 % over 100,000 games in both directions', async () => {
    const stakeItem = await addCatalogueItem(t.db, { site: 'cs', priceMinor: STAKE });
    const cells: Cell[] = [];
    for (const price of TARGETS) {
      const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: price });
      for (const rollUnder of [true, false])
        cells.push({
          chance: chanceThousandths(STAKE, price),
          rollUnder,
          target: target.id,
          price,
          games: 0,
          wins: 0,
          serviceGames: 0,
        });
    }
    expect(cells.map((c) => c.chance)).toEqual([
      100, 100, 10_000, 10_000, 33_333, 33_333, 50_000, 50_000, 80_000, 80_000,
    ]);

    for (const cell of cells) {
      const p = await register(t.app);
      // The settlement looks the session up itself: the stored id of the player's cookie.
      const who = { sessionId: sha256Hex(p.cookie.slice('sid='.length)) };
      const items = await grant(t.db, p.userId, Array(SERVICE_GAMES_PER_CELL).fill(stakeItem.id));
      for (const id of items) {
        // No token claim: the token step is the only part skipped (it is tested elsewhere and has no bearing on the roll).
        const { answer: res } = await settleUpgrade(
          t.handle,
          t.config,
          who,
          {
            itemIds: [id],
            balanceMinor: 0,
            targetId: cell.target,
            frontChance: cell.chance / 1000,
            rollUnder: cell.rollUnder,
            multiplier: null,
            token: 'x',
          },
          null,
        );
        cell.games += 1;
        cell.serviceGames += 1;
        if (res.success === 1) cell.wins += 1;
      }
    }
    // The settled games leave the database consistent; the simulated ones are written past the settlement (no items,
    // players of their own), so the invariants are checked before them.
    const report = await checkInvariants(t.db);
    expect(report.violations).toEqual([]);
    for (const cell of cells) await simulate(cell, GAMES_PER_CELL - cell.serviceGames);

    const outside: string[] = [];
    for (const c of cells) {
      const p = c.chance / ROLL_SPACE;
      const sd = Math.sqrt(c.games * p * (1 - p));
      if (Math.abs(c.wins - c.games * p) > 4 * sd)
        outside.push(`${c.chance / 1000} % ${c.rollUnder ? 'under' : 'over'}: ${c.wins} wins of ${c.games}`);
    }
    expect(outside).toEqual([]);
    const all = returnToPlayer(cells);
    // The 0.1 % cells (about 10 wins each at 900x) dominate the variance of the pooled return; without them the
    // tolerance is about 2 points.
    const common = returnToPlayer(cells.filter((c) => c.chance >= 10_000));
    for (const r of [all, common]) {
      // By design the return is 90 % less the rounding down of the chance (33.333 % pays 89.9991 %).
      expect(Math.abs(r.expected - 0.9)).toBeLessThan(0.0001);
      expect(Math.abs(r.rtp - r.expected)).toBeLessThanOrEqual(r.tolerance);
    }

    const games = cells.reduce((s, c) => s + c.games, 0);
    expect(games).toBe(100_000);

    // The same games through the public audit: its per-band counts are this run's, every band's |z| < 4 and the
    // return within 4 standard deviations of the promise (the answer's 95 % range is 1.96 of them).
    const res = await t.app.inject({ method: 'GET', url: '/api/provably_fair/audit?window=all' });
    expect(res.statusCode).toBe(200);
    const audit = res.json() as AuditResponse;
    expect(audit.games).toBe(100_000);
    // Several chances of the run can share a band: each band holds the sum of its cells.
    for (const band of audit.bands) {
      const inBand = cells.filter(
        (c) =>
          band.roll_under === (c.rollUnder ? 1 : 0) &&
          c.chance / 1000 >= band.from &&
          (c.chance / 1000 < band.to || band.to === 80),
      );
      expect(band.games).toBe(inBand.reduce((n, c) => n + c.games, 0));
      expect(band.wins).toBe(inBand.reduce((n, c) => n + c.wins, 0));
    }
    const worstZ = Math.max(...audit.bands.map((b) => Math.abs(b.z)));
    expect(worstZ).toBeLessThan(4);
    const sd95 = audit.rtp_high! - audit.expected_rtp!;
    expect(Math.abs(audit.rtp! - audit.expected_rtp!)).toBeLessThanOrEqual((sd95 * 4) / 1.959964);
    record('fairness', {
      games,
      settled_by_the_service: cells.reduce((s, c) => s + c.serviceGames, 0),
      rtp_percent: Number((all.rtp * 100).toFixed(3)),
      rtp_tolerance_percent: Number((all.tolerance * 100).toFixed(3)),
      rtp_without_0_1_percent: Number((common.rtp * 100).toFixed(3)),
      rtp_without_0_1_tolerance_percent: Number((common.tolerance * 100).toFixed(3)),
      win_rates: cells.map((c) => `${c.chance / 1000}${c.rollUnder ? 'u' : 'o'}:${c.wins}/${c.games}`).join(' '),
      invariant_violations: report.violations.length,
      audit_worst_abs_z: Number(worstZ.toFixed(3)),
      audit_rtp_percent: Number((audit.rtp! * 100).toFixed(3)),
      audit_rtp_95_range_percent: `${(audit.rtp_low! * 100).toFixed(3)} .. ${(audit.rtp_high! * 100).toFixed(3)}`,
      audit_rtp_inside_95_range: audit.rtp! >= audit.rtp_low! && audit.rtp! <= audit.rtp_high! ? 1 : 0,
    });
  });
});

/** Observed and expected return to player of some cells, with a 4-standard-deviation tolerance. */
function returnToPlayer(cells: Cell[]) {
  let paid = 0;
  let expectedPaid = 0;
  let variance = 0;
  let staked = 0;
  for (const c of cells) {
    const p = c.chance / ROLL_SPACE;
    paid += c.wins * c.price;
    expectedPaid += c.games * p * c.price;
    variance += c.games * p * (1 - p) * c.price * c.price;
    staked += c.games * STAKE;
  }
  return { rtp: paid / staked, expected: expectedPaid / staked, tolerance: (4 * Math.sqrt(variance)) / staked };
}
