/** Sign-in sessions; the table keeps only the cookie secret's SHA-256, so a leaked table signs nobody in. */
import { eq, lt } from 'drizzle-orm';
import { statement, type Executor, type Queryable } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { randomToken, sha256Hex } from './crypto.ts';

/** The cookie name. */
export const SESSION_COOKIE = 'sid';

/** A signed-in request's identity. */
export interface SessionUser {
  sessionId: string;
  userId: number;
  username: string;
}

/** Starts a session; returns the cookie value. */
export async function createSession(db: Executor, userId: number, ttlDays: number): Promise<string> {
  const secret = randomToken();
  const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
  await db.insert(sessions).values({ id: sha256Hex(secret), userId, expiresAt });
  return secret;
}

/** A cookie value's stored id, or null for a value no session can have. */
export function sessionIdOf(cookie: string | undefined): string | null {
  return cookie && cookie.length <= 200 ? sha256Hex(cookie) : null;
}

const live = statement(
  'session_find',
  'select s.user_id as "userId", u.username from sessions s join users u on u.id = s.user_id where s.id = $1 and s.expires_at > now()',
);

/** The live session a cookie value names, or null; expiry by the database's clock. */
export async function findSession(q: Queryable, cookie: string | undefined): Promise<SessionUser | null> {
  const id = sessionIdOf(cookie);
  if (id === null) return null;
  const [row] = await q.rows<{ userId: number; username: string }>(live, [id]);
  return row ? { sessionId: id, ...row } : null;
}

/** Ends a session (idempotent) and drops expired ones while at it. */
export async function deleteSession(db: Executor, cookie: string | undefined): Promise<void> {
  if (cookie) await db.delete(sessions).where(eq(sessions.id, sha256Hex(cookie)));
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
