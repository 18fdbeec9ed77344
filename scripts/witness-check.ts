/**
 * One witness round against a site's public log, without files or process exits so tests can drive it: fetch
 * the checkpoint, check it with the pinned key, check it extends the last one seen, and optionally cosign it.
 */
import {
  ALG_COSIGNATURE_V1,
  bytesEqual,
  cosign,
  fromBase64,
  openNote,
  parseCheckpoint,
  toBase64,
  verifierFromKey,
  verifyConsistency,
  type Signer,
} from '../src/domain/tlog/index.ts';

export const LOG_PATH = '/api/provably_fair/log';

/** What a witness remembers between runs. */
export interface WitnessState {
  /** The log's verifier key, pinned on the first run. */
  key: string;
  origin: string;
  size: number;
  /** Base64 root hash of `size`. */
  root: string;
  /** The signed checkpoint last accepted, as served. */
  checkpoint: string;
}

/** A reason to alarm: the log forked, shrank, changed its key or served a bad signature. */
export class WitnessAlarm extends Error {}

export type Fetch = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

export interface WitnessRound {
  url: string;
  state: WitnessState | null;
  fetch: Fetch;
  /** A cosignature/v1 key: cosign and post the accepted checkpoint. */
  witness?: Signer;
  /** Seconds since the epoch, for the cosignature's timestamp. */
  now?: () => number;
}

export interface WitnessResult {
  state: WitnessState;
  /** What happened, one line each, for the log of the run. */
  notes: string[];
}

async function get(fetch: Fetch, url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return res.text();
}

/** The key endpoint serves the vkey as text; a JSON `{ "key": ... }` answer is read too. */
function readKey(body: string): string {
  const text = body.trim();
  if (text.startsWith('{')) return String((JSON.parse(text) as { key?: unknown }).key ?? '');
  return text;
}

export async function witnessOnce(round: WitnessRound): Promise<WitnessResult> {
  const base = round.url.replace(/\/+$/, '') + LOG_PATH;
  const notes: string[] = [];
  const served = readKey(await get(round.fetch, `${base}/key`));
  const key = round.state?.key ?? served;
  if (round.state && served !== round.state.key) {
    throw new WitnessAlarm(`the log's key changed: pinned ${round.state.key}, now served ${served}`);
  }
  const verifier = verifierFromKey(key);
  const note = await get(round.fetch, `${base}/checkpoint`);
  let text: string;
  try {
    text = openNote(note, [verifier]).text;
  } catch (err) {
    throw new WitnessAlarm(`the checkpoint's signature does not verify with ${key}: ${(err as Error).message}`);
  }
  const cp = parseCheckpoint(text);
  const prev = round.state;
  if (prev && cp.origin !== prev.origin) throw new WitnessAlarm(`origin changed from ${prev.origin} to ${cp.origin}`);
  if (!prev) notes.push(`pinned key ${key} for ${cp.origin}`);
  if (prev) {
    const oldRoot = fromBase64(prev.root);
    if (cp.size < prev.size) {
      throw new WitnessAlarm(`the log shrank from ${prev.size} to ${cp.size} entries (signed checkpoint:\n${note})`);
    }
    if (cp.size === prev.size && !bytesEqual(cp.root, oldRoot)) {
      throw new WitnessAlarm(
        `fork: two roots for size ${cp.size}: ${prev.root} seen before, ${toBase64(cp.root)} now (signed checkpoints:\n${prev.checkpoint}\n${note})`,
      );
    }
    if (cp.size > prev.size && prev.size > 0) {
      const body = await get(round.fetch, `${base}/consistency?from=${prev.size}&to=${cp.size}`);
      const proof = ((JSON.parse(body) as { hashes: string[] }).hashes ?? []).map(fromBase64);
      if (!verifyConsistency(prev.size, cp.size, oldRoot, cp.root, proof)) {
        throw new WitnessAlarm(
          `fork: size ${cp.size} does not extend size ${prev.size} (signed checkpoints:\n${prev.checkpoint}\n${note})`,
        );
      }
      notes.push(`consistent: ${prev.size} -> ${cp.size}`);
    } else if (cp.size === prev.size) {
      notes.push(`unchanged at size ${cp.size}`);
    }
  }
  const state: WitnessState = { key, origin: cp.origin, size: cp.size, root: toBase64(cp.root), checkpoint: note };
  if (round.witness) {
    if (round.witness.alg !== ALG_COSIGNATURE_V1) throw new Error('the witness key must be a cosignature key');
    const line = cosign(text, round.witness, (round.now ?? (() => Math.floor(Date.now() / 1000)))());
    const res = await round.fetch(`${base}/cosign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cosignature: line }),
    });
    if (!res.ok) throw new Error(`POST ${base}/cosign: HTTP ${res.status} ${await res.text()}`);
    notes.push(`cosigned size ${cp.size} as ${round.witness.name}`);
  }
  notes.push(`accepted ${cp.origin} size ${cp.size} root ${toBase64(cp.root)}`);
  return { state, notes };
}
