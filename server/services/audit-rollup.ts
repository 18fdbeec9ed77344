/**
 * The audit's rollup: per site, UTC hour, chance band and direction, the sums of the games the public log has
 * sequenced. The sequencer adds each batch's games in the batch's own transaction, so a game is in the rollup
 * exactly when it has its log index, and the audit adds the games still without one.
 */
import { statement } from '../db/client.ts';
import { AUDIT_BAND_EDGES, AUDIT_BAND_COUNT } from '../../src/domain/audit.ts';

/** The band of `games.chance` in SQL, from the same edges as src/domain/audit.ts bandOf. */
export function bandSql(column = 'chance'): string {
  const cases = [];
  for (let b = AUDIT_BAND_COUNT - 1; b > 0; b--) cases.push(`when ${column} >= ${AUDIT_BAND_EDGES[b]} then ${b}`);
  return `(case ${cases.join(' ')} else 0 end)`;
}

/** The rollup columns of a set of games (`g`), grouped by the caller. */
export const SUMS_SQL = `count(*)::bigint as games, (count(*) filter (where g.success))::bigint as wins,
  sum(g.stake_minor)::bigint as stake_minor,
  coalesce(sum(g.target_price_minor) filter (where g.success), 0)::bigint as payout_minor,
  sum(g.chance)::bigint as sum_chance, sum(g.chance::numeric * (100000 - g.chance)) as sum_var,
  sum(g.chance::numeric * g.target_price_minor) as sum_expected_payout,
  sum(g.chance::numeric * (100000 - g.chance) * g.target_price_minor * g.target_price_minor) as sum_payout_var`;

/** Adds the games whose ids are $1 to the rollup. */
export const ROLLUP_GAMES = statement(
  'audit_rollup_games',
  `insert into audit_rollup as r (site, hour, band, roll_under, games, wins, stake_minor, payout_minor, sum_chance,
     sum_var, sum_expected_payout, sum_payout_var)
   select g.site, date_trunc('hour', g.created_at, 'UTC'), ${bandSql('g.chance')}, g.roll_under, ${SUMS_SQL}
   from games g where g.id = any($1::bigint[]) group by 1, 2, 3, 4
   on conflict (site, hour, band, roll_under) do update set games = r.games + excluded.games,
     wins = r.wins + excluded.wins, stake_minor = r.stake_minor + excluded.stake_minor,
     payout_minor = r.payout_minor + excluded.payout_minor, sum_chance = r.sum_chance + excluded.sum_chance,
     sum_var = r.sum_var + excluded.sum_var, sum_expected_payout = r.sum_expected_payout + excluded.sum_expected_payout,
     sum_payout_var = r.sum_payout_var + excluded.sum_payout_var`,
);
