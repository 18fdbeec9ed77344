/**
 * Caseopen tokens, stateless: `<id>.<expiry>.<mac>`, where mac = HMAC-SHA256(server secret, purpose, session,
 * id, expiry). Issuing one reads and writes nothing (the session is checked where the token is spent, see
 * routes/upgrade.ts); the settlement verifies the MAC (this session, this purpose) and then,
 * inside its transaction, inserts the id into used_tokens only while the expiry is still ahead of the database's
 * clock: the primary key makes a token single-use, and a refused game rolls the insert back, leaving the token
 * usable. The secret lives in the database (app_secrets), so every process on one database accepts the others'
 * tokens. Spent ids are swept once expired (an expired token is refused before its id matters).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.ts';
import { statement } from '../db/client.ts';

/** Purposes a token may be issued for. */
export const TOKEN_PURPOSES = ['caseopen'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

const SECRET_NAME = 'caseopen_token_hmac';
const ID_BYTES = 16;
const ID_CHARS = 22;
const MAC_CHARS = 43;
/** Spent ids are kept this long past their expiry, a margin for clock differences between processes. */
const SWEEP_MARGIN = '1 minute';

/** Creates the token secret once per database (the seed and every start call it; the first one wins). */
export async function tokenSecret(db: Db): Promise<Buffer> {
  await db.execute(sql`insert into app_secrets (name, value) values (${SECRET_NAME}, ${randomBytes(32).toString('hex')}) on conflict (name) do nothing`);
  const { rows } = (await db.execute(sql`select value from app_secrets where name = ${SECRET_NAME}`)) as unknown as { rows: Array<{ value: string }> };
  return Buffer.from(rows[0].value, 'hex');
}

function mac(secret: Buffer, purpose: TokenPurpose, sessionId: string, id: string, expiry: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\n${sessionId}\n${id}\n${expiry}`).digest();
}

/** A token for a session (its stored id, the SHA-256 of the cookie) and purpose, valid for ttlSeconds from now. */
export function issueToken(secret: Buffer, sessionId: string, purpose: TokenPurpose, ttlSeconds: number, now = Date.now()): string {
  const id = randomBytes(ID_BYTES).toString('base64url');
  const expiry = String(Math.floor(now / 1000) + ttlSeconds);
  return `${id}.${expiry}.${mac(secret, purpose, sessionId, id, expiry).toString('base64url')}`;
}

/** What a verified token claims: its id and expiry, still to be spent in the settlement transaction. */
export interface TokenClaim {
  id: string;
  expiresAt: Date;
}

/** The claim of a token minted by this site for this session and purpose and not yet expired, else null. */
export function verifyToken(secret: Buffer, token: string, sessionId: string, purpose: TokenPurpose, now = Date.now()): TokenClaim | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [id, expiry, given] = parts;
  if (id.length !== ID_CHARS || given.length !== MAC_CHARS || !/^\d{1,12}$/.test(expiry)) return null;
  const expected = mac(secret, purpose, sessionId, id, expiry);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const expiresAt = new Date(Number(expiry) * 1000);
  return expiresAt.getTime() > now ? { id, expiresAt } : null;
}

const sweep = statement(
  'tokens_sweep',
  `with d as (delete from used_tokens where expires_at < now() - interval '${SWEEP_MARGIN}' returning 1) select count(*)::int as n from d`,
);

/** Deletes spent ids whose tokens have expired; returns how many. */
export async function sweepUsedTokens(q: Queryable): Promise<number> {
  return (await q.rows<{ n: number }>(sweep, []))[0].n;
}
