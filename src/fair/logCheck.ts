/**
 * Whether a game is in the site's public log, checked in the browser: the checkpoint's signature with the pinned
 * key, the entry's fields against the game, and the inclusion proof against the signed root. Nothing is taken
 * on the server's word; any mismatch is a failure with its reason.
 */
import { ApiError } from '../api/client.ts';
import { fetchLogCheckpoint, fetchLogEntry, fetchLogIndex, fetchLogKey, fetchLogProof } from '../api/log.ts';
import {
  decodeEntry,
  fromBase64,
  leafHash,
  openNote,
  parseCheckpoint,
  splitNote,
  utf8,
  verifierFromKey,
  verifyInclusion,
} from '../domain/tlog/index.ts';
import { percentToThousandths } from '../domain/verify.ts';

/** The fields a game's page knows (the roll endpoint's and the history's shapes both have them). */
export interface LoggedGameFacts {
  roll_id: string;
  server_seed_hash: string;
  client_seed?: string;
  nonce: number;
  /** Percent, as the API sends it. */
  chance: number;
  roll_under: number;
  roll: number;
  success: number;
}

export type LogFailure = 'key' | 'signature' | 'entry' | 'proof' | 'network';
export type LogInclusion =
  { state: 'waiting' } | { state: 'verified'; index: number; size: number } | { state: 'failed'; reason: LogFailure };

const PIN = 'fair.logKey';

/** The first key this browser saw for this site; a different one later is a failure, not a new trust. */
function pinKey(served: string): boolean {
  try {
    const pinned = localStorage.getItem(PIN);
    if (pinned === null) localStorage.setItem(PIN, served);
    return pinned === null || pinned === served;
  } catch {
    return true; // no storage (private mode): the key is trusted for this visit only
  }
}

function entryMatches(line: string, g: LoggedGameFacts): boolean {
  try {
    const e = decodeEntry(line);
    return (
      e.type === 'game' &&
      e.roll_id === g.roll_id &&
      e.server_seed_hash === g.server_seed_hash &&
      (g.client_seed === undefined || e.client_seed === g.client_seed) &&
      e.nonce === g.nonce &&
      e.chance === percentToThousandths(g.chance) &&
      e.roll_under === g.roll_under &&
      e.roll === percentToThousandths(g.roll) &&
      e.success === (g.success === 1)
    );
  } catch {
    return false;
  }
}

export async function checkGameInLog(game: LoggedGameFacts): Promise<LogInclusion> {
  const fail = (reason: LogFailure): LogInclusion => ({ state: 'failed', reason });
  try {
    const key = await fetchLogKey();
    if (!pinKey(key)) return fail('key');
    let index: number;
    try {
      index = await fetchLogIndex(game.roll_id);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return { state: 'waiting' };
      throw err;
    }
    const note = await fetchLogCheckpoint();
    let checkpoint;
    try {
      checkpoint = parseCheckpoint(openNote(note, [verifierFromKey(key)]).text);
    } catch {
      return fail('signature');
    }
    if (index >= checkpoint.size) return { state: 'waiting' };
    const line = await fetchLogEntry(index);
    if (!entryMatches(line, game)) return fail('entry');
    let proof: Uint8Array[];
    try {
      proof = (await fetchLogProof(index, checkpoint.size)).map(fromBase64);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      return fail('proof');
    }
    if (!verifyInclusion(index, checkpoint.size, leafHash(utf8(line)), proof, checkpoint.root)) return fail('proof');
    return { state: 'verified', index, size: checkpoint.size };
  } catch {
    return fail('network');
  }
}

/** The site's signed checkpoint as the audit page shows it, after checking its signature with the pinned key. */
export interface VerifiedCheckpoint {
  key: string;
  origin: string;
  size: number;
  /** Base64, as in the checkpoint. */
  root: string;
  /** Other signature lines (witness cosignatures): name and, for a cosignature, its time in seconds. */
  witnesses: { name: string; time: number | null }[];
}

export async function loadVerifiedCheckpoint(): Promise<VerifiedCheckpoint | { failed: LogFailure }> {
  try {
    const key = await fetchLogKey();
    if (!pinKey(key)) return { failed: 'key' };
    const note = await fetchLogCheckpoint();
    const v = verifierFromKey(key);
    let text: string;
    try {
      text = openNote(note, [v]).text;
    } catch {
      return { failed: 'signature' };
    }
    const cp = parseCheckpoint(text);
    const witnesses = splitNote(note)
      .sigs.filter((s) => s.name !== v.name || s.keyId !== v.keyId)
      .map((s) => ({
        name: s.name,
        time: s.sig.length === 72 ? Number(new DataView(s.sig.buffer, s.sig.byteOffset, 8).getBigUint64(0)) : null,
      }));
    return { key, origin: cp.origin, size: cp.size, root: text.split('\n')[2], witnesses };
  } catch {
    return { failed: 'network' };
  }
}
