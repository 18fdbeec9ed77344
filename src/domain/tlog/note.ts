/**
 * C2SP signed-note: the text (newline-terminated), a blank line, then one line per signature,
 * "— <name> <base64(4-byte key id || signature)>". Mirrors Go's sumdb/note Sign and Open.
 */
import { concatBytes, fromBase64, toBase64, utf8 } from './bytes.ts';
import { ALG_ED25519, isValidName, type Signer, type Verifier } from './keys.ts';

const SIG_PREFIX = '\u2014 ';
const MAX_SIGNATURES = 100;

export interface NoteSignature {
  name: string;
  keyId: number;
  /** The signature bytes after the key id. */
  sig: Uint8Array;
  /** The whole line, without its newline. */
  line: string;
}

/** Note text: non-empty, newline-terminated, no control characters but newlines. */
function validText(text: string): boolean {
  return text.length > 0 && text.endsWith('\n') && !/[\u0000-\u0009\u000b-\u001f]/.test(text);
}

/** Parses one signature line (with or without its newline); throws if malformed. */
export function parseSignatureLine(line: string): NoteSignature {
  const body = line.endsWith('\n') ? line.slice(0, -1) : line;
  if (!body.startsWith(SIG_PREFIX)) throw new Error('malformed note');
  const rest = body.slice(SIG_PREFIX.length);
  const sp = rest.indexOf(' ');
  const name = rest.slice(0, sp);
  if (sp < 0 || !isValidName(name)) throw new Error('malformed note');
  let raw: Uint8Array;
  try {
    raw = fromBase64(rest.slice(sp + 1));
  } catch {
    throw new Error('malformed note');
  }
  if (raw.length < 5) throw new Error('malformed note');
  const keyId = ((raw[0] << 24) | (raw[1] << 16) | (raw[2] << 8) | raw[3]) >>> 0;
  return { name, keyId, sig: raw.subarray(4), line: body };
}

/** Splits a signed note into its text and signature lines without verifying anything. */
export function splitNote(note: string): { text: string; sigs: NoteSignature[] } {
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) throw new Error('malformed note');
  const text = note.slice(0, split + 1);
  if (!validText(text)) throw new Error('malformed note');
  const lines = note.slice(split + 2, -1).split('\n');
  if (lines.length > MAX_SIGNATURES) throw new Error('malformed note');
  return { text, sigs: lines.map(parseSignatureLine) };
}

/** A signature line for `text` from one signer, without a trailing newline. */
export function signatureLine(name: string, keyId: number, sig: Uint8Array): string {
  const id = Uint8Array.of(keyId >>> 24, (keyId >>> 16) & 0xff, (keyId >>> 8) & 0xff, keyId & 0xff);
  return `${SIG_PREFIX}${name} ${toBase64(concatBytes(id, sig))}`;
}

export function signNote(text: string, signers: Signer[]): string {
  if (!validText(text) || text.includes('\n\n')) throw new Error('malformed note');
  const msg = utf8(text);
  const lines = signers.map((s) => {
    if (s.alg !== ALG_ED25519 || !isValidName(s.name)) throw new Error('invalid signer');
    return signatureLine(s.name, s.keyId, s.sign(msg));
  });
  return `${text}\n${lines.map((l) => `${l}\n`).join('')}`;
}

/**
 * Verifies a note: signatures by known keys must verify (a bad one throws), unknown ones are skipped, and at
 * least one known key must have signed. Returns the text and the verified signers.
 */
export function openNote(
  note: string,
  verifiers: Verifier[],
): { text: string; sigs: { name: string; keyId: number }[] } {
  const { text, sigs } = splitNote(note);
  const msg = utf8(text);
  const seen = new Set<string>();
  const verified: { name: string; keyId: number }[] = [];
  for (const s of sigs) {
    const matches = verifiers.filter((v) => v.name === s.name && v.keyId === s.keyId && v.alg === ALG_ED25519);
    if (matches.length === 0) continue;
    const id = `${s.name}+${s.keyId}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!matches[0].verify(msg, s.sig))
      throw new Error(`invalid signature for key ${s.name}+${s.keyId.toString(16).padStart(8, '0')}`);
    verified.push({ name: s.name, keyId: s.keyId });
  }
  if (verified.length === 0) throw new Error('note has no verifiable signatures');
  return { text, sigs: verified };
}
