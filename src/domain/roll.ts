/** The provably fair roll (../shared/spec/provably-fair.md); the HMAC is injected so browser and Node share it. */
import { ROLL_SPACE } from './chance.ts';

/** Chunks at or above this are rejected so that R is exactly uniform (42_949 x 100_000). */
export const ACCEPT_BELOW = 4_294_900_000;

/** HMAC-SHA256 over UTF-8 key and message. */
export type HmacSha256 = (key: string, message: string) => Promise<Uint8Array>;
export type HmacSha256Sync = (key: string, message: string) => Uint8Array;

/** A computed roll: R in 0 .. 99_999 and where in the byte stream it was found. */
export interface Roll {
  value: number;
  round: number;
  chunk: number;
}

/** The HMAC message for one round. */
export function rollMessage(clientSeed: string, nonce: number | bigint, round: number): string {
  return `${clientSeed}:${BigInt(nonce).toString(10)}:${round}`;
}

/** The first accepted chunk of one digest, or null if all eight are rejected. */
export function pickFromDigest(digest: Uint8Array): { value: number; chunk: number } | null {
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  for (let chunk = 0; chunk < 8; chunk++) {
    const x = view.getUint32(chunk * 4, false);
    if (x < ACCEPT_BELOW) return { value: x % ROLL_SPACE, chunk };
  }
  return null;
}

function checkInputs(serverSeed: string, nonce: number | bigint): void {
  if (!/^[0-9a-f]{64}$/.test(serverSeed)) throw new RangeError('server seed must be 64 lowercase hex characters');
  if (typeof nonce === 'number' && (!Number.isSafeInteger(nonce) || nonce < 0))
    throw new RangeError('nonce must be an integer >= 0');
  if (typeof nonce === 'bigint' && nonce < 0n) throw new RangeError('nonce must be an integer >= 0');
}

/** The roll, with an async HMAC (WebCrypto). */
export async function computeRoll(
  hmac: HmacSha256,
  serverSeed: string,
  clientSeed: string,
  nonce: number | bigint,
): Promise<Roll> {
  checkInputs(serverSeed, nonce);
  for (let round = 0; ; round++) {
    const hit = pickFromDigest(await hmac(serverSeed, rollMessage(clientSeed, nonce, round)));
    if (hit) return { value: hit.value, round, chunk: hit.chunk };
  }
}

/** The roll, with a synchronous HMAC (node:crypto). */
export function computeRollSync(
  hmac: HmacSha256Sync,
  serverSeed: string,
  clientSeed: string,
  nonce: number | bigint,
): Roll {
  checkInputs(serverSeed, nonce);
  for (let round = 0; ; round++) {
    const hit = pickFromDigest(hmac(serverSeed, rollMessage(clientSeed, nonce, round)));
    if (hit) return { value: hit.value, round, chunk: hit.chunk };
  }
}

/** R as the roll players see: 0.000 .. 99.999. */
export function rollToPercent(value: number): number {
  return value / 1000;
}

/**
 * 1 to 64 visible characters, not only spaces. Nothing that renders as nothing (format, control or
 * default-ignorable characters such as U+3164): the verifier would show another seed than the one used.
 */
export function isValidClientSeed(seed: string): boolean {
  const chars = Array.from(seed);
  return (
    chars.length >= 1 &&
    chars.length <= 64 &&
    /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]+$/u.test(seed) &&
    !/\p{Default_Ignorable_Code_Point}/u.test(seed) &&
    seed.trim() !== ''
  );
}
