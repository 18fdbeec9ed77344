/**
 * Checks a site's public log against the database it was sequenced from: every row logged exactly once, a
 * commitment before every game of its seed and a reveal after them, no server seed before its reveal, and the
 * signed root equal to the root recomputed from the entries. Shared by the server and reliability suites.
 */
import pg from 'pg';
import type { DbHandle } from '../../server/db/client.ts';
import {
  appendTiles,
  decodeEntry,
  leafHash,
  openNote,
  parseCheckpoint,
  treeRoot,
  utf8,
  verifierFromKey,
  type Hash,
  type LogEntry,
  type Tile,
} from '../../src/domain/tlog/index.ts';

/** The root of a tree of these lines, from the domain's tile code over an in-memory store. */
export async function rootOfLines(lines: string[]): Promise<Hash> {
  const store = new Map<string, Uint8Array>();
  const read = async (tiles: Tile[]) => tiles.map((t) => store.get(`${t.level}/${t.index}`)!.subarray(0, t.width * 32));
  const written = await appendTiles(
    0,
    lines.map((l) => leafHash(utf8(l))),
    read,
  );
  for (const w of written) store.set(`${w.tile.level}/${w.tile.index}`, w.data);
  return treeRoot(lines.length, read);
}

/** The rows the log must hold, as a query on the database sees them. */
interface Truth {
  games: { roll_id: string; log_index: number | null }[];
  seeds: { server_seed_hash: string; server_seed: string; status: string; commit_index: number | null }[];
  clientSeeds: number;
}

type Rows = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** Plain queries on a test database handle, PGlite or PostgreSQL. */
export function rowsOf(handle: DbHandle): Rows {
  return async <T>(text: string, params: unknown[] = []): Promise<T[]> =>
    handle.pglite
      ? (await handle.pglite.query<T>(text, params)).rows
      : ((await handle.pool!.query(text, params)).rows as T[]);
}

async function truth(rows: Rows, site: string): Promise<Truth> {
  return {
    games: await rows(`select roll_id, log_index::float8 as log_index from games where site = $1`, [site]),
    seeds: await rows(`select server_seed_hash, server_seed, status, commit_index::float8 as commit_index from seeds`),
    clientSeeds: Number((await rows<{ n: number }>('select count(*)::int as n from seed_client_seeds'))[0].n),
  };
}

/** Runs the checks on a PostgreSQL URL; returns the problems found (empty when the log is sound). */
export async function checkLogAt(url: string, site: string, checkpoint: string, vkey: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: Rows = async (text, params) => (await client.query(text, params)).rows;
    const lines = (
      await rows<{ line: string }>('select line from log_entries where site = $1 order by idx', [site])
    ).map((r) => r.line);
    return await checkLog(lines, await truth(rows, site), checkpoint, vkey);
  } finally {
    await client.end();
  }
}

/** Runs the checks with a query function (PGlite or a pool). */
export async function checkLogWith(rows: Rows, site: string, checkpoint: string, vkey: string): Promise<string[]> {
  const lines = (await rows<{ line: string }>('select line from log_entries where site = $1 order by idx', [site])).map(
    (r) => r.line,
  );
  return checkLog(lines, await truth(rows, site), checkpoint, vkey);
}

/** The checks over the entries (in index order) and the database's rows. */
export async function checkLog(lines: string[], db: Truth, checkpoint: string, vkey: string): Promise<string[]> {
  const problems: string[] = [];
  const { text } = openNote(checkpoint, [verifierFromKey(vkey)]);
  const cp = parseCheckpoint(text);
  if (cp.size !== lines.length) problems.push(`checkpoint size ${cp.size}, ${lines.length} entries`);
  const root = await rootOfLines(lines.slice(0, cp.size));
  if (Buffer.compare(Buffer.from(root), Buffer.from(cp.root)) !== 0) problems.push('root differs from the entries');

  const entries: LogEntry[] = lines.map((l) => decodeEntry(l));
  const gameAt = new Map<string, number[]>();
  const commitAt = new Map<string, number[]>();
  const revealAt = new Map<string, number[]>();
  const gamesOfSeed = new Map<string, number[]>();
  let clientSeeds = 0;
  const add = (m: Map<string, number[]>, k: string, i: number) => m.set(k, [...(m.get(k) ?? []), i]);
  entries.forEach((e, i) => {
    if (e.type === 'game') {
      add(gameAt, e.roll_id, i);
      add(gamesOfSeed, e.server_seed_hash, i);
    } else if (e.type === 'commit') add(commitAt, e.server_seed_hash, i);
    else if (e.type === 'reveal') add(revealAt, e.server_seed_hash, i);
    else clientSeeds++;
  });
  const sequencedGames = db.games.filter((g) => g.log_index !== null);
  for (const g of sequencedGames) {
    const at = gameAt.get(g.roll_id) ?? [];
    if (at.length !== 1 || at[0] !== g.log_index) problems.push(`game ${g.roll_id} logged at [${at}]`);
  }
  if (gameAt.size !== sequencedGames.length || [...gameAt.values()].some((a) => a.length !== 1))
    problems.push(`${gameAt.size} games logged, ${sequencedGames.length} sequenced`);
  if (clientSeeds > db.clientSeeds) problems.push(`${clientSeeds} client seeds logged of ${db.clientSeeds}`);
  for (const s of db.seeds) {
    const commits = commitAt.get(s.server_seed_hash) ?? [];
    const games = gamesOfSeed.get(s.server_seed_hash) ?? [];
    const reveals = revealAt.get(s.server_seed_hash) ?? [];
    if (commits.length > 1 || (s.commit_index !== null && commits[0] !== s.commit_index))
      problems.push(`seed ${s.server_seed_hash} committed at [${commits}]`);
    if (games.length > 0 && !(commits.length === 1 && commits[0] < Math.min(...games)))
      problems.push(`seed ${s.server_seed_hash}: a game before its commitment`);
    if (
      reveals.length > 1 ||
      (reveals.length === 1 && (s.status !== 'revealed' || reveals[0] < Math.max(...games, -1)))
    )
      problems.push(`seed ${s.server_seed_hash} revealed at [${reveals}] (${s.status})`);
  }
  // A server seed appears only in its own reveal.
  const seedOf = new Map(db.seeds.map((s) => [s.server_seed, s.server_seed_hash]));
  lines.forEach((l, i) => {
    for (const hex of l.match(/[0-9a-f]{64}/g) ?? []) {
      const hash = seedOf.get(hex);
      const e = entries[i];
      if (hash !== undefined && !(e.type === 'reveal' && e.server_seed_hash === hash))
        problems.push(`server seed of ${hash} in entry ${i}`);
    }
  });
  return problems;
}
