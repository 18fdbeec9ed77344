/** The player's live-feed setting: whether the feed shows their name or "Hidden". */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../messages.ts';
import { LIVE_CHANNEL } from './live-listen.ts';

/** Parses the body's `hide` (form '0'/'1', JSON 0/1 or a boolean). */
export function parseHide(raw: unknown): boolean {
  if (raw === true || raw === 1 || raw === '1' || raw === 'true') return true;
  if (raw === false || raw === 0 || raw === '0' || raw === 'false') return false;
  throw new AppError(400, 'hide_name_invalid');
}

/**
 * Saves the setting and, in the same transaction, tells every process's feed, which renames the player's games
 * it keeps in memory; streams already sent a game keep what they were sent.
 */
export async function setHideName(db: Db, userId: number, hide: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ hideName: hide })
      .where(eq(users.id, userId))
      .returning({ hideName: users.hideName });
    if (!row) throw new AppError(401, 'not_signed_in');
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${`u${userId}:name`})`);
    return row.hideName;
  });
}
