/** Runs a transaction, retrying it when PostgreSQL reports a serialisation failure or deadlock. */
import type { Db, Tx } from './client.ts';
import { isRetryable } from './errors.ts';

/** db.transaction with up to `attempts` tries on retryable conflicts; other errors pass through. */
export async function withTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
    }
  }
}
