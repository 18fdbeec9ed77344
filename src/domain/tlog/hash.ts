/** RFC 6962 section 2.1 hashing: leaves and interior nodes are domain-separated by a prefix byte. */
import { sha256 } from '@noble/hashes/sha2.js';

export type Hash = Uint8Array;
export const HASH_SIZE = 32;

export function leafHash(entry: Uint8Array): Hash {
  const buf = new Uint8Array(entry.length + 1);
  buf[0] = 0x00;
  buf.set(entry, 1);
  return sha256(buf);
}

export function nodeHash(left: Hash, right: Hash): Hash {
  const buf = new Uint8Array(1 + 2 * HASH_SIZE);
  buf[0] = 0x01;
  buf.set(left, 1);
  buf.set(right, 1 + HASH_SIZE);
  return sha256(buf);
}

/** The root of the empty tree: SHA-256 of the empty string. */
export function emptyRoot(): Hash {
  return sha256(new Uint8Array(0));
}

/** The Merkle root of a complete list of hashes (any count >= 1), split as RFC 6962's MTH does. */
export function rootOfHashes(hashes: Hash[]): Hash {
  if (hashes.length === 0) return emptyRoot();
  let level = hashes;
  // Pairing left to right, carrying an odd last node up, equals MTH's "largest power of two" split.
  while (level.length > 1) {
    const next: Hash[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(nodeHash(level[i], level[i + 1]));
    if (level.length % 2 === 1) next.push(level[level.length - 1]);
    level = next;
  }
  return level[0];
}
