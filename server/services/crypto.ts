/** node:crypto primitives the services share: hashes for stored secrets and the HMAC the roll is keyed with. */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HmacSha256Sync } from '../../src/domain/roll.ts';

/** SHA-256 of a string's UTF-8 bytes, lowercase hex. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** HMAC-SHA256 with the UTF-8 key and message, as the provably fair contract says. */
export const hmacSha256Node: HmacSha256Sync = (key, message) =>
  new Uint8Array(createHmac('sha256', Buffer.from(key, 'utf8')).update(message, 'utf8').digest());

/** A random secret for cookies and tokens (URL-safe). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Random lowercase hex of `bytes` bytes. */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/**
 * Whether two secrets are equal, in time that reveals neither where they differ nor the expected one's length
 * (both are hashed to one length first).
 */
export function sameSecret(presented: string | Uint8Array, expected: string | Uint8Array): boolean {
  const digest = (v: string | Uint8Array) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
