/** C2SP tlog-checkpoint: origin line, decimal tree size, base64 root hash, then optional extension lines. */
import { fromBase64, toBase64 } from './bytes.ts';
import { HASH_SIZE, type Hash } from './hash.ts';

export interface Checkpoint {
  origin: string;
  size: number;
  root: Hash;
  extensions: string[];
}

export function formatCheckpoint(c: { origin: string; size: number; root: Hash; extensions?: string[] }): string {
  if (c.origin.length === 0 || /[\n\r]/.test(c.origin)) throw new Error('invalid origin');
  if (!Number.isSafeInteger(c.size) || c.size < 0) throw new Error('invalid tree size');
  if (c.root.length !== HASH_SIZE) throw new Error('invalid root hash');
  const ext = c.extensions ?? [];
  if (ext.some((l) => l.length === 0 || /[\n\r]/.test(l))) throw new Error('invalid extension line');
  return [c.origin, String(c.size), toBase64(c.root), ...ext].map((l) => `${l}\n`).join('');
}

/** Parses a checkpoint's note text (the part before the blank line); throws on anything malformed. */
export function parseCheckpoint(text: string): Checkpoint {
  if (!text.endsWith('\n')) throw new Error('malformed checkpoint');
  const lines = text.slice(0, -1).split('\n');
  if (lines.length < 3 || lines.some((l) => l.length === 0)) throw new Error('malformed checkpoint');
  const [origin, sizeText, rootText, ...extensions] = lines;
  if (!/^(?:0|[1-9][0-9]*)$/.test(sizeText)) throw new Error('malformed checkpoint size');
  const size = Number(sizeText);
  if (!Number.isSafeInteger(size)) throw new Error('checkpoint size too large');
  let root: Hash;
  try {
    root = fromBase64(rootText);
  } catch {
    throw new Error('malformed checkpoint root');
  }
  if (root.length !== HASH_SIZE) throw new Error('malformed checkpoint root');
  return { origin, size, root, extensions };
}
