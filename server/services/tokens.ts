/**
 * Single-use action tokens ('caseopen'): random, bound to the session and purpose, short-lived, stored as
 * SHA-256. The upgrade consumes its token inside the settlement transaction, so a refused game leaves the
 * token unused and a settled one can never be replayed.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { actionTokens } from '../db/schema.ts';
import { randomToken, sha256Hex } from './crypto.ts';

/** Purposes a token may be issued for. */
export const TOKEN_PURPOSES = ['caseopen'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** Issues a token for a session; also sweeps expired ones. */
export async function issueToken(db: Executor, sessionId: string, purpose: TokenPurpose, ttlSeconds: number): Promise<string> {
  const token = randomToken(24);
  await db.delete(actionTokens).where(lt(actionTokens.expiresAt, new Date(Date.now() - 86_400_000)));
  await db.insert(actionTokens).values({
    id: sha256Hex(token),
    sessionId,
    purpose,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

/** Marks a token used if it is this session's, of this purpose, unused and unexpired; false otherwise. */
export async function consumeToken(tx: Executor, token: string, sessionId: string, purpose: TokenPurpose): Promise<boolean> {
  const rows = await tx
    .update(actionTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(actionTokens.id, sha256Hex(token)),
        eq(actionTokens.sessionId, sessionId),
        eq(actionTokens.purpose, purpose),
        isNull(actionTokens.usedAt),
        gt(actionTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: actionTokens.id });
  return rows.length === 1;
}
