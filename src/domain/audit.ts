/** The fairness audit's arithmetic, shared by server, `npm run audit` and page. Chance C is in thousandths of a %. */
import { ROLL_SPACE } from './chance.ts';

/** Chance band edges in thousandths; the last band includes its upper edge. */
export const AUDIT_BAND_EDGES = [100, 1_000, 10_000, 25_000, 50_000, 80_000] as const;

/** Number of chance bands (each shown for both directions). */
export const AUDIT_BAND_COUNT = AUDIT_BAND_EDGES.length - 1;

/** The two-sided 95 % normal quantile. */
export const Z95 = 1.959963984540054;

/** Audit windows in hours before the current hour's start; null is every game. */
export const AUDIT_WINDOWS = { '24h': 24, '7d': 168, '30d': 720, all: null } as const;
/** An audit window's name. */
export type AuditWindow = keyof typeof AUDIT_WINDOWS;

/** Whether a query value names an audit window. */
export function isAuditWindow(value: unknown): value is AuditWindow {
  return typeof value === 'string' && Object.hasOwn(AUDIT_WINDOWS, value);
}

const HOUR_MS = 3_600_000;

/** The first instant a window counts; null for 'all'. */
export function windowStart(window: AuditWindow, now: Date): Date | null {
  const hours = AUDIT_WINDOWS[window];
  if (hours === null) return null;
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - hours * HOUR_MS);
}

/** The band index of a chance; chances outside the edges fall in the first or last band. */
export function bandOf(chance: number): number {
  for (let b = AUDIT_BAND_COUNT - 1; b > 0; b--) if (chance >= AUDIT_BAND_EDGES[b]) return b;
  return 0;
}

/** What one band and direction keeps, all additive; in C, not p = C / 100_000, so the sums stay integers. */
export interface AuditSums {
  games: number;
  wins: number;
  stakeMinor: number;
  payoutMinor: number;
  sumChance: number;
  sumVar: number;
  sumExpectedPayout: number;
  sumPayoutVar: number;
}

/** Sums of no games. */
export function emptySums(): AuditSums {
  return {
    games: 0,
    wins: 0,
    stakeMinor: 0,
    payoutMinor: 0,
    sumChance: 0,
    sumVar: 0,
    sumExpectedPayout: 0,
    sumPayoutVar: 0,
  };
}

/** Adds `b` into `a`. */
export function addSums(a: AuditSums, b: AuditSums): AuditSums {
  a.games += b.games;
  a.wins += b.wins;
  a.stakeMinor += b.stakeMinor;
  a.payoutMinor += b.payoutMinor;
  a.sumChance += b.sumChance;
  a.sumVar += b.sumVar;
  a.sumExpectedPayout += b.sumExpectedPayout;
  a.sumPayoutVar += b.sumPayoutVar;
  return a;
}

/** One settled game as the audit counts it: a win pays the target's price. */
export interface AuditGame {
  chance: number;
  rollUnder: boolean;
  success: boolean;
  stakeMinor: number;
  targetPriceMinor: number;
}

/** The sums of a single game. */
export function gameSums(g: AuditGame): AuditSums {
  const miss = ROLL_SPACE - g.chance;
  return {
    games: 1,
    wins: g.success ? 1 : 0,
    stakeMinor: g.stakeMinor,
    payoutMinor: g.success ? g.targetPriceMinor : 0,
    sumChance: g.chance,
    sumVar: g.chance * miss,
    sumExpectedPayout: g.chance * g.targetPriceMinor,
    sumPayoutVar: g.chance * miss * g.targetPriceMinor * g.targetPriceMinor,
  };
}

/** One band and direction of the answer. */
export interface AuditBand {
  /** Percent. */
  from: number;
  to: number;
  roll_under: 0 | 1;
  games: number;
  wins: number;
  expected_wins: number;
  /** (wins - expected) / sd; 0 where no game could have gone either way. */
  z: number;
  /** The 95 % interval of wins, continuity-corrected (docs/provably-fair.md). */
  low: number;
  high: number;
}

/** The headline figures of a set of games. */
export interface AuditTotals {
  games: number;
  wins: number;
  stake_minor: number;
  payout_minor: number;
  /** payout / stake; null without games. */
  rtp: number | null;
  /** What the games promised: sum chance x target price / stake. */
  expected_rtp: number | null;
  /** The 95 % interval around expected_rtp. */
  rtp_low: number | null;
  rtp_high: number | null;
}

/** A band's figures from its sums. */
export function bandFigures(band: number, rollUnder: boolean, s: AuditSums): AuditBand {
  const expected = s.sumChance / ROLL_SPACE;
  const sd = Math.sqrt(s.sumVar) / ROLL_SPACE;
  const reach = Z95 * sd + 0.5;
  return {
    from: AUDIT_BAND_EDGES[band] / 1000,
    to: AUDIT_BAND_EDGES[band + 1] / 1000,
    roll_under: rollUnder ? 1 : 0,
    games: s.games,
    wins: s.wins,
    expected_wins: expected,
    z: sd > 0 ? (s.wins - expected) / sd : 0,
    low: Math.max(0, Math.ceil(expected - reach)),
    high: Math.min(s.games, Math.floor(expected + reach)),
  };
}

/** The totals of summed sums. */
export function totalFigures(s: AuditSums): AuditTotals {
  if (s.stakeMinor <= 0) {
    return { ...countsOf(s), rtp: null, expected_rtp: null, rtp_low: null, rtp_high: null };
  }
  const expected = s.sumExpectedPayout / ROLL_SPACE / s.stakeMinor;
  const reach = (Z95 * Math.sqrt(s.sumPayoutVar)) / ROLL_SPACE / s.stakeMinor;
  return {
    ...countsOf(s),
    rtp: s.payoutMinor / s.stakeMinor,
    expected_rtp: expected,
    rtp_low: Math.max(0, expected - reach),
    rtp_high: expected + reach,
  };
}

function countsOf(s: AuditSums) {
  return { games: s.games, wins: s.wins, stake_minor: s.stakeMinor, payout_minor: s.payoutMinor };
}

/** A cell's index in the answer: bands in order, roll under before roll over. */
export function cellIndex(band: number, rollUnder: boolean): number {
  return band * 2 + (rollUnder ? 0 : 1);
}

/** Every cell's figures in answer order; missing cells are empty. */
export function bandsFigures(cells: ReadonlyArray<AuditSums | undefined>): AuditBand[] {
  const out: AuditBand[] = [];
  for (let band = 0; band < AUDIT_BAND_COUNT; band++)
    for (const rollUnder of [true, false])
      out.push(bandFigures(band, rollUnder, cells[cellIndex(band, rollUnder)] ?? emptySums()));
  return out;
}
