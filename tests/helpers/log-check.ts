/**
 * Checks a site's public log against the database it was sequenced from: every row logged exactly once at the
 * index its row records, a commitment before every game of its seed, a client seed before the games played with it
 * and a reveal after them, no server seed before its reveal, and the signed root equal to the root recomputed from
 * the entries. Shared by the server and reliability suites.
 */
import pg from 'pg';
import type { DbHandle } from '../../server/db/client.ts';
import {
  appendTiles,
  decodeEntry,
  leafHash,
  openNote,
  parseCheckpoint,
  rootOfHashes,
  toBase64,
  treeRoot,
  utf8,
  verifierFromKey,
  type Hash,
  type LogEntry,
  type Tile,
} from '../../src/domain/tlog/index.ts';

/** The roots of a tree of these lines at each size asked (default: its full size), from the domain's tile code. */
export async function rootsOfLines(lines: string[], sizes: number[] = [lines.length]): Promise<Map<number, Hash>> {
  const store = new Map<string, Uint8Array>();
  const read = async (tiles: Tile[]) => tiles.map((t) => store.get(`${t.level}/${t.index}`)!.subarray(0, t.width * 32));
  const roots = new Map<number, Hash>();
  let size = 0;
  for (const to of [...new Set(sizes)].sort((a, b) => a - b)) {
    if (to > lines.length) throw new Error(`no root for size ${to}: ${lines.length} entries`);
    const written = await appendTiles(
      size,
      lines.slice(size, to).map((l) => leafHash(utf8(l))),
      read,
    );
    for (const w of written) store.set(`${w.tile.level}/${w.tile.index}`, w.data);
    size = to;
    roots.set(to, await treeRoot(to, read));
  }
  return roots;
}

/** The root of a tree of these lines. */
export async function rootOfLines(lines: string[]): Promise<Hash> {
  return rootOfHashes(lines.map((l) => leafHash(utf8(l))));
}

/** The rows the log must hold, as a query on the database sees them. */
export interface Truth {
  games: { roll_id: string; log_index: number | null }[];
  seeds: {
    server_seed_hash: string;
    server_seed: string;
    status: string;
    commit_index: number | null;
    reveal_index: number | null;
  }[];
  clientSeeds: { server_seed_hash: string; client_seed: string; log_index: number | null }[];
}

/** `complete`: every row must be logged already (the sequencer has caught up). */
export interface CheckOptions {
  complete?: boolean;
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
    games: (await rows<Truth['games'][number]>(
      `select roll_id, log_index::float8 as log_index from games where site = $1`,
      [site],
    )) as Truth['games'],
    seeds: await rows(
      `select server_seed_hash, server_seed, status, commit_index::float8 as commit_index,
         reveal_index::float8 as reveal_index from seeds`,
    ),
    clientSeeds: await rows(
      `select s.server_seed_hash, c.client_seed, c.log_index::float8 as log_index
       from seed_client_seeds c join seeds s on s.id = c.seed_id`,
    ),
  };
}

/** The entries, the rows and the signed checkpoint, read from one snapshot. */
async function snapshot(rows: Rows, site: string) {
  const lines = (await rows<{ line: string }>('select line from log_entries where site = $1 order by idx', [site])).map(
    (r) => r.line,
  );
  const [state] = await rows<{ checkpoint: string }>('select checkpoint from log_state where site = $1', [site]);
  return { lines, db: await truth(rows, site), checkpoint: state?.checkpoint ?? null };
}

/**
 * Runs the checks on a PostgreSQL URL, in one repeatable-read snapshot so a sequencer may run meanwhile; the
 * checkpoint is the stored one unless given. Returns the problems found (empty when the log is sound).
 */
export async function checkLogAt(
  url: string,
  site: string,
  checkpoint: string | null,
  vkey: string,
  options: CheckOptions = {},
): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const rows: Rows = async (text, params) => (await client.query(text, params)).rows;
    const s = await snapshot(rows, site);
    await client.query('commit');
    return await checkLog(s.lines, s.db, checkpoint ?? s.checkpoint, vkey, options);
  } finally {
    await client.end();
  }
}

/** Runs the checks with a query function (PGlite or a pool) on a database no sequencer is writing. */
export async function checkLogWith(
  rows: Rows,
  site: string,
  checkpoint: string | null,
  vkey: string,
  options: CheckOptions = {},
): Promise<string[]> {
  const s = await snapshot(rows, site);
  return checkLog(s.lines, s.db, checkpoint ?? s.checkpoint, vkey, options);
}

/** What differs between checkpoints seen (size -> base64 root) and the roots of the log's prefixes. */
export async function checkSeenRoots(lines: string[], seen: Map<number, string>): Promise<string[]> {
  const problems: string[] = [];
  const known = [...seen.keys()].filter((n) => n <= lines.length);
  for (const n of seen.keys())
    if (n > lines.length) problems.push(`a checkpoint of size ${n} was seen; the log holds ${lines.length} entries`);
  const roots = await rootsOfLines(lines, known);
  for (const n of known)
    if (toBase64(roots.get(n)!) !== seen.get(n))
      problems.push(`size ${n}: a checkpoint said root ${seen.get(n)}, the entries give ${toBase64(roots.get(n)!)}`);
  return problems;
}

