/**
 * The committed rows the log has not reached, in the order the log takes them: commitments, client seeds, games,
 * reveals. One statement reads them, so one snapshot: a game seen implies its seed's commitment and client seed
 * are seen (they committed first), and a reveal seen implies every game of its seed is seen (games and the
 * rotation both lock the player's row). A batch is a prefix of that order, so the log keeps it across batches.
 */
import type { LogEntry } from '../../src/domain/tlog/index.ts';
import { statement, type Queryable } from '../db/client.ts';

/** The four kinds in log order. */
export const KINDS = ['commit', 'client_seed', 'game', 'reveal'] as const;
export type PendingKind = (typeof KINDS)[number];

interface PendingRow {
  k: number;
  id: number;
  time: Date | string;
  hash: string;
  client_seed: string | null;
  server_seed: string | null;
  roll_id: string | null;
  nonce: number | null;
  chance: number | null;
  roll_under: boolean | null;
  roll: number | null;
  success: boolean | null;
  stake_minor: number | null;
  target_price_minor: number | null;
  payout_per_100k: number | null;
  chance_min: number | null;
  chance_max: number | null;
}

/** A row to log and its entry. */
export interface Pending {
  kind: PendingKind;
  id: number;
  entry: LogEntry;
}

const NO_GAME = `null::text, null::bigint, null::int, null::boolean, null::int, null::boolean, null::float8,
  null::float8, null::int, null::int, null::int`;

// Each branch takes its first $2 by id from its partial index; the outer order and limit cut the prefix.
const READ = statement(
  'log_pending_read',
  `select * from (
    (select 0 as k, s.id::float8 as id, s.created_at as time, s.server_seed_hash as hash, null::text as client_seed,
       null::text as server_seed, null::text as roll_id, null::bigint as nonce, null::int as chance,
       null::boolean as roll_under, null::int as roll, null::boolean as success, null::float8 as stake_minor,
       null::float8 as target_price_minor, null::int as payout_per_100k, null::int as chance_min, null::int as chance_max
     from seeds s where s.commit_index is null order by s.id limit $2)
    union all
    (select 1, c.id::float8, c.created_at, s.server_seed_hash, c.client_seed, null::text, ${NO_GAME}
     from seed_client_seeds c join seeds s on s.id = c.seed_id where c.log_index is null order by c.id limit $2)
    union all
    (select 2, g.id::float8, g.created_at, g.server_seed_hash, g.client_seed, null::text, g.roll_id, g.nonce, g.chance,
       g.roll_under, g.roll, g.success, g.stake_minor::float8, g.target_price_minor::float8, g.payout_per_100k,
       g.chance_min, g.chance_max
     from games g where g.log_index is null and g.site = $1::text order by g.id limit $2)
    union all
    (select 3, s.id::float8, coalesce(s.revealed_at, s.created_at), s.server_seed_hash, null::text, s.server_seed,
       ${NO_GAME}
     from seeds s where s.reveal_index is null and s.status = 'revealed' order by s.id limit $2)
  ) p order by k, id limit $2`,
);

function entryOf(site: string, r: PendingRow): LogEntry {
  const time = new Date(r.time).toISOString();
  switch (KINDS[r.k]) {
    case 'commit':
      return { type: 'commit', site, time, server_seed_hash: r.hash };
    case 'client_seed':
      return { type: 'client_seed', site, time, server_seed_hash: r.hash, client_seed: r.client_seed! };
    case 'game':
      return {
        type: 'game',
        site,
        time,
        roll_id: r.roll_id!,
        server_seed_hash: r.hash,
        client_seed: r.client_seed!,
        nonce: Number(r.nonce),
        chance: r.chance!,
        roll_under: r.roll_under ? 1 : 0,
        roll: r.roll!,
        success: r.success!,
        stake_minor: Number(r.stake_minor),
        target_price_minor: Number(r.target_price_minor),
        rules: { chance_max: r.chance_max!, chance_min: r.chance_min!, payout_per_100k: r.payout_per_100k! },
      };
    case 'reveal':
      return { type: 'reveal', site, time, server_seed_hash: r.hash, server_seed: r.server_seed! };
  }
}

/** Up to `limit` rows in log order. */
export async function readPending(q: Queryable, site: string, limit: number): Promise<Pending[]> {
  const rows = await q.rows<PendingRow>(READ, [site, limit]);
  return rows.map((r) => ({ kind: KINDS[r.k], id: Number(r.id), entry: entryOf(site, r) }));
}
