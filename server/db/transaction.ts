/** Runs a transaction, retrying it when PostgreSQL reports a serialisation failure or deadlock. */
import type { Db, RawDb, Tx, TxQueryable } from './client.ts';
import { isRetryable } from './errors.ts';

async function retrying<T>(run: () => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
    }
  }
}

/** db.transaction with up to `attempts` tries on retryable conflicts; other errors pass through. */
export function withTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 4): Promise<T> {
  return retrying(() => db.transaction(work), attempts);
}

/** The same over prepared statements (the settlement's hot path). */
export function withRawTransaction<T>(raw: RawDb, work: (q: TxQueryable) => Promise<T>, attempts = 4): Promise<T> {
  return retrying(() => raw.transaction(work), attempts);
}
