/** What the log's routes answer: proofs, tiles, entries, the checkpoint with its cosignatures, and cosigning. */
import {
  consistencyProof,
  entryBundle,
  inclusionProof,
  parseCheckpoint,
  splitNote,
  TILE_WIDTH,
  verifyCosignature,
  type Tile,
} from '../../src/domain/tlog/index.ts';
import { statement, type Queryable } from '../db/client.ts';
import { AppError } from '../messages.ts';
import type { LogKeys } from './log-key.ts';
import { readEntries, readState, tileReader, type LogState } from './log-store.ts';

const FIND = statement(
  'log_find_game',
  'select log_index::float8 as idx from games where roll_id = $1::text and site = $2::text',
);
const COSIGS = statement(
  'log_cosigs_read',
  'select line from log_cosignatures where site = $1::text and size = $2::bigint order by witness',
);
const RECENT = statement(
  'log_checkpoint_recent',
  'select checkpoint from log_checkpoints where site = $1::text and size = $2::bigint',
);
const KEEP_COSIG = statement(
  'log_cosig_keep',
  `insert into log_cosignatures as c (site, witness, size, line) values ($1::text, $2::text, $3::bigint, $4::text)
   on conflict (site, witness) do update set size = excluded.size, line = excluded.line, created_at = now()
   where c.size <= excluded.size`,
);

/** The state, or a refusal while the log is empty. */
export async function currentState(q: Queryable, site: string): Promise<LogState> {
  const state = await readState(q, site);
  if (!state) throw new AppError(404, 'log_empty');
  return state;
}

/** The signed checkpoint with the witnesses' cosignatures over exactly it appended. */
export async function servedCheckpoint(q: Queryable, site: string): Promise<string> {
  const state = await currentState(q, site);
  const cosigs = await q.rows<{ line: string }>(COSIGS, [site, state.size]);
  return state.checkpoint + cosigs.map((c) => `${c.line}\n`).join('');
}

/** Inclusion proof of entry `index` in the tree of `size` entries. */
export async function inclusion(q: Queryable, site: string, index: number, size: number): Promise<Uint8Array[]> {
  const state = await currentState(q, site);
  if (!(index < size && size <= state.size)) throw new AppError(400, 'log_index_invalid');
  return inclusionProof(index, size, tileReader(q, site));
}

/** Consistency proof between the trees of `from` and `to` entries. */
export async function consistency(q: Queryable, site: string, from: number, to: number): Promise<Uint8Array[]> {
  const state = await currentState(q, site);
  if (!(from <= to && to <= state.size)) throw new AppError(400, 'log_range_invalid');
  if (from === 0 || from === to) return [];
  return consistencyProof(from, to, tileReader(q, site));
}

/** A hash tile's data; only tiles the signed tree covers exist. */
export async function hashTile(q: Queryable, site: string, tile: Tile): Promise<Uint8Array> {
  const state = await currentState(q, site);
  const nodes = Math.floor(state.size / 2 ** (8 * tile.level));
  if (tile.index * TILE_WIDTH + tile.width > nodes) throw new AppError(404, 'log_tile_invalid');
  const [data] = await tileReader(q, site)([tile]);
  return data;
}

/** An entry bundle of entries index*256 .. index*256+width-1. */
export async function entriesTile(q: Queryable, site: string, tile: Tile): Promise<Uint8Array> {
  const state = await currentState(q, site);
  const start = tile.index * TILE_WIDTH;
  if (start + tile.width > state.size) throw new AppError(404, 'log_tile_invalid');
  return entryBundle(await readEntries(q, site, start, start + tile.width));
}

/** Entries start .. start+limit-1 that the signed tree covers, one line each. */
export async function entryLines(q: Queryable, site: string, start: number, limit: number): Promise<string[]> {
  const state = await currentState(q, site);
  if (start > state.size) throw new AppError(400, 'log_entries_invalid');
  return readEntries(q, site, start, Math.min(start + limit, state.size));
}

/** The log index of a game, once sequenced. */
export async function findGame(q: Queryable, site: string, rollId: string): Promise<number> {
  const [row] = await q.rows<{ idx: number | null }>(FIND, [rollId, site]);
  if (!row) throw new AppError(404, 'roll_not_found');
  if (row.idx === null) throw new AppError(404, 'log_not_sequenced');
  return Number(row.idx);
}

/** How many recent checkpoints a bare cosignature line is tried against, newest first. */
const RECENT_TRIED = 64;
const RECENT_LIST = statement(
  'log_checkpoint_recent_list',
  'select checkpoint from log_checkpoints where site = $1::text order by size desc limit $2::int',
);

/**
 * Keeps cosignatures from the witnesses it knows that verify over a checkpoint this server signed recently: a posted
 * note (that checkpoint with signature lines) or a bare cosignature line; refuses when none does.
 */
export async function acceptCosignature(
  q: Queryable,
  site: string,
  keys: LogKeys,
  post: { note: string } | { line: string },
): Promise<number> {
  let candidates: string[];
  let lines: string[];
  if ('note' in post) {
    try {
      const { text } = splitNote(post.note);
      const size = parseCheckpoint(text).size;
      lines = post.note
        .slice(text.length + 1)
        .split('\n')
        .filter(Boolean);
      const [row] = await q.rows<{ checkpoint: string }>(RECENT, [site, size]);
      candidates = row ? [row.checkpoint] : [];
    } catch {
      throw new AppError(400, 'log_cosignature_invalid');
    }
  } else {
    lines = [post.line];
    const rows = await q.rows<{ checkpoint: string }>(RECENT_LIST, [site, RECENT_TRIED]);
    candidates = rows.map((r) => r.checkpoint);
  }
  let kept = 0;
  for (const line of lines) {
    const name = /^— (\S+) /.exec(line)?.[1];
    const vkey = name === undefined ? undefined : keys.witnesses.get(name);
    if (!vkey) continue;
    const text = candidates.map((c) => splitNote(c).text).find((t) => verifyCosignature(t, line, vkey) !== null);
    if (text === undefined) continue;
    await q.rows(KEEP_COSIG, [site, name, parseCheckpoint(text).size, line]);
    kept++;
  }
  if (kept === 0) throw new AppError(400, 'log_cosignature_invalid');
  return kept;
}
