/**
 * Bench data, written with the server's own code before the server starts: migrations and seed, the CS catalogue
 * grown or cut to N targets, and players with sessions and enough cheap items for every game of the run.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { chanceThousandths, thousandthsToPercent } from '../../src/domain/chance.ts';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { loadConfig } from '../../server/config.ts';
import { openDb, type Db, type DbTarget } from '../../server/db/client.ts';
import { migrateAndRun } from '../../server/db/migrate.ts';
import { seedDatabase } from '../../server/db/seed.ts';
import { catalogueItems, inventoryItems } from '../../server/db/schema.ts';
import { createUser } from '../../server/services/accounts.ts';
import { grantStarterPack } from '../../server/services/grants.ts';
import { createSession } from '../../server/services/sessions.ts';
import { benchCatalogueRows } from './catalogue.ts';

/** A bench player: its session cookie and the inventory ids it will stake, in order. */
export interface BenchPlayer {
  cookie: string;
  items: number[];
}

/** What a run needs to play games: the players and one valid game shape. */
export interface BenchData {
  players: BenchPlayer[];
  /** Items staked per game, the target and the chance the page would send. */
  stakePerGame: number;
  targetId: number;
  /** Catalogue names of the stake item and the target, for finding them through the page's search boxes. */
  stakeName: string;
  targetName: string;
  chancePercent: number;
  catalogueTargets: number;
  /** A player with a starter pack plus as many cheap items (`items`), for the index call and the page. */
  indexPlayer: BenchPlayer;
}

/** Preparation options. */
export interface PrepareOptions {
  catalogueTargets: number;
  players: number;
  itemsPerPlayer: number;
  stakePerGame: number;
  /** Items of the index/page player: a starter pack of this size plus as many cheap stake items. */
  indexPlayerItems: number;
}

const BATCH = 1000;

/** Grows or cuts the CS catalogue to exactly `targets` usable targets (rows beyond it go off sale). */
export async function shapeCatalogue(db: Db, targets: number): Promise<void> {
  const rows = benchCatalogueRows(targets);
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(catalogueItems)
      .values(
        rows.slice(i, i + BATCH).map((r) => ({
          site: 'cs',
          name: r.name,
          priceMinor: r.priceMinor,
          type: r.type,
          typePrize: r.typePrize,
          image: r.image,
        })),
      )
      .onConflictDoNothing();
  }
  // Rows left out go off sale. One JSON parameter: an array would become one parameter per name (65,535 at most).
  const names = JSON.stringify(rows.map((r) => r.name));
  await db
    .update(catalogueItems)
    .set({ active: sql`${catalogueItems.name} in (select jsonb_array_elements_text(${names}::jsonb))` })
    .where(eq(catalogueItems.site, 'cs'));
}

/** The cheapest usable item of at least $1 (the stake) and the first target worth at least twice the stake. */
async function gameShape(db: Db, stakePerGame: number) {
  const usable = and(
    eq(catalogueItems.site, 'cs'),
    eq(catalogueItems.active, true),
    ne(catalogueItems.typePrize, LOCKED_TYPE_PRIZE),
  );
  const rows = await db
    .select({ id: catalogueItems.id, name: catalogueItems.name, price: catalogueItems.priceMinor })
    .from(catalogueItems)
    .where(usable)
    .orderBy(asc(catalogueItems.priceMinor), asc(catalogueItems.id));
  const stake = rows.find((r) => r.price >= 100)!;
  const target = rows.find((r) => r.price >= 2 * stake.price * stakePerGame)!;
  return {
    stake,
    target,
    chancePercent: thousandthsToPercent(chanceThousandths(stake.price * stakePerGame, target.price)),
  };
}

/** Migrates, seeds and fills a database for the bench; the handle is closed afterwards. */
export async function prepareDatabase(target: DbTarget, opts: PrepareOptions): Promise<BenchData> {
  const handle = await openDb(target);
  try {
    const config = loadConfig({ SITE: 'cs' }, { demoMode: false, logLevel: 'silent' });
    await migrateAndRun(handle, (db) => seedDatabase(db, config));
    const db = handle.db;
    await shapeCatalogue(db, opts.catalogueTargets);
    const shape = await gameShape(db, opts.stakePerGame);
    const players: BenchPlayer[] = [];
    for (let p = 0; p < opts.players; p++) {
      const userId = await createUser(db, `bench_${p}_${Date.now().toString(36)}`, 'bench-password', {
        site: 'cs',
        starterPackSize: 0,
      });
      const cookie = `sid=${await createSession(db, userId, 1)}`;
      await db.execute(sql`insert into inventory_items (user_id, catalogue_item_id, state, source)
        select ${userId}, ${shape.stake.id}, 'owned', 'grant' from generate_series(1, ${opts.itemsPerPlayer})`);
      const items = await db
        .select({ id: inventoryItems.id })
        .from(inventoryItems)
        .where(eq(inventoryItems.userId, userId))
        .orderBy(asc(inventoryItems.id));
      players.push({ cookie, items: items.map((r) => r.id) });
    }
    const indexUser = await createUser(db, `bench_page_${Date.now().toString(36)}`, 'bench-password', {
      site: 'cs',
      starterPackSize: 0,
    });
    await grantStarterPack(db, 'cs', indexUser, opts.indexPlayerItems);
    await db.execute(sql`insert into inventory_items (user_id, catalogue_item_id, state, source)
      select ${indexUser}, ${shape.stake.id}, 'owned', 'grant' from generate_series(1, ${opts.indexPlayerItems})`);
    const cheap = await db
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.userId, indexUser), eq(inventoryItems.catalogueItemId, shape.stake.id)))
      .orderBy(asc(inventoryItems.id));
    const indexPlayer = { cookie: `sid=${await createSession(db, indexUser, 1)}`, items: cheap.map((r) => r.id) };
    // Planner statistics for the bulk-loaded rows, as pgbench -i gathers for its own.
    await db.execute(sql`analyze`);
    return {
      indexPlayer,
      players,
      stakePerGame: opts.stakePerGame,
      targetId: shape.target.id,
      stakeName: shape.stake.name,
      targetName: shape.target.name,
      chancePercent: shape.chancePercent,
      catalogueTargets: opts.catalogueTargets,
    };
  } finally {
    await handle.close();
  }
}
