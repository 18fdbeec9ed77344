// Bench data, written with the server's own code before it starts: migrations and seed, the CS catalogue grown or
// cut to N targets, players with sessions and enough cheap items for every game of the run.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { generateCatalogue, type CatalogueRow } from '../../server/catalogue/generate.ts';
import { unit } from '../../server/catalogue/hash.ts';
import { loadConfig } from '../../server/config.ts';
import { openDb, type Db } from '../../server/db/client.ts';
import { migrateAndRun } from '../../server/db/migrate.ts';
import { seedDatabase } from '../../server/db/seed.ts';
import { catalogueItems, inventoryItems } from '../../server/db/schema.ts';
import { createUser } from '../../server/services/accounts.ts';
import { grantStarterPack } from '../../server/services/grants.ts';
import { createSession } from '../../server/services/sessions.ts';
import { chanceThousandths, thousandthsToPercent } from '../../src/domain/chance.ts';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';

/** A bench player: its session cookie and the inventory ids it will stake, in order. */
export type BenchPlayer = { cookie: string; items: number[] };

/** What a run needs to play games: the players and one valid game shape. */
export type BenchData = Awaited<ReturnType<typeof prepareDatabase>>;

// The generated CS rows, cut or grown with StatTrak™ and Souvenir variants priced like the generator's own to
// `targets` usable targets: real names and prices, because the index's compression depends on them.
function catalogueRows(targets: number): CatalogueRow[] {
  const base = generateCatalogue('cs', { rubPerUsd: 90 });
  const usable = base.filter((r) => r.typePrize !== LOCKED_TYPE_PRIZE);
  if (targets <= usable.length) {
    // Every k-th row by price, plus the locked rows.
    const step = usable.length / targets;
    const sorted = [...usable].sort((a, b) => a.priceMinor - b.priceMinor);
    const kept = Array.from({ length: targets }, (_, i) => sorted[Math.floor(i * step)]);
    return [...kept, ...base.filter((r) => r.typePrize === LOCKED_TYPE_PRIZE)];
  }
  const names = new Set(base.map((r) => r.name));
  const extra: CatalogueRow[] = [];
  const variants = [
    { prefix: 'StatTrak™ ', low: 1.5, span: 1.5, knives: true },
    { prefix: 'Souvenir ', low: 1.3, span: 2.7, knives: false },
  ];
  for (const v of variants) {
    for (const r of usable) {
      if (usable.length + extra.length >= targets) break;
      const starred = r.name.startsWith('★ ');
      if (r.name.includes('StatTrak™') || (starred && !v.knives)) continue;
      const name = starred ? `★ ${v.prefix}${r.name.slice(2)}` : `${v.prefix}${r.name}`;
      if (names.has(name)) continue;
      names.add(name);
      const priceMinor = Math.round(r.priceMinor * (v.low + v.span * unit(r.name, `bench-${v.prefix}`)));
      extra.push({ ...r, name, priceMinor });
    }
  }
  if (usable.length + extra.length < targets)
    throw new Error(`the bench catalogue tops out at ${usable.length + extra.length} targets`);
  return [...base, ...extra];
}

/** Grows or cuts the CS catalogue to exactly `targets` usable targets (rows beyond it go off sale). */
export async function shapeCatalogue(db: Db, targets: number): Promise<void> {
  const rows = catalogueRows(targets);
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows.slice(i, i + 1000).map((r) => ({ site: 'cs', ...r }));
    await db.insert(catalogueItems).values(values).onConflictDoNothing();
  }
  // One JSON parameter: an array would become one parameter per name (65,535 at most).
  const names = JSON.stringify(rows.map((r) => r.name));
  await db
    .update(catalogueItems)
    .set({ active: sql`${catalogueItems.name} in (select jsonb_array_elements_text(${names}::jsonb))` })
    .where(eq(catalogueItems.site, 'cs'));
}

/** A new player with a session, `copies` of one catalogue item and a starter pack of `pack` items. */
async function benchPlayer(db: Db, name: string, item: number, copies: number, pack = 0): Promise<BenchPlayer> {
  const username = `${name}_${Date.now().toString(36)}`;
  const user = await createUser(db, username, 'bench-password', { site: 'cs', starterPackSize: 0 });
  if (pack > 0) await grantStarterPack(db, 'cs', user, pack);
  await db.execute(sql`insert into inventory_items (user_id, catalogue_item_id, state, source)
    select ${user}, ${item}, 'owned', 'grant' from generate_series(1, ${copies})`);
  const items = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.userId, user), eq(inventoryItems.catalogueItemId, item)))
    .orderBy(asc(inventoryItems.id));
  return { cookie: `sid=${await createSession(db, user, 1)}`, items: items.map((r) => r.id) };
}

/** Migrates, seeds and fills a database; the game stakes the cheapest item of $1 or more on one worth twice as much. */
export async function prepareDatabase(
  url: string,
  catalogueTargets: number,
  { players = 0, itemsPerPlayer = 0, stakePerGame = 1, indexPlayerItems = 1 } = {},
) {
  const handle = await openDb({ kind: 'pg', url });
  try {
    const config = loadConfig({ SITE: 'cs' }, { demoMode: false, logLevel: 'silent' });
    await migrateAndRun(handle, (db) => seedDatabase(db, config));
    const db = handle.db;
    await shapeCatalogue(db, catalogueTargets);
    const c = catalogueItems;
    const usable = await db
      .select({ id: c.id, name: c.name, price: c.priceMinor })
      .from(c)
      .where(and(eq(c.site, 'cs'), eq(c.active, true), ne(c.typePrize, LOCKED_TYPE_PRIZE)))
      .orderBy(asc(c.priceMinor), asc(c.id));
    const stake = usable.find((r) => r.price >= 100)!;
    const target = usable.find((r) => r.price >= 2 * stake.price * stakePerGame)!;
    const benchPlayers: BenchPlayer[] = [];
    for (let p = 0; p < players; p++) benchPlayers.push(await benchPlayer(db, `bench_${p}`, stake.id, itemsPerPlayer));
    const indexPlayer = await benchPlayer(db, 'bench_page', stake.id, indexPlayerItems, indexPlayerItems);
    // Planner statistics for the bulk-loaded rows, as pgbench -i gathers for its own.
    await db.execute(sql`analyze`);
    return {
      players: benchPlayers,
      stakePerGame,
      targetId: target.id,
      // Names for finding the stake item and the target through the page's search boxes.
      stakeName: stake.name,
      targetName: target.name,
      chancePercent: thousandthsToPercent(chanceThousandths(stake.price * stakePerGame, target.price)),
      catalogueTargets,
      // A player with a starter pack plus as many cheap items, for the index call and the page.
      indexPlayer,
    };
  } finally {
    await handle.close();
  }
}
