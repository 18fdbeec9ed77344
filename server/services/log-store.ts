/** Reads the stored log: tiles (newest version of each; older, narrower versions are its prefixes), entries, state. */
import { HASH_SIZE, type Tile, type TileReader } from '../../src/domain/tlog/index.ts';
import { statement, type Queryable } from '../db/client.ts';

const TILES = statement(
  'log_tiles_read',
  `select t.level, t.idx::float8 as idx, t.width, t.data from log_tiles t
   join unnest($2::int[], $3::bigint[]) as w(level, idx) on t.level = w.level and t.idx = w.idx
   where t.site = $1::text`,
);
const ENTRIES = statement(
  'log_entries_read',
  'select line from log_entries where site = $1::text and idx >= $2::bigint and idx < $3::bigint order by idx',
);
const STATE = statement(
  'log_state_read',
  'select size::float8 as size, root, checkpoint from log_state where site = $1::text',
);

/** The signed state of a site's log. */
export interface LogState {
  size: number;
  root: Uint8Array;
  /** The signed note, without cosignatures. */
  checkpoint: string;
}

/** Tile data of a stored tile at least as wide as asked, cut to the width asked; throws for a tile not stored. */
export function tileReader(q: Queryable, site: string): TileReader {
  return async (tiles: Tile[]) => {
    if (tiles.length === 0) return [];
    const rows = await q.rows<{ level: number; idx: number; width: number; data: Uint8Array }>(TILES, [
      site,
      tiles.map((t) => t.level),
      tiles.map((t) => t.index),
    ]);
    const byKey = new Map(rows.map((r) => [`${r.level}/${r.idx}`, r]));
    return tiles.map((t) => {
      const row = byKey.get(`${t.level}/${t.index}`);
      if (!row || row.width < t.width) throw new Error(`tile ${t.level}/${t.index}.p/${t.width} is not stored`);
      return new Uint8Array(row.data.buffer, row.data.byteOffset, t.width * HASH_SIZE);
    });
  };
}

/** The site's log state, or null before its first entry. */
export async function readState(q: Queryable, site: string): Promise<LogState | null> {
  const [row] = await q.rows<{ size: number; root: Uint8Array; checkpoint: string }>(STATE, [site]);
  return row ? { size: Number(row.size), root: new Uint8Array(row.root), checkpoint: row.checkpoint } : null;
}

/** Entries start .. end-1, as the lines hashed. */
export async function readEntries(q: Queryable, site: string, start: number, end: number): Promise<string[]> {
  const rows = await q.rows<{ line: string }>(ENTRIES, [site, start, end]);
  return rows.map((r) => r.line);
}
