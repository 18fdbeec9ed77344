/**
 * The audit: rollup rows plus the games not yet sequenced, in one statement, so a batch that commits meanwhile is
 * counted once (its games gain their index and join the rollup in one transaction).
 */
import {
  addSums,
  bandsFigures,
  cellIndex,
  emptySums,
  totalFigures,
  windowStart,
  type AuditBand,
  type AuditSums,
  type AuditTotals,
  type AuditWindow,
} from '../../src/domain/audit.ts';
import { statement, type RawDb } from '../db/client.ts';
import { bandSql, SUMS_SQL } from './audit-rollup.ts';

/** One point of the return over time. */
export interface AuditPoint {
  /** Start of the hour (24h window) or UTC day. */
  t: string;
  games: number;
  rtp: number | null;
  expected_rtp: number | null;
}

/** The audit as the API answers it (without `status`). */
export interface AuditFigures extends AuditTotals {
  site: string;
  window: AuditWindow;
  /** The first instant counted (null: every game). */
  since: string | null;
  /** Games whose server seed is still secret, so not yet in the export. */
  unrevealed_games: number;
  bands: AuditBand[];
  series: AuditPoint[];
}

const FIGURES = statement(
  'audit_figures',
  `with parts as (
     select r.band, r.roll_under, r.hour, r.games, r.wins, r.stake_minor, r.payout_minor, r.sum_chance, r.sum_var,
       r.sum_expected_payout, r.sum_payout_var
     from audit_rollup r where r.site = $1 and r.hour >= $2::timestamptz
     union all
     select ${bandSql('g.chance')}, g.roll_under, date_trunc('hour', g.created_at, 'UTC'), ${SUMS_SQL}
     from games g
     where g.log_index is null and g.site = $1 and g.created_at >= $2::timestamptz
     group by 1, 2, 3
   )
   select band, roll_under, date_trunc($3, hour, 'UTC') as period, sum(games)::bigint as games,
     sum(wins)::bigint as wins, sum(stake_minor)::bigint as stake_minor, sum(payout_minor)::bigint as payout_minor,
     sum(sum_chance)::bigint as sum_chance, sum(sum_var)::text as sum_var,
     sum(sum_expected_payout)::text as sum_expected_payout, sum(sum_payout_var)::text as sum_payout_var
   from parts group by 1, 2, 3 order by 3`,
);

// A seed activated well inside the window played all its games there; the margin covers app/database clock skew.
// A seed's games are its player's, so the player's (user_id, created_at) index reaches only the window's games.
const UNREVEALED = statement(
  'audit_unrevealed',
  `select coalesce(sum(case when s.activated_at >= $2::timestamptz + interval '5 minutes' then s.nonce
     else (select count(*) from games g where g.user_id = s.user_id and g.created_at >= $2::timestamptz
       and g.seed_id = s.id and g.site = $1)
     end), 0)::bigint as n
   from seeds s where s.status = 'active' and s.nonce > 0`,
);

// Estimated above jit_above_cost, though cheap: compiling took longer than running.
const NO_JIT = statement('audit_no_jit', "select set_config('jit', 'off', true)");

interface FigureRow {
  band: number;
  roll_under: boolean;
  period: Date;
  games: number;
  wins: number;
  stake_minor: number;
  payout_minor: number;
  sum_chance: number;
  sum_var: string;
  sum_expected_payout: string;
  sum_payout_var: string;
}

function sumsOf(r: FigureRow): AuditSums {
  return {
    games: Number(r.games),
    wins: Number(r.wins),
    stakeMinor: Number(r.stake_minor),
    payoutMinor: Number(r.payout_minor),
    sumChance: Number(r.sum_chance),
    sumVar: Number(r.sum_var),
    sumExpectedPayout: Number(r.sum_expected_payout),
    sumPayoutVar: Number(r.sum_payout_var),
  };
}

/** The audit of `site` over `window`, as of `now`. */
export async function auditFigures(
  raw: RawDb,
  site: string,
  window: AuditWindow,
  now = new Date(),
): Promise<AuditFigures> {
  const since = windowStart(window, now);
  const from = since ? since.toISOString() : '-infinity';
  const [, rows, [unrevealed]] = (await raw.transaction((q) =>
    q.commitWith([
      { st: NO_JIT, params: [] },
      { st: FIGURES, params: [site, from, window === '24h' ? 'hour' : 'day'] },
      { st: UNREVEALED, params: [site, from] },
    ]),
  )) as [unknown[], FigureRow[], Array<{ n: number }>];
  const cells: AuditSums[] = [];
  const total = emptySums();
  const periods = new Map<number, AuditSums>();
  for (const r of rows) {
    const s = sumsOf(r);
    addSums((cells[cellIndex(r.band, r.roll_under)] ??= emptySums()), s);
    addSums(total, s);
    const t = new Date(r.period).getTime();
    if (!periods.has(t)) periods.set(t, emptySums());
    addSums(periods.get(t)!, s);
  }
  return {
    site,
    window,
    since: since ? since.toISOString() : null,
    ...totalFigures(total),
    unrevealed_games: Number(unrevealed.n),
    bands: bandsFigures(cells),
    series: [...periods].map(([t, s]) => {
      const f = totalFigures(s);
      return { t: new Date(t).toISOString(), games: s.games, rtp: f.rtp, expected_rtp: f.expected_rtp };
    }),
  };
}
