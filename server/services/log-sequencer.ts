/**
 * The sequencer: gives committed rows their log index in batches, outside the games' transactions. Each batch is
 * one transaction (entries, tiles, the rows' indexes and the new signed checkpoint), so a crash loses or doubles
 * nothing; an advisory lock lets one process at a time do it, and another takes over when its holder dies.
 */
import {
  appendTiles,
  encodeEntry,
  formatCheckpoint,
  leafHash,
  signNote,
  treeRoot,
  utf8,
  type Tile,
  type TileReader,
} from '../../src/domain/tlog/index.ts';
import { statement, type RawDb, type TxQueryable } from '../db/client.ts';
import { ROLLUP_GAMES } from './audit-rollup.ts';
import { LIVE_CHANNEL } from './live-listen.ts';
import type { LogKeys } from './log-key.ts';
import { readPending, type PendingKind } from './log-pending.ts';
import { readState, tileReader } from './log-store.ts';

// Any fixed 64-bit key, the same in every process of this app (migrations use another).
const SEQUENCER_LOCK_KEY = 7_294_517_035;

/** Keeps each batch's transaction short. */
export const LOG_BATCH = 2000;

/** Checkpoints kept for witnesses that cosign one a little behind the newest. */
const CHECKPOINTS_KEPT = '10 minutes';

const LOCK = statement('log_seq_lock', 'select pg_try_advisory_xact_lock($1::bigint) as locked');
const ADD_ENTRIES = statement(
  'log_seq_entries',
  `insert into log_entries (site, idx, line) select $1::text, $2::bigint + i - 1, l
   from unnest($3::text[]) with ordinality as u(l, i)`,
);
const PUT_TILES = statement(
  'log_seq_tiles',
  `insert into log_tiles (site, level, idx, width, data)
   select $1::text, l, n, w, decode(d, 'hex') from unnest($2::int[], $3::bigint[], $4::int[], $5::text[]) as u(l, n, w, d)
   on conflict (site, level, idx) do update set width = excluded.width, data = excluded.data
   where log_tiles.width < excluded.width`,
);
// Each marks only rows still unsequenced: a count short of the batch means another writer got there (rollback).
const MARK: Record<PendingKind, ReturnType<typeof statement>> = {
  commit: statement(
    'log_seq_mark_commit',
    `update seeds s set commit_index = u.x from unnest($1::int[], $2::bigint[]) as u(id, x)
     where s.id = u.id and s.commit_index is null returning 1`,
  ),
  client_seed: statement(
    'log_seq_mark_client_seed',
    `update seed_client_seeds c set log_index = u.x from unnest($1::bigint[], $2::bigint[]) as u(id, x)
     where c.id = u.id and c.log_index is null returning 1`,
  ),
  game: statement(
    'log_seq_mark_game',
    `update games g set log_index = u.x from unnest($1::bigint[], $2::bigint[]) as u(id, x)
     where g.id = u.id and g.log_index is null returning 1`,
  ),
  reveal: statement(
    'log_seq_mark_reveal',
    `update seeds s set reveal_index = u.x from unnest($1::int[], $2::bigint[]) as u(id, x)
     where s.id = u.id and s.reveal_index is null returning 1`,
  ),
};
const PUT_STATE = statement(
  'log_seq_state',
  `insert into log_state as s (site, size, root, checkpoint, updated_at) values ($1::text, $2::bigint, decode($3, 'hex'), $4::text, now())
   on conflict (site) do update set size = excluded.size, root = excluded.root, checkpoint = excluded.checkpoint,
     updated_at = excluded.updated_at
   where s.size = $5::bigint
   returning 1`,
);
const KEEP_CHECKPOINT = statement(
  'log_seq_checkpoint',
  `with old as (delete from log_checkpoints where site = $1::text and created_at < now() - interval '${CHECKPOINTS_KEPT}')
   insert into log_checkpoints (site, size, checkpoint) values ($1::text, $2::bigint, $3::text)
   on conflict (site, size) do nothing`,
);
const NOTIFY = statement('log_seq_notify', `select pg_notify('${LIVE_CHANNEL}', $1::text)`);

const hex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');

/** What one step did: skipped (another process holds the lock), or the size the log reached. */
export type SequenceStep = { locked: false } | { locked: true; size: number; added: number };

