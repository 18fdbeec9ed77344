/**
 * Adds settled games to audit_rollup outside their transactions, so no game waits on a shared row. Ids commit
 * out of order: a step reads the sequence N, then the clock T, and a later step adds games up to N once every
 * open transaction began after T. An advisory lock keeps processes from double counting.
 */
import type { RawDb, TxQueryable } from '../db/client.ts';
import { statement } from '../db/client.ts';
import { AUDIT_BAND_EDGES, AUDIT_BAND_COUNT } from '../../src/domain/audit.ts';

// Any fixed 64-bit key, the same in every process of this app (migrations use another).
const ROLLUP_LOCK_KEY = 7_294_517_029;

/** Keeps each rollup transaction short. */
export const ROLLUP_BATCH = 200_000;

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

const LOCK = statement('audit_rollup_lock', 'select pg_try_advisory_xact_lock($1::bigint) as locked');
const STATE = statement(
  'audit_rollup_state',
  'select rolled_to, pending_to, pending_at from audit_rollup_state where id = 1',
);
// Sessions other than this one with a transaction that began at or before $1.
const OLDER_OPEN = statement(
  'audit_rollup_older_open',
  `select count(*)::int as open from pg_stat_activity
   where pid <> pg_backend_pid() and datname = current_database() and xact_start <= $1`,
);
const ADD = statement(
  'audit_rollup_add',
  `insert into audit_rollup as r (site, hour, band, roll_under, games, wins, stake_minor, payout_minor, sum_chance,
     sum_var, sum_expected_payout, sum_payout_var)
   select g.site, date_trunc('hour', g.created_at, 'UTC'), ${bandSql('g.chance')}, g.roll_under, ${SUMS_SQL}
   from games g where g.id > $1 and g.id <= $2 group by 1, 2, 3, 4
   on conflict (site, hour, band, roll_under) do update set games = r.games + excluded.games,
     wins = r.wins + excluded.wins, stake_minor = r.stake_minor + excluded.stake_minor,
     payout_minor = r.payout_minor + excluded.payout_minor, sum_chance = r.sum_chance + excluded.sum_chance,
     sum_var = r.sum_var + excluded.sum_var, sum_expected_payout = r.sum_expected_payout + excluded.sum_expected_payout,
     sum_payout_var = r.sum_payout_var + excluded.sum_payout_var`,
);
const SEQUENCE = statement(
  'audit_rollup_sequence',
  'select case when is_called then last_value else 0 end as seq from games_id_seq',
);
const ROLLED = statement('audit_rollup_rolled', 'update audit_rollup_state set rolled_to = $1 where id = 1');
const ADVANCE = statement(
  'audit_rollup_advance',
  'update audit_rollup_state set rolled_to = $1, pending_to = $2, pending_at = clock_timestamp() where id = 1',
);

interface StateRow {
  rolled_to: number;
  pending_to: number | null;
  pending_at: Date | null;
}

/** What one step did: skipped (lock held elsewhere) or the watermark it left. */
export type RollupStep = { locked: false } | { locked: true; rolledTo: number; added: number };

async function step(q: TxQueryable, batch: number): Promise<RollupStep> {
  const [{ locked }] = await q.rows<{ locked: boolean }>(LOCK, [ROLLUP_LOCK_KEY]);
  if (!locked) return { locked: false };
  const [state] = await q.rows<StateRow>(STATE, []);
  let rolledTo = Number(state.rolled_to);
  const pendingTo = state.pending_to === null ? null : Number(state.pending_to);
  let added = 0;
  if (pendingTo !== null && pendingTo > rolledTo && state.pending_at) {
    const [{ open }] = await q.rows<{ open: number }>(OLDER_OPEN, [state.pending_at]);
    if (open === 0) {
      const upTo = Math.min(pendingTo, rolledTo + batch);
      await q.rows(ADD, [rolledTo, upTo]);
      added = upTo - rolledTo;
      rolledTo = upTo;
    }
  }
  // A bound still ahead stays until its older transactions are over.
  if (pendingTo !== null && pendingTo > rolledTo) {
    if (added > 0) await q.rows(ROLLED, [rolledTo]);
    return { locked: true, rolledTo, added };
  }
  // The sequence first, then the clock (in ADVANCE): an id <= seq was taken by a transaction begun before it.
  const [{ seq }] = await q.rows<{ seq: number }>(SEQUENCE, []);
  await q.rows(ADVANCE, [rolledTo, Number(seq)]);
  return { locked: true, rolledTo, added };
}

/** One rollup step in its own transaction. */
export function rollupStep(raw: RawDb, batch = ROLLUP_BATCH): Promise<RollupStep> {
  return raw.transaction((q) => step(q, batch));
}

/** Steps until every game settled before the call is rolled up (waits for older transactions to end). */
export async function rollupAll(raw: RawDb, waitMs = 20): Promise<number> {
  const [{ seq }] = await raw.rows<{ seq: number }>(SEQUENCE, []);
  const target = Number(seq);
  for (;;) {
    const done = await rollupStep(raw);
    if (done.locked && done.rolledTo >= target) return done.rolledTo;
    if (!done.locked || done.added === 0) await new Promise((r) => setTimeout(r, waitMs));
  }
}

/** Runs a rollup step every `everyMs` until stopped; a failed tick is retried by the next. */
export function startRollup(raw: RawDb, everyMs: number, onError: (err: Error) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= rollupStep(raw)
      .then(() => undefined, onError)
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  // Stopping waits for a step under way, so the database is not closed beneath it.
  return async () => {
    clearInterval(timer);
    await running;
  };
}
