/**
 * The public log under a scenario: every signed checkpoint the servers serve during the run is recorded
 * (size -> root), and afterwards the log is checked against the database (tests/helpers/log-check.ts), finished
 * by this process's own sequencer, checked again as complete, and every checkpoint seen is compared with the
 * root of the final log's prefix of its size. Two roots for one size, seen or stored, is a fork.
 */
import { openNote, parseCheckpoint, toBase64, verifierFromKey } from '../../../src/domain/tlog/index.ts';
import type { DbHandle } from '../../../server/db/client.ts';
import { loadLogKeys } from '../../../server/services/log-key.ts';
import { sequenceAll } from '../../../server/services/log-sequencer.ts';
import { checkLogWith, checkSeenRoots, rowsOf } from '../../helpers/log-check.ts';
import { testConfig } from '../../server/helpers/app.ts';

const LOG = '/api/provably_fair/log';

/** What the watcher saw. */
export interface Watched {
  /** Size -> base64 root of every checkpoint that verified. */
  seen: Map<number, string>;
  /** Two roots for one size, or a checkpoint that did not verify. */
  forks: string[];
  polls: number;
  origin: string;
}

/** Polls the checkpoint of each server `bases()` names until stopped; the key is the one first served. */
export function watchCheckpoints(bases: () => string[]): { vkey: () => Promise<string>; stop(): Promise<Watched> } {
  const watched: Watched = { seen: new Map(), forks: [], polls: 0, origin: '' };
  let key: string | null = null;
  let stopped = false;
  const keyOf = async (base: string) => {
    key ??= (await (await fetch(`${base}${LOG}/key`)).text()).trim();
    return key;
  };
  const poll = async (base: string) => {
    let note: string;
    try {
      const res = await fetch(`${base}${LOG}/checkpoint`, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) return;
      note = await res.text();
      await keyOf(base);
    } catch {
      return; // a killed or stopping server
    }
    watched.polls += 1;
    try {
      const cp = parseCheckpoint(openNote(note, [verifierFromKey(key!)]).text);
      const root = toBase64(cp.root);
      watched.origin = cp.origin;
      const before = watched.seen.get(cp.size);
      if (before !== undefined && before !== root) watched.forks.push(`size ${cp.size}: roots ${before} and ${root}`);
      else watched.seen.set(cp.size, root);
    } catch (err) {
      watched.forks.push(`a checkpoint that does not verify: ${(err as Error).message}`);
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await Promise.all(bases().map(poll));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    vkey: async () => {
      for (let i = 0; key === null && i < 600; i++) await new Promise((r) => setTimeout(r, 100));
      if (key === null) throw new Error('no server served the log key');
      return key;
    },
    stop: async () => {
      stopped = true;
      await loop;
      return watched;
    },
  };
}

/** The log's checks on a database no server writes: as the servers left it, then finished here and complete. */
export async function checkSiteLog(
  h: DbHandle,
  vkey: string,
  watched: Watched,
): Promise<{ problems: string[]; leftByServers: number; size: number }> {
  const rows = rowsOf(h);
  const problems = (await checkLogWith(rows, 'cs', null, vkey)).map((p) => `as the servers left it: ${p}`);
  const [state] = await rows<{ size: number }>(`select size::int as size from log_state where site = 'cs'`);
  // The servers' origin as their checkpoints named it (the default one when none was seen).
  const logOrigin = watched.origin || testConfig({ site: 'cs' }).logOrigin;
  const keys = await loadLogKeys(h.raw, { site: 'cs', logOrigin, logSigningKey: null, witnessKeys: [] });
  if (keys.vkey !== vkey) problems.push(`the database's log key is not the served one`);
  const size = await sequenceAll(h.raw, keys, 'cs');
  problems.push(...(await checkLogWith(rows, 'cs', null, vkey, { complete: true })));
  const lines = (await rows<{ line: string }>(`select line from log_entries where site = 'cs' order by idx`)).map(
    (r) => r.line,
  );
  problems.push(...watched.forks, ...(await checkSeenRoots(lines, watched.seen)));
  return { problems, leftByServers: Number(state?.size ?? 0), size };
}
