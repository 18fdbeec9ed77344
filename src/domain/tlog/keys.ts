/**
 * C2SP signed-note keys for Ed25519, in Go's sumdb/note string forms:
 *   verifier "<name>+<8 hex key id>+<base64(type || public key)>"
 *   signer   "PRIVATE+KEY+<name>+<8 hex key id>+<base64(type || seed)>"
 * with key id = SHA-256(name || "\n" || type || public key)[:4]. Type 0x01 signs notes; 0x04 is the
 * tlog-cosignature/v1 witness key, whose signatures cover a timestamped message instead of the plain text.
 */
import * as ed from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { concatBytes, fromBase64, fromUtf8, toBase64, utf8 } from './bytes.ts';

ed.hashes.sha512 = sha512;

export const ALG_ED25519 = 0x01;
export const ALG_COSIGNATURE_V1 = 0x04;
export type KeyAlg = typeof ALG_ED25519 | typeof ALG_COSIGNATURE_V1;

export interface Signer {
  name: string;
  keyId: number;
  /** Which kind of signature the key makes (0x01 note signatures, 0x04 cosignatures). */
  alg: KeyAlg;
  sign(msg: Uint8Array): Uint8Array;
}

export interface Verifier {
  name: string;
  keyId: number;
  alg: KeyAlg;
  verify(msg: Uint8Array, sig: Uint8Array): boolean;
}

/** Key names are non-empty, with no whitespace and no "+" (the key strings' separator). */
export function isValidName(name: string): boolean {
  return name.length > 0 && !/[\s\u0085+]/u.test(name) && fromUtf8(utf8(name)) === name;
}

export function keyId(name: string, alg: KeyAlg, publicKey: Uint8Array): number {
  const h = sha256(concatBytes(utf8(name), Uint8Array.of(0x0a, alg), publicKey));
  return ((h[0] << 24) | (h[1] << 16) | (h[2] << 8) | h[3]) >>> 0;
}

const hex8 = (id: number): string => id.toString(16).padStart(8, '0');

function splitKey(text: string, parts: number): string[] {
  const out: string[] = [];
  let rest = text;
  for (let i = 0; i < parts - 1; i++) {
    const at = rest.indexOf('+');
    if (at < 0) throw new Error('malformed key');
    out.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  out.push(rest);
  return out;
}

function parseKeyBody(name: string, id16: string, b64: string): { alg: KeyAlg; material: Uint8Array; id: number } {
  if (!isValidName(name) || !/^[0-9a-f]{8}$/.test(id16)) throw new Error('malformed key');
  const raw = fromBase64(b64);
  const alg = raw[0];
  if ((alg !== ALG_ED25519 && alg !== ALG_COSIGNATURE_V1) || raw.length !== 33) throw new Error('unsupported key');
  return { alg, material: raw.subarray(1), id: parseInt(id16, 16) };
}

export function verifierKey(name: string, alg: KeyAlg, publicKey: Uint8Array): string {
  if (!isValidName(name)) throw new Error('invalid key name');
  if (publicKey.length !== 32) throw new Error('Ed25519 public keys are 32 bytes');
  return `${name}+${hex8(keyId(name, alg, publicKey))}+${toBase64(concatBytes(Uint8Array.of(alg), publicKey))}`;
}

function signerKey(name: string, alg: KeyAlg, seed: Uint8Array): string {
  const id = keyId(name, alg, ed.getPublicKey(seed));
  return `PRIVATE+KEY+${name}+${hex8(id)}+${toBase64(concatBytes(Uint8Array.of(alg), seed))}`;
}

/** A new key pair; note-signing (0x01) by default, a witness's cosignature key with ALG_COSIGNATURE_V1. */
export function generateKey(name: string, alg: KeyAlg = ALG_ED25519): { skey: string; vkey: string } {
  if (!isValidName(name)) throw new Error('invalid key name');
  const seed = ed.utils.randomSecretKey();
  return { skey: signerKey(name, alg, seed), vkey: verifierKey(name, alg, ed.getPublicKey(seed)) };
}

export function signerFromKey(skey: string): Signer {
  const [p1, p2, name, id16, b64] = splitKey(skey, 5);
  if (p1 !== 'PRIVATE' || p2 !== 'KEY') throw new Error('malformed key');
  const { alg, material: seed, id } = parseKeyBody(name, id16, b64);
  const pub = ed.getPublicKey(seed);
  if (keyId(name, alg, pub) !== id) throw new Error('key id does not match the key');
  const secret = Uint8Array.from(seed);
  return { name, keyId: id, alg, sign: (msg) => ed.sign(msg, secret) };
}

export function verifierFromKey(vkey: string): Verifier {
  const [name, id16, b64] = splitKey(vkey, 3);
  const { alg, material: pub, id } = parseKeyBody(name, id16, b64);
  if (keyId(name, alg, pub) !== id) throw new Error('key id does not match the key');
  const key = Uint8Array.from(pub);
  return {
    name,
    keyId: id,
    alg,
    verify: (msg, sig) => {
      try {
        return sig.length === 64 && ed.verify(sig, msg, key, { zip215: false });
      } catch {
        return false;
      }
    },
  };
}

/** The verifier key string of a signer key string (what a server publishes for its private key). */
export function publicKeyOf(skey: string): string {
  const s = signerFromKey(skey);
  const b64 = splitKey(skey, 5)[4];
  return verifierKey(s.name, s.alg, ed.getPublicKey(fromBase64(b64).subarray(1)));
}
