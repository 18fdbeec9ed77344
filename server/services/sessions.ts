/**
 * Sign-in sessions stored in the database. The cookie carries a random secret; the table keeps only its
 * SHA-256, so a leaked table signs nobody in. Several server processes share them through the database.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
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

/** The live session a cookie value names, or null. */
export async function findSession(db: Executor, cookie: string | undefined): Promise<SessionUser | null> {
  if (!cookie || cookie.length > 200) return null;
  const id = sha256Hex(cookie);
  const [row] = await db
    .select({ userId: sessions.userId, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ? { sessionId: id, ...row } : null;
}

/** Ends a session (idempotent) and drops expired ones while at it. */
export async function deleteSession(db: Executor, cookie: string | undefined): Promise<void> {
  if (cookie) await db.delete(sessions).where(eq(sessions.id, sha256Hex(cookie)));
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
