/**
 * Start-up seed: every site's catalogue when it is empty (generated, deterministic), and in demo mode the
 * demo/demo account with a starter pack of this site's items. Idempotent: safe on every start.
 */
import { count, eq } from 'drizzle-orm';
import { generateCatalogue, type CatalogueRow } from '../catalogue/generate.ts';
import { SITES } from '../../src/domain/sites.ts';
import type { Config, Site } from '../config.ts';
import { createUser, findUserId } from '../services/accounts.ts';
import { grantStarterPack, hasItemsOnSite } from '../services/grants.ts';
import type { Db } from './client.ts';
import { catalogueItems } from './schema.ts';

/** The demo account (demo mode only). */
export const DEMO_USER = { username: 'demo', password: 'demo' } as const;

/** Rows per insert statement when a catalogue is written. */
export const BATCH = 500;

/** A catalogue item as its table row on a site (the generator's and the CLI import's items alike). */
export function catalogueRow(site: Site, r: CatalogueRow): typeof catalogueItems.$inferInsert {
  return { site, name: r.name, priceMinor: r.priceMinor, type: r.type, typePrize: r.typePrize, image: r.image };
}

/** Inserts a site's generated catalogue if that site has none; returns the number of rows inserted. */
export async function seedCatalogue(db: Db, site: Site, rubPerUsd: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(catalogueItems).where(eq(catalogueItems.site, site));
  if (n > 0) return 0;
  const rows = generateCatalogue(site, { rubPerUsd });
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      await tx
        .insert(catalogueItems)
        .values(rows.slice(i, i + BATCH).map((r) => catalogueRow(site, r)))
        .onConflictDoNothing();
    }
  });
  return rows.length;
}

/** Seeds all catalogues and, in demo mode, the demo account with this site's starter pack. */
export async function seedDatabase(db: Db, config: Config): Promise<void> {
  for (const site of SITES) await seedCatalogue(db, site, config.rubPerUsd);
  if (!config.demoMode) return;
  const existing = await findUserId(db, DEMO_USER.username);
  if (existing === null) {
    await createUser(db, DEMO_USER.username, DEMO_USER.password, {
      site: config.site,
      starterPackSize: config.starterPackSize,
    });
  } else if (!(await hasItemsOnSite(db, existing, config.site))) {
    await grantStarterPack(db, config.site, existing, config.starterPackSize);
  }
}
