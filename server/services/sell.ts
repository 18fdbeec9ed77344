/** Selling changes the item's state conditionally under locks, so a double sell or one racing a game pays once. */
import { and, eq } from 'drizzle-orm';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { siteInfo, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { catalogueItems, inventoryItems } from '../db/schema.ts';
import { withTransaction } from '../db/transaction.ts';
import { AppError } from '../messages.ts';
import { lockUser } from './seeds.ts';
import { credit } from './wallet.ts';

/** The sell body's id: a form string or a JSON number, digits only. */
export function parseSellId(raw: unknown): number {
  const text = typeof raw === 'number' || typeof raw === 'string' ? String(raw).trim() : '';
  const id = Number(text);
  if (!/^\d{1,10}$/.test(text) || id <= 0 || id > 2_147_483_647) throw new AppError(400, 'sell_id_invalid');
  return id;
}

/** Sells the player's item; returns the new balance in minor units. */
export async function sellItem(db: Db, config: Config, userId: number, inventoryId: number): Promise<number> {
  const { currency } = siteInfo(config.site);
  return withTransaction(db, async (tx) => {
    // The player's lock first, as a game takes them: the other order deadlocks.
    await lockUser(tx, userId);
    const [row] = await tx
      .select({
        state: inventoryItems.state,
        site: catalogueItems.site,
        priceMinor: catalogueItems.priceMinor,
        typePrize: catalogueItems.typePrize,
      })
      .from(inventoryItems)
      .innerJoin(catalogueItems, eq(catalogueItems.id, inventoryItems.catalogueItemId))
      .where(and(eq(inventoryItems.id, inventoryId), eq(inventoryItems.userId, userId)))
      .for('update', { of: inventoryItems });
    if (!row || row.state !== 'owned' || row.site !== config.site) throw new AppError(409, 'item_unavailable');
    if (row.typePrize === LOCKED_TYPE_PRIZE) throw new AppError(400, 'item_locked');
    const sold = await tx
      .update(inventoryItems)
      .set({ state: 'sold', updatedAt: new Date() })
      .where(and(eq(inventoryItems.id, inventoryId), eq(inventoryItems.state, 'owned')))
      .returning({ id: inventoryItems.id });
    if (sold.length !== 1) throw new AppError(409, 'item_unavailable');
    return credit(tx, { userId, currency, amountMinor: row.priceMinor, kind: 'sale', inventoryItemId: inventoryId });
  });
}
