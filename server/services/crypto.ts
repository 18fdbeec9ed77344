/** node:crypto primitives the services share: hashes for stored secrets and the HMAC the roll is keyed with. */
import { createHash, createHmac, randomBytes } from 'node:crypto';
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
