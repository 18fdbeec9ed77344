/** RFC 9162 proof verification (sections 2.1.3.2 and 2.1.4.2), on safe integers rather than uint64. */
import { HASH_SIZE, nodeHash, type Hash } from './hash.ts';
import { bytesEqual } from './bytes.ts';

const odd = (x: number): boolean => x % 2 === 1;
const half = (x: number): number => Math.floor(x / 2);

function wellFormed(hashes: Hash[]): boolean {
  return hashes.every((h) => h instanceof Uint8Array && h.length === HASH_SIZE);
}

function sizesOk(...xs: number[]): boolean {
  return xs.every((x) => Number.isSafeInteger(x) && x >= 0);
}

/** The root an inclusion proof leads to, or null when the proof's shape does not fit index and size. */
export function rootFromInclusion(index: number, size: number, leaf: Hash, proof: Hash[]): Hash | null {
  if (!sizesOk(index, size) || index >= size || !wellFormed([leaf, ...proof])) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return null;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 ? r : null;
}

export function verifyInclusion(index: number, size: number, leaf: Hash, proof: Hash[], root: Hash): boolean {
  const got = rootFromInclusion(index, size, leaf, proof);
  return got !== null && root.length === HASH_SIZE && bytesEqual(got, root);
}

export function verifyConsistency(from: number, to: number, fromRoot: Hash, toRoot: Hash, proof: Hash[]): boolean {
  if (!sizesOk(from, to) || from > to || !wellFormed([fromRoot, toRoot, ...proof])) return false;
  if (from === to) return proof.length === 0 && bytesEqual(fromRoot, toRoot);
  if (from === 0) return proof.length === 0; // every tree extends the empty one
  if (proof.length === 0) return false;
  // Step 1: a power-of-two first tree is itself a node of the second, so it starts the path.
  const path = isPow2(from) ? [fromRoot, ...proof] : proof;
  let fn = from - 1;
  let sn = to - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && bytesEqual(fr, fromRoot) && bytesEqual(sr, toRoot);
}

function isPow2(x: number): boolean {
  while (x > 1 && x % 2 === 0) x /= 2;
  return x === 1;
}