/** The checks over the entries (in index order) and the database's rows. */
export async function checkLog(
  lines: string[],
  db: Truth,
  checkpoint: string | null,
  vkey: string,
  options: CheckOptions = {},
): Promise<string[]> {
  const problems: string[] = [];
  if (checkpoint === null) {
    if (lines.length > 0) problems.push(`${lines.length} entries and no signed checkpoint`);
  } else {
    let text: string;
    try {
      text = openNote(checkpoint, [verifierFromKey(vkey)]).text;
    } catch (err) {
      return [`the checkpoint does not verify: ${(err as Error).message}`];
    }
    const cp = parseCheckpoint(text);
    if (cp.size !== lines.length) problems.push(`checkpoint size ${cp.size}, ${lines.length} entries`);
    const root = await rootOfLines(lines.slice(0, cp.size));
    if (Buffer.compare(Buffer.from(root), Buffer.from(cp.root)) !== 0) problems.push('root differs from the entries');
  }

  const entries: LogEntry[] = lines.map((l) => decodeEntry(l));
  const at = { game: new Map<string, number[]>(), commit: new Map<string, number[]>() };
  const revealAt = new Map<string, number[]>();
  const clientAt = new Map<string, number[]>();
  const gamesOfSeed = new Map<string, number[]>();
  const add = (m: Map<string, number[]>, k: string, i: number) => m.set(k, [...(m.get(k) ?? []), i]);
  const pair = (hash: string, client: string) => `${hash}/${client}`;
  entries.forEach((e, i) => {
    if (e.type === 'game') {
      add(at.game, e.roll_id, i);
      add(gamesOfSeed, e.server_seed_hash, i);
      // The client seed a game was played with was logged before it.
      const logged = clientAt.get(pair(e.server_seed_hash, e.client_seed)) ?? [];
      if (!logged.some((j) => j < i)) problems.push(`game ${e.roll_id} at ${i}: its client seed is not logged before`);
    } else if (e.type === 'commit') add(at.commit, e.server_seed_hash, i);
    else if (e.type === 'reveal') add(revealAt, e.server_seed_hash, i);
    else add(clientAt, pair(e.server_seed_hash, e.client_seed), i);
  });
  const unlogged = (what: string, n: number) => {
    if (options.complete && n > 0) problems.push(`${n} ${what} not logged`);
  };

  const sequencedGames = db.games.filter((g) => g.log_index !== null);
  unlogged('games', db.games.length - sequencedGames.length);
  for (const g of sequencedGames) {
    const found = at.game.get(g.roll_id) ?? [];
    if (found.length !== 1 || found[0] !== g.log_index) problems.push(`game ${g.roll_id} logged at [${found}]`);
  }
  const gameEntries = [...at.game.values()].flat().length;
  if (gameEntries !== sequencedGames.length)
    problems.push(`${gameEntries} game entries, ${sequencedGames.length} sequenced`);

  const sequencedClients = db.clientSeeds.filter((c) => c.log_index !== null);
  unlogged('client seeds', db.clientSeeds.length - sequencedClients.length);
  for (const c of sequencedClients) {
    const e = entries[c.log_index!];
    if (e?.type !== 'client_seed' || e.server_seed_hash !== c.server_seed_hash || e.client_seed !== c.client_seed)
      problems.push(
        `client seed ${JSON.stringify(c.client_seed)} of ${c.server_seed_hash}: entry ${c.log_index} is not it`,
      );
  }
  const clientEntries = [...clientAt.values()].flat().length;
  if (clientEntries !== sequencedClients.length)
    problems.push(`${clientEntries} client seed entries, ${sequencedClients.length} sequenced`);

  unlogged('commitments', db.seeds.filter((s) => s.commit_index === null).length);
  unlogged('reveals', db.seeds.filter((s) => s.status === 'revealed' && s.reveal_index === null).length);
  const hashes = new Set(db.seeds.map((s) => s.server_seed_hash));
  for (const [kind, m] of [
    ['commitment', at.commit],
    ['reveal', revealAt],
  ] as const)
    for (const [hash, found] of m)
      if (!hashes.has(hash)) problems.push(`${kind} of unknown seed ${hash} at [${found}]`);
  for (const s of db.seeds) {
    const commits = at.commit.get(s.server_seed_hash) ?? [];
    const games = gamesOfSeed.get(s.server_seed_hash) ?? [];
    const reveals = revealAt.get(s.server_seed_hash) ?? [];
    if (
      commits.length !== (s.commit_index === null ? 0 : 1) ||
      (s.commit_index !== null && commits[0] !== s.commit_index)
    )
      problems.push(`seed ${s.server_seed_hash} committed at [${commits}], row says ${s.commit_index}`);
    if (games.length > 0 && !(commits.length === 1 && commits[0] < Math.min(...games)))
      problems.push(`seed ${s.server_seed_hash}: a game before its commitment`);
    if (
      reveals.length !== (s.reveal_index === null ? 0 : 1) ||
      (s.reveal_index !== null && reveals[0] !== s.reveal_index)
    )
      problems.push(`seed ${s.server_seed_hash} revealed at [${reveals}], row says ${s.reveal_index}`);
    if (reveals.length === 1) {
      const e = entries[reveals[0]];
      if (s.status !== 'revealed' || reveals[0] < Math.max(...games, -1))
        problems.push(`seed ${s.server_seed_hash} revealed at ${reveals[0]} (${s.status}) before a game of it`);
      if (e.type === 'reveal' && e.server_seed !== s.server_seed)
        problems.push(`seed ${s.server_seed_hash}: its reveal names another server seed`);
    }
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
