/** Putting catalogue items into inventories: the demo starter pack and operator grants. */
import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import type { Site } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { catalogueItems, inventoryItems } from '../db/schema.ts';

/** Where a granted item says it came from. */
export interface GrantSource {
  source: 'case' | 'giftcase' | 'grant' | 'starter';
  sourceCaseId?: number;
}

/** Random active catalogue ids of a site, optionally by price range and lock state. */
export async function randomCatalogueIds(
  db: Executor,
  site: Site,
  count: number,
  opts: { minMinor?: number; maxMinor?: number; locked?: boolean } = {},
): Promise<number[]> {
  const conds = [eq(catalogueItems.site, site), eq(catalogueItems.active, true)];
  if (opts.minMinor !== undefined) conds.push(gte(catalogueItems.priceMinor, opts.minMinor));
  if (opts.maxMinor !== undefined) conds.push(lte(catalogueItems.priceMinor, opts.maxMinor));
  if (opts.locked === true) conds.push(eq(catalogueItems.typePrize, LOCKED_TYPE_PRIZE));
  if (opts.locked === false) conds.push(ne(catalogueItems.typePrize, LOCKED_TYPE_PRIZE));
  const rows = await db
    .select({ id: catalogueItems.id })
    .from(catalogueItems)
    .where(and(...conds))
    .orderBy(sql`random()`)
    .limit(count);
  return rows.map((r) => r.id);
}

/** Inserts one inventory item per catalogue id (ids may repeat); returns the new inventory ids. */
export async function grantItems(
  db: Executor,
  userId: number,
  catalogueIds: number[],
  sources: GrantSource[],
): Promise<number[]> {
  if (catalogueIds.length === 0) return [];
  const rows = await db
    .insert(inventoryItems)
    .values(
      catalogueIds.map((catalogueItemId, i) => ({
        userId,
        catalogueItemId,
        state: 'owned',
        ...sources[i % sources.length],
      })),
    )
    .returning({ id: inventoryItems.id });
  return rows.map((r) => r.id);
}

/** The demo starter pack: random items, at least one locked, from mixed sources so every panel has data. */
export async function grantStarterPack(db: Executor, site: Site, userId: number, size: number): Promise<number[]> {
  const locked = await randomCatalogueIds(db, site, 1, { locked: true });
  const rest = await randomCatalogueIds(db, site, Math.max(0, size - locked.length));
  const ids = [...locked, ...rest];
  const sources = ids.map((_, i): GrantSource => {
    if (i % 3 === 0) return { source: 'case', sourceCaseId: 1 + (i % 12) };
    if (i % 5 === 1) return { source: 'giftcase' };
    return { source: 'starter' };
  });
  return grantItems(db, userId, ids, sources);
}

/** Whether a user ever held an item of this site: the demo pack is granted once. */
export async function hasItemsOnSite(db: Executor, userId: number, site: Site): Promise<boolean> {
  const [row] = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, inventoryItems.catalogueItemId))
    .where(and(eq(inventoryItems.userId, userId), eq(catalogueItems.site, site)))
    .limit(1);
  return row !== undefined;
}

/** Which of the given catalogue ids exist (on any site when site is null). */
export async function existingCatalogueIds(db: Executor, site: Site | null, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: catalogueItems.id })
    .from(catalogueItems)
    .where(
      site === null
        ? inArray(catalogueItems.id, ids)
        : and(eq(catalogueItems.site, site), inArray(catalogueItems.id, ids)),
    );
  return new Set(rows.map((r) => r.id));
}
