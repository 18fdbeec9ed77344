/** Stateless HMAC tokens `<id>.<expiry>.<mac>`; a game token is spent by its game (docs/decisions/game-tokens.md). */
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.ts';
import { statement } from '../db/client.ts';
import { sameSecret } from './crypto.ts';

/** Purposes a token may be issued for. */
export const TOKEN_PURPOSES = ['caseopen'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

const SECRET_NAME = 'caseopen_token_hmac';
const ID_BYTES = 16;
const ID_CHARS = 22;
const MAC_CHARS = 43;
/** A margin for clock differences between processes. */
const SWEEP_MARGIN = '1 minute';

/** Creates the token secret once per database; the first caller wins. */
export async function tokenSecret(db: Db): Promise<Buffer> {
  await db.execute(
    sql`insert into app_secrets (name, value) values (${SECRET_NAME}, ${randomBytes(32).toString('hex')}) on conflict (name) do nothing`,
  );
  const { rows } = (await db.execute(sql`select value from app_secrets where name = ${SECRET_NAME}`)) as unknown as {
    rows: Array<{ value: string }>;
  };
  return Buffer.from(rows[0].value, 'hex');
}

function mac(secret: Buffer, purpose: TokenPurpose, sessionId: string, id: string, expiry: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\n${sessionId}\n${id}\n${expiry}`).digest();
}

/** The seed and nonce a game token is bound to: the player's next game. */
export interface GameBinding {
  seedId: number;
  nonce: number;
}

const GAME_ID = /^(\d{1,10}):(\d{1,15})$/;

/** A token for a session and purpose; a game token when `game` is given. */
export function issueToken(
  secret: Buffer,
  sessionId: string,
  purpose: TokenPurpose,
  ttlSeconds: number,
  now = Date.now(),
  game?: GameBinding,
): string {
  const id = game ? `${game.seedId}:${game.nonce}` : randomBytes(ID_BYTES).toString('base64url');
  const expiry = String(Math.floor(now / 1000) + ttlSeconds);
  return `${id}.${expiry}.${mac(secret, purpose, sessionId, id, expiry).toString('base64url')}`;
}

/** What a verified token claims, still to be spent in the settlement transaction. */
export interface TokenClaim {
  id: string;
  expiresAt: Date;
  /** null for a session token, spent through used_tokens. */
  game: GameBinding | null;
}

/** The claim of a live token minted here for this session and purpose, else null. */
export function verifyToken(
  secret: Buffer,
  token: string,
  sessionId: string,
  purpose: TokenPurpose,
  now = Date.now(),
): TokenClaim | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [id, expiry, given] = parts;
  const bound = GAME_ID.exec(id);
  if ((!bound && id.length !== ID_CHARS) || given.length !== MAC_CHARS || !/^\d{1,12}$/.test(expiry)) return null;
  const expected = mac(secret, purpose, sessionId, id, expiry);
  const actual = Buffer.from(given, 'base64url');
  if (!sameSecret(actual, expected)) return null;
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= now) return null;
  return { id, expiresAt, game: bound ? { seedId: Number(bound[1]), nonce: Number(bound[2]) } : null };
}

const sweep = statement(
  'tokens_sweep',
  `with d as (delete from used_tokens where expires_at < now() - interval '${SWEEP_MARGIN}' returning 1) select count(*)::int as n from d`,
);

/** Deletes spent ids whose tokens have expired; returns how many. */
export async function sweepUsedTokens(q: Queryable): Promise<number> {
  return (await q.rows<{ n: number }>(sweep, []))[0].n;
}
