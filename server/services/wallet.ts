/**
 * Balances in integer minor units of the site's currency. A balance only changes together with a ledger
 * entry in the same transaction, so it always equals the sum of that user's entries.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { ledgerEntries, wallets } from '../db/schema.ts';

/** A user's balance in a currency (0 before the first credit). */
export async function balanceMinor(db: Executor, userId: number, currency: string): Promise<number> {
  const [row] = await db
    .select({ balance: wallets.balanceMinor })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currency, currency)));
  return row?.balance ?? 0;
}

/** Adds amountMinor (> 0) to a balance with its ledger entry; returns the new balance. Call inside a transaction. */
export async function credit(
  tx: Executor,
  entry: {
    userId: number;
    currency: string;
    amountMinor: number;
    kind: 'sale' | 'grant' | 'adjust';
    inventoryItemId?: number;
  },
): Promise<number> {
  const [row] = await tx
    .insert(wallets)
    .values({ userId: entry.userId, currency: entry.currency, balanceMinor: entry.amountMinor })
    .onConflictDoUpdate({
      target: [wallets.userId, wallets.currency],
      set: { balanceMinor: sql`${wallets.balanceMinor} + ${entry.amountMinor}` },
    })
    .returning({ balance: wallets.balanceMinor });
  await tx.insert(ledgerEntries).values({
    userId: entry.userId,
    currency: entry.currency,
    amountMinor: entry.amountMinor,
    kind: entry.kind,
    inventoryItemId: entry.inventoryItemId ?? null,
  });
  return row.balance;
}
