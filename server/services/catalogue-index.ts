/**
 * The index call's data: the player's inventory and the site's target catalogue. The catalogue (5,000+ items)
 * is serialised to JSON once and reused for TTL milliseconds, so a burst of page loads costs one query.
 * Correctness never depends on it: the upgrade re-reads prices inside its transaction.
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { ItemDto } from '../../src/api/contract.ts';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { toMajor } from '../../src/domain/money.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { catalogueItems, inventoryItems } from '../db/schema.ts';
import { itemImageUrl } from './images.ts';

type CatalogueRow = Pick<typeof catalogueItems.$inferSelect, 'id' | 'name' | 'priceMinor' | 'image' | 'type' | 'typePrize'>;

function toDto(config: Config, id: number, row: CatalogueRow): ItemDto {
  return { id, name: row.name, price: toMajor(row.priceMinor), image: itemImageUrl(config, row), type: row.type, type_prize: row.typePrize };
}

const columns = {
  id: catalogueItems.id,
  name: catalogueItems.name,
  priceMinor: catalogueItems.priceMinor,
  image: catalogueItems.image,
  type: catalogueItems.type,
  typePrize: catalogueItems.typePrize,
};

/** The player's owned items of this site, locked (type_prize 13) ones included so the page can show them. */
export async function inventoryOf(db: Db, config: Config, userId: number): Promise<ItemDto[]> {
  const rows = await db
    .select({ inventoryId: inventoryItems.id, ...columns })
    .from(inventoryItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, inventoryItems.catalogueItemId))
    .where(and(eq(inventoryItems.userId, userId), eq(inventoryItems.state, 'owned'), eq(catalogueItems.site, config.site)))
    .orderBy(desc(catalogueItems.priceMinor), asc(inventoryItems.id));
  return rows.map((r) => toDto(config, r.inventoryId, r));
}

/** The site's upgrade targets (active, not type_prize 13) by price, as a JSON array string cached for ttlMs. */
export class TargetCatalogue {
  private cached: { json: string; at: number } | null = null;
  private loading: Promise<string> | null = null;

  constructor(private readonly db: Db, private readonly config: Config, private readonly ttlMs = 30_000) {}

  /** The cached JSON, reloaded once it is older than the TTL (one load at a time). */
  async json(): Promise<string> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.json;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Forgets the cached copy (after an import in this process). */
  invalidate(): void {
    this.cached = null;
  }

  private async load(): Promise<string> {
    const rows = await this.db
      .select(columns)
      .from(catalogueItems)
      .where(and(eq(catalogueItems.site, this.config.site), eq(catalogueItems.active, true), ne(catalogueItems.typePrize, LOCKED_TYPE_PRIZE)))
      .orderBy(asc(catalogueItems.priceMinor), asc(catalogueItems.id));
    const json = JSON.stringify(rows.map((r) => toDto(this.config, r.id, r)));
    this.cached = { json, at: Date.now() };
    return json;
  }
}