/** The tiles this batch writes, then the stored ones. */
function overlay(written: { tile: Tile; data: Uint8Array }[], stored: TileReader): TileReader {
  const fresh = new Map(written.map((w) => [`${w.tile.level}/${w.tile.index}`, w]));
  return async (tiles) => {
    const missing = tiles.filter((t) => !fresh.has(`${t.level}/${t.index}`));
    const old = await stored(missing);
    return tiles.map((t) => {
      const w = fresh.get(`${t.level}/${t.index}`);
      if (!w) return old[missing.indexOf(t)];
      if (w.tile.width < t.width) throw new Error(`tile ${t.level}/${t.index}.p/${t.width} is not written`);
      return w.data.subarray(0, t.width * 32);
    });
  };
}

async function step(q: TxQueryable, keys: LogKeys, site: string, batch: number): Promise<SequenceStep> {
  const [{ locked }] = await q.rows<{ locked: boolean }>(LOCK, [SEQUENCER_LOCK_KEY]);
  if (!locked) return { locked: false };
  // Read after the lock, in one statement: the previous holder's batch is visible in full.
  const state = await readState(q, site);
  const oldSize = state?.size ?? 0;
  const pending = await readPending(q, site, batch);
  if (pending.length === 0) return { locked: true, size: oldSize, added: 0 };

  const lines = pending.map((p) => encodeEntry(p.entry));
  const stored = tileReader(q, site);
  const written = await appendTiles(
    oldSize,
    lines.map((l) => leafHash(utf8(l))),
    stored,
  );
  const size = oldSize + lines.length;
  const root = await treeRoot(size, overlay(written, stored));
  const checkpoint = signNote(formatCheckpoint({ origin: keys.origin, size, root }), [keys.signer]);

  const marks = new Map<PendingKind, { ids: number[]; idx: number[] }>();
  pending.forEach((p, i) => {
    const m = marks.get(p.kind) ?? { ids: [], idx: [] };
    m.ids.push(p.id);
    m.idx.push(oldSize + i);
    marks.set(p.kind, m);
  });
  const done = await q.batch([
    { st: ADD_ENTRIES, params: [site, oldSize, lines] },
    {
      st: PUT_TILES,
      params: [
        site,
        written.map((w) => w.tile.level),
        written.map((w) => w.tile.index),
        written.map((w) => w.tile.width),
        written.map((w) => hex(w.data)),
      ],
    },
    ...[...marks].map(([kind, m]) => ({ st: MARK[kind], params: [m.ids, m.idx] })),
    // The audit's sums take the batch's games with their indexes: one reader of committed games for both.
    ...(marks.has('game') ? [{ st: ROLLUP_GAMES, params: [marks.get('game')!.ids] }] : []),
  ]);
  [...marks].forEach(([kind, m], i) => {
    const n = done[2 + i].length;
    if (n !== m.ids.length) throw new Error(`log sequencer: ${kind} rows marked ${n} of ${m.ids.length}`);
  });
  const [saved] = await q.batch([
    { st: PUT_STATE, params: [site, size, hex(root), checkpoint, oldSize] },
    { st: KEEP_CHECKPOINT, params: [site, size, checkpoint] },
  ]);
  if (saved.length !== 1) throw new Error('log sequencer: the log state moved under the lock');
  // One notice per batch tells every process's live feed to read the games it sequenced; sent at commit only.
  await q.commitWith([{ st: NOTIFY, params: [`l${size}:${site}`] }]);
  return { locked: true, size, added: lines.length };
}

/** One batch in its own transaction. */
export function sequenceStep(raw: RawDb, keys: LogKeys, site: string, batch = LOG_BATCH): Promise<SequenceStep> {
  return raw.transaction((q) => step(q, keys, site, batch));
}

/** Sequences until nothing committed before the call is left (tests, the CLI). */
export async function sequenceAll(raw: RawDb, keys: LogKeys, site: string, waitMs = 20): Promise<number> {
  for (;;) {
    const done = await sequenceStep(raw, keys, site);
    if (done.locked && done.added === 0) return done.size;
    if (!done.locked) await new Promise((r) => setTimeout(r, waitMs));
  }
}

/** Runs batches every `everyMs` (back to back while a batch comes back full) until stopped. */
export function startSequencer(
  raw: RawDb,
  keys: LogKeys,
  site: string,
  everyMs: number,
  onBatch: (size: number) => void,
  onError: (err: Error) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = async () => {
    for (;;) {
      const done = await sequenceStep(raw, keys, site);
      if (!done.locked || done.added === 0) return;
      onBatch(done.size);
      if (stopped || done.added < LOG_BATCH) return;
      // PGlite settles each statement without leaving the microtask queue: without this turn of the event loop
      // a backlog's run of batches would hold off every request until the whole backlog is logged.
      await new Promise((r) => setImmediate(r));
    }
  };
  const timer = setInterval(() => {
    running ??= run()
      .catch(onError)
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  // Stopping waits for a batch under way, so the database is not closed beneath it.
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
