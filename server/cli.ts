/** Operator commands (`npm run cli -- <command>`), one transaction each; on PGlite it takes the data dir's lock. */
import fs from 'node:fs';
import { isSite } from '../src/domain/sites.ts';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { toMinor } from '../src/domain/money.ts';
import { parseCatalogue } from './catalogue/import.ts';
import { ConfigError, loadConfig, type Config, type Site } from './config.ts';
import { openDb, type Db } from './db/client.ts';
import { acquireDirLock, DirLockedError } from './db/lock.ts';
import { migrateAndRun } from './db/migrate.ts';
import { catalogueItems } from './db/schema.ts';
import { BATCH, catalogueRow, seedDatabase } from './db/seed.ts';
import { AppError, t } from './messages.ts';
import { checkCredentials, createUser, findUserId } from './services/accounts.ts';
import { refuseCommonPassword } from './services/password-policy.ts';
import { existingCatalogueIds, grantItems, randomCatalogueIds } from './services/grants.ts';

/** Where the CLI writes. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const HELP = `Usage: npm run cli -- <command>

  create-user <username> <password>        create a player (with a starter pack in demo mode)
  grant <username> --item <id>[,<id>...]   give catalogue items by catalogue id
  grant <username> --random N [--min-price X] [--max-price Y] [--site cs|dota|ru]
                                           give N random items of the site, prices in major units
  import <file.json|file.csv> [--site cs|dota|ru]
                                           add or update catalogue rows by (site, name)
  help                                     this text

Environment: the server's (DATA_DIR or DATABASE_URL, SITE, ...). On PGlite, stop the server first.`;

class UsageError extends Error {}

function siteOpt(value: string | undefined, config: Config): Site {
  if (value === undefined) return config.site;
  if (!isSite(value)) throw new UsageError(`--site must be cs, dota or ru, not ${JSON.stringify(value)}`);
  return value;
}

function priceOpt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`${name} must be a price in major units, e.g. 12.50`);
  return toMinor(n);
}

async function createUserCmd(db: Db, config: Config, args: string[], io: CliIo): Promise<number> {
  if (args.length !== 2) throw new UsageError('create-user needs <username> <password>');
  const { username, password } = checkCredentials({ username: args[0], password: args[1] }, 'new');
  await refuseCommonPassword(password);
  const id = await createUser(db, username, password, {
    site: config.site,
    starterPackSize: config.demoMode ? config.starterPackSize : 0,
  });
  io.out(
    `created user ${username} (id ${id})${config.demoMode ? ` with a starter pack of ${config.starterPackSize}` : ''}`,
  );
  return 0;
}

async function grantCmd(db: Db, config: Config, args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      item: { type: 'string' },
      random: { type: 'string' },
      'min-price': { type: 'string' },
      'max-price': { type: 'string' },
      site: { type: 'string' },
    },
  });
  if (positionals.length !== 1 || (values.item === undefined) === (values.random === undefined)) {
    throw new UsageError('grant needs <username> and exactly one of --item <ids> or --random N');
  }
  const userId = await findUserId(db, positionals[0]);
  if (userId === null) throw new UsageError(`no user named ${positionals[0]}`);
  const site = siteOpt(values.site, config);
  const ids = await db.transaction(async (tx) => {
    let catalogueIds: number[];
    if (values.item !== undefined) {
      catalogueIds = values.item.split(',').map((s) => Number(s.trim()));
      if (catalogueIds.some((n) => !Number.isSafeInteger(n) || n <= 0))
        throw new UsageError('--item takes catalogue ids like 12,13,14');
      const known = await existingCatalogueIds(tx, values.site === undefined ? null : site, catalogueIds);
      const missing = catalogueIds.filter((id) => !known.has(id));
      if (missing.length > 0) throw new UsageError(`no catalogue item with id ${missing.join(', ')}`);
    } else {
      const n = Number(values.random);
      if (!Number.isSafeInteger(n) || n < 1 || n > 10_000)
        throw new UsageError('--random takes a count from 1 to 10000');
      const minMinor = priceOpt('--min-price', values['min-price']);
      const maxMinor = priceOpt('--max-price', values['max-price']);
      catalogueIds = await randomCatalogueIds(tx, site, n, { minMinor, maxMinor });
      if (catalogueIds.length < n)
        throw new UsageError(`only ${catalogueIds.length} items of the ${site} catalogue match that price range`);
    }
    return grantItems(tx, userId, catalogueIds, [{ source: 'grant' }]);
  });
  io.out(`granted ${ids.length} item(s) to ${positionals[0]}: inventory ids ${ids.join(', ')}`);
  return 0;
}

async function importCmd(db: Db, config: Config, args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { site: { type: 'string' } } });
  if (positionals.length !== 1) throw new UsageError('import needs one <file.json|file.csv>');
  const file = positionals[0];
  const ext = path.extname(file).toLowerCase();
  if (ext !== '.json' && ext !== '.csv') throw new UsageError('the file must end in .json or .csv');
  const site = siteOpt(values.site, config);
  const { rows, errors } = parseCatalogue(fs.readFileSync(file, 'utf8'), ext === '.json' ? 'json' : 'csv');
  if (errors.length > 0) {
    for (const e of errors) io.err(e);
    io.err(`nothing imported: fix the ${errors.length} problem(s) above`);
    return 1;
  }
  let inserted = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const result = await tx
        .insert(catalogueItems)
        .values(rows.slice(i, i + BATCH).map((r) => catalogueRow(site, r)))
        .onConflictDoUpdate({
          target: [catalogueItems.site, catalogueItems.name],
          set: {
            priceMinor: sql`excluded.price_minor`,
            type: sql`excluded.type`,
            typePrize: sql`excluded.type_prize`,
            image: sql`excluded.image`,
            active: true,
          },
        })
        // xmax = 0 only on freshly inserted rows: tells inserts from updates.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      inserted += result.filter((r) => r.inserted).length;
    }
  });
  io.out(
    `imported ${rows.length} row(s) into the ${site} catalogue: ${inserted} new, ${rows.length - inserted} updated`,
  );
  return 0;
}

/** Runs one CLI command; returns the exit code. */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  io: CliIo = { out: console.log, err: console.error },
): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    io.out(HELP);
    return command ? 0 : 1;
  }
  const commands = { 'create-user': createUserCmd, grant: grantCmd, import: importCmd } as const;
  if (!(command in commands)) {
    io.err(`unknown command ${JSON.stringify(command)}\n\n${HELP}`);
    return 1;
  }
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const p of err.problems) io.err(p);
      return 1;
    }
    throw err;
  }
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = acquireDirLock(config.dataDir, 'cli');
    } catch (err) {
      if (err instanceof DirLockedError) {
        io.err(`refused: ${err.message}`);
        return 2;
      }
      throw err;
    }
  }
  try {
    const handle = await openDb(
      config.databaseUrl
        ? { kind: 'pg', url: config.databaseUrl, poolSize: 2 }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
    try {
      return await migrateAndRun(handle, async (db) => {
        await seedDatabase(db, config);
        return commands[command as keyof typeof commands](handle.db, config, args, io);
      });
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof UsageError) io.err(err.message);
    else if (err instanceof AppError) io.err(t('en', err.key));
    else throw err;
    return 1;
  } finally {
    release();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await runCli(process.argv.slice(2));
}
