/**
 * C2SP tlog-cosignature, cosignature/v1 with Ed25519: a witness signs "cosignature/v1\ntime <t>\n" followed by
 * the checkpoint text, and the note signature carries timestamp || signature behind its key id (type 0x04).
 */
import { concatBytes, utf8 } from './bytes.ts';
import { parseCheckpoint } from './checkpoint.ts';
import { ALG_COSIGNATURE_V1, verifierFromKey, type Signer } from './keys.ts';
import { parseSignatureLine, signatureLine } from './note.ts';

function cosignedMessage(checkpointText: string, timestamp: number): Uint8Array {
  return utf8(`cosignature/v1\ntime ${timestamp}\n${checkpointText}`);
}

function u64(t: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(t));
  return out;
}

/** A cosignature line (no trailing newline) for a checkpoint's text by a witness key made with type 0x04. */
export function cosign(checkpointText: string, witness: Signer, timestamp: number): string {
  if (witness.alg !== ALG_COSIGNATURE_V1) throw new Error('a cosignature needs a cosignature/v1 (0x04) key');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new Error('invalid timestamp');
  parseCheckpoint(checkpointText);
  const sig = witness.sign(cosignedMessage(checkpointText, timestamp));
  return signatureLine(witness.name, witness.keyId, concatBytes(u64(timestamp), sig));
}

/** The cosignature's timestamp when `line` is a valid cosignature of the text by the witness key, else null. */
export function verifyCosignature(checkpointText: string, line: string, witness: string): { timestamp: number } | null {
  try {
    const v = verifierFromKey(witness);
    const s = parseSignatureLine(line);
    if (v.alg !== ALG_COSIGNATURE_V1 || s.name !== v.name || s.keyId !== v.keyId || s.sig.length !== 72) return null;
    const t = new DataView(s.sig.buffer, s.sig.byteOffset, 8).getBigUint64(0);
    if (t > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    const timestamp = Number(t);
    parseCheckpoint(checkpointText);
    return v.verify(cosignedMessage(checkpointText, timestamp), s.sig.subarray(8)) ? { timestamp } : null;
  } catch {
    return null;
  }
}
