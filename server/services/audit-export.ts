/** Revealed games as NDJSON; an active seed's games are never exported, as they would predict the next rolls. */
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

const PAGE = statement(
  'audit_export_page',
  `select g.id, g.roll_id, s.server_seed, g.server_seed_hash, g.client_seed, g.nonce, g.chance, g.roll_under, g.roll,
     g.success, g.stake_minor, g.target_price_minor, g.payout_per_100k, g.chance_min, g.chance_max,
     g.created_at
   from games g join seeds s on s.id = g.seed_id
   where g.id > $1 and g.site = $2 and s.status = 'revealed'
   order by g.id limit $3`,
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

/** Revealed games of `site` with id above `after`, at most `limit`, in id order. */
export async function exportGames(raw: RawDb, site: string, after: number, limit: number): Promise<ExportedGame[]> {
  const rows = await raw.rows<Row>(PAGE, [after, site, limit]);
  return rows.map((r) => ({
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
  }));
}

/** The games as NDJSON, each line ending in a newline. */
export function toNdjson(games: readonly ExportedGame[]): string {
  let out = '';
  for (const g of games) out += `${JSON.stringify(g)}\n`;
  return out;
}
