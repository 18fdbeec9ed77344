/**
 * Revealed games as NDJSON; an active seed's games are never exported, as they would predict the next rolls.
 * A page is read in chunks as the client takes them, so a slow reader holds one chunk, not the page.
 */
import { thousandthsToPercent } from '../../src/domain/chance.ts';
import { rollToPercent } from '../../src/domain/roll.ts';
import { gameRulesToWire, type GameRulesWire } from '../../src/domain/rules.ts';
import { statement, type RawDb } from '../db/client.ts';

/** Default and largest page of the export. */
export const EXPORT_DEFAULT_LIMIT = 1000;
export const EXPORT_MAX_LIMIT = 10_000;

/** One exported game; chance and roll as percents. */
export interface ExportedGame {
  id: number;
  roll_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  chance: number;
  roll_under: 0 | 1;
  roll: number;
  success: 0 | 1;
  stake_minor: number;
  target_price_minor: number;
  rules: GameRulesWire;
  time: string;
}

/** Rows read per query while a page streams. */
const CHUNK = 500;

// Both read games_export_idx, so a page past the newest revealed game costs an index probe.
export const PAGE_END = statement(
  'audit_export_page_end',
  `select max(id)::bigint as last from (select g.id from games g where g.revealed and g.site = $2 and g.id > $1
     order by g.id limit $3) p`,
);
export const CHUNK_ROWS = statement(
  'audit_export_chunk',
  `select g.id, g.roll_id, s.server_seed, g.server_seed_hash, g.client_seed, g.nonce, g.chance, g.roll_under, g.roll,
     g.success, g.stake_minor, g.target_price_minor, g.payout_per_100k, g.chance_min, g.chance_max,
     g.created_at
   from games g join seeds s on s.id = g.seed_id
   where g.revealed and g.site = $2 and g.id > $1 and g.id <= $3
   order by g.id limit $4`,
);

interface Row {
  id: number;
  roll_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  chance: number;
  roll_under: boolean;
  roll: number;
  success: boolean;
  stake_minor: number;
  target_price_minor: number;
  payout_per_100k: number;
  chance_min: number;
  chance_max: number;
  created_at: Date;
}

/** The last id of the page of at most `limit` revealed games after `after`, or null when there is none. */
export async function pageEnd(raw: RawDb, site: string, after: number, limit: number): Promise<number | null> {
  const [{ last }] = await raw.rows<{ last: number | null }>(PAGE_END, [after, site, limit]);
  return last === null ? null : Number(last);
}

/** The revealed games of `site` with ids in (after, last], in id order, read `CHUNK` at a time. */
export async function* exportGames(
  raw: RawDb,
  site: string,
  after: number,
  last: number,
): AsyncGenerator<ExportedGame> {
  for (let from = after; from < last;) {
    const rows = await raw.rows<Row>(CHUNK_ROWS, [from, site, last, CHUNK]);
    if (rows.length === 0) return;
    for (const r of rows) yield exported(r);
    from = Number(rows[rows.length - 1].id);
  }
}

/** The revealed games of `site` with ids in (after, last] as NDJSON, each line ending in a newline. */
export async function* exportNdjson(raw: RawDb, site: string, after: number, last: number): AsyncGenerator<string> {
  let out = '';
  let n = 0;
  for await (const g of exportGames(raw, site, after, last)) {
    out += `${JSON.stringify(g)}\n`;
    // One write per chunk of lines: fewer, larger writes, the same bytes.
    if (++n % CHUNK === 0) {
      yield out;
      out = '';
    }
  }
  if (out !== '') yield out;
}

function exported(r: Row): ExportedGame {
  return {
    id: Number(r.id),
    roll_id: r.roll_id,
    server_seed: r.server_seed,
    server_seed_hash: r.server_seed_hash,
    client_seed: r.client_seed,
    nonce: Number(r.nonce),
    chance: thousandthsToPercent(r.chance),
    roll_under: r.roll_under ? 1 : 0,
    roll: rollToPercent(r.roll),
    success: r.success ? 1 : 0,
    stake_minor: Number(r.stake_minor),
    target_price_minor: Number(r.target_price_minor),
    rules: gameRulesToWire({ payoutPer100k: r.payout_per_100k, chanceMin: r.chance_min, chanceMax: r.chance_max }),
    time: new Date(r.created_at).toISOString(),
  };
}
