/**
 * The one pg-core schema, for PGlite and PostgreSQL alike. Money is integer minor units (bigint columns read
 * as JS numbers: every amount stays far below 2^53). Column names are snake_case by the client's casing.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name?: string) => (name ? bigint(name, { mode: 'number' }) : bigint({ mode: 'number' }));
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Site catalogues: 'cs' and 'dota' in USD cents, 'ru' is the CS catalogue in kopecks. */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: serial().primaryKey(),
    site: text().notNull(),
    name: text().notNull(),
    priceMinor: money().notNull(),
    /** Real picture URL; null serves the generated one. */
    image: text(),
    type: text().notNull(),
    typePrize: integer().notNull().default(0),
    /** Off-sale: not offered as a target; the row stays, as games and inventories refer to it. */
    active: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('catalogue_site_name_uq').on(t.site, t.name),
    index('catalogue_site_price_idx').on(t.site, t.priceMinor),
    check('catalogue_price_positive', sql`${t.priceMinor} > 0`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    /** Tickets (bonus balance). */
    bonusBalance: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    /** The live feed shows "Hidden" instead of the name. */
    hideName: boolean().notNull().default(false),
    /** steamid64 of an account made by Steam sign-in; null for username accounts. */
    steamId: text(),
    /** The Steam persona name, when the Steam Web API gave one; the username is shown otherwise. */
    displayName: text(),
    avatarUrl: text(),
    /** The end of a cool-off; play is refused until then (it is never moved earlier). */
    coolOffUntil: timestamp({ withTimezone: true }),
    /** Self-excluded for good: play is refused whatever coolOffUntil says. */
    excludedPermanently: boolean().notNull().default(false),
    /** Minutes of play between reality checks; 0 = off. */
    realityCheckMinutes: smallint().notNull().default(60),
    /** When the player confirmed being 18 or older (null: accounts made before the question). */
    ageConfirmedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_steam_id_uq').on(t.steamId),
  ],
);

/**
 * Loss and stake limits (src/domain/playSafe.ts) per player, currency, kind and period: the amount in force, and a
 * raise or removal (pendingAmountMinor null) that takes over at pendingAt.
 */
export const playLimits = pgTable(
  'play_limits',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    currency: text().notNull(),
    /** 'loss' | 'stake' */
    kind: text().notNull(),
    /** 'day' | 'week' | 'month' */
    period: text().notNull(),
    amountMinor: money().notNull(),
    pendingAmountMinor: money(),
    pendingAt: timestamp({ withTimezone: true }),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'play_limits_pk', columns: [t.userId, t.currency, t.kind, t.period] }),
    check('play_limits_kind', sql`${t.kind} in ('loss', 'stake')`),
    check('play_limits_period', sql`${t.period} in ('day', 'week', 'month')`),
    check(
      'play_limits_amount_positive',
      sql`${t.amountMinor} > 0 and (${t.pendingAmountMinor} is null or ${t.pendingAmountMinor} > 0)`,
    ),
  ],
);

/** Steam OpenID response nonces already accepted, kept until they are too old to pass the age check anyway. */
export const steamNonces = pgTable(
  'steam_nonces',
  {
    nonce: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('steam_nonces_expires_idx').on(t.expiresAt)],
);

/** One balance per user and currency; always the sum of that user's ledger entries in it. */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    currency: text().notNull(),
    balanceMinor: money().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.currency] }), check('wallet_non_negative', sql`${t.balanceMinor} >= 0`)],
);

/** Every balance change, append-only. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    currency: text().notNull(),
    amountMinor: money().notNull(),
    /** 'sale' | 'grant' | 'adjust' | 'game' (a balance stake, negative) */
    kind: text().notNull(),
    inventoryItemId: integer(),
    gameId: bigint({ mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_user_idx').on(t.userId, t.currency)],
);

/** Sign-in sessions; the id is the SHA-256 of the cookie value, so a database leak reveals no live cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Spent caseopen tokens (the tokens are stateless HMACs): the primary key makes each single-use; swept once
 * expired.
 */
export const usedTokens = pgTable(
  'used_tokens',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('used_tokens_expiry_idx').on(t.expiresAt)],
);

/** Server-side secrets shared by every process on this database (created once by the seed). */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
});

/** Items players own or owned. state: 'owned' | 'spent' (staked in a game) | 'sold'. */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    catalogueItemId: integer()
      .notNull()
      .references(() => catalogueItems.id),
    state: text().notNull().default('owned'),
    /** 'case' | 'giftcase' | 'upgrade' | 'grant' | 'starter' */
    source: text().notNull(),
    sourceCaseId: integer(),
    /** The winning game that produced it (source 'upgrade'). */
    sourceGameId: bigint({ mode: 'number' }),
    /** The game it was staked in (state 'spent'). */
    spentGameId: bigint({ mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('inventory_user_state_idx').on(t.userId, t.state),
    // Partial: only won items carry a game; a game wins one item at most.
    uniqueIndex('inventory_source_game_uq')
      .on(t.sourceGameId)
      .where(sql`${t.sourceGameId} is not null`),
  ],
);

/** Provably fair seeds. status: 'next' (committed) -> 'active' -> 'revealed'. */
export const seeds = pgTable(
  'seeds',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    serverSeed: text().notNull(),
    serverSeedHash: text().notNull(),
    clientSeed: text(),
    status: text().notNull(),
    /** Next nonce to use while active; the number of games played once revealed. */
    nonce: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    activatedAt: timestamp({ withTimezone: true }),
    revealedAt: timestamp({ withTimezone: true }),
    /** Log indexes of its commitment and, once revealed, its reveal. */
    commitIndex: bigint({ mode: 'number' }),
    revealIndex: bigint({ mode: 'number' }),
  },
  (t) => [
    index('seeds_log_commit_pending_idx')
      .on(t.id)
      .where(sql`${t.commitIndex} is null`),
    index('seeds_log_reveal_pending_idx')
      .on(t.id)
      .where(sql`${t.revealIndex} is null and ${t.status} = 'revealed'`),
    uniqueIndex('seeds_active_uq')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('seeds_next_uq')
      .on(t.userId)
      .where(sql`${t.status} = 'next'`),
    uniqueIndex('seeds_hash_uq').on(t.serverSeedHash),
  ],
);

/**
 * Settled games: everything needed to recompute and audit the roll, append-only. Triggers, not foreign keys,
 * keep the rows it names (docs/decisions/games-log-guards.md).
 */
export const games = pgTable(
  'games',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    rollId: text().notNull(),
    userId: integer().notNull(),
    site: text().notNull(),
    seedId: integer().notNull(),
    serverSeedHash: text().notNull(),
    clientSeed: text().notNull(),
    nonce: bigint({ mode: 'number' }).notNull(),
    /** Thousandths of a percent. */
    chance: integer().notNull(),
    rollUnder: boolean().notNull(),
    /** R, 0 .. 99_999, and where it was found in the HMAC stream. */
    roll: integer().notNull(),
    round: integer().notNull(),
    chunk: integer().notNull(),
    success: boolean().notNull(),
    /** Items plus balance staked. */
    stakeMinor: money().notNull(),
    stakeCount: integer().notNull(),
    /** The part of stakeMinor paid from the balance. */
    balanceStakeMinor: money().notNull().default(0),
    targetCatalogueItemId: integer().notNull(),
    targetPriceMinor: money().notNull(),
    wonInventoryItemId: integer(),
    tickets: integer().notNull(),
    /** The house rules the game was played with (src/domain/rules.ts): payout factor and chance bounds. */
    payoutPer100k: integer('payout_per_100k').notNull().default(90_000),
    chanceMin: integer().notNull().default(100),
    chanceMax: integer().notNull().default(80_000),
    createdAt: createdAt(),
    /** Its entry's index in the site's public log; null until the sequencer reaches it. */
    logIndex: bigint({ mode: 'number' }),
    /** Its seed is revealed, so the public export may show it; set by the rotation that reveals the seed. */
    revealed: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('games_roll_id_uq').on(t.rollId),
    // The export's pages, whatever share of the games is still unrevealed.
    index('games_export_idx')
      .on(t.site, t.id)
      .where(sql`${t.revealed}`),
    index('games_log_pending_idx')
      .on(t.id)
      .where(sql`${t.logIndex} is null`),
    uniqueIndex('games_log_index_uq').on(t.site, t.logIndex),
    uniqueIndex('games_seed_nonce_uq').on(t.seedId, t.nonce),
    index('games_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The fairness audit's sums per site, UTC hour, chance band and direction (src/domain/audit.ts AuditSums), added
 * in the log sequencer's batch (server/services/audit-rollup.ts ROLLUP_GAMES) for every game that has a log index.
 */
export const auditRollup = pgTable(
  'audit_rollup',
  {
    site: text().notNull(),
    hour: timestamp({ withTimezone: true }).notNull(),
    band: smallint().notNull(),
    rollUnder: boolean().notNull(),
    games: bigint({ mode: 'number' }).notNull(),
    wins: bigint({ mode: 'number' }).notNull(),
    stakeMinor: money().notNull(),
    payoutMinor: money().notNull(),
    sumChance: bigint({ mode: 'number' }).notNull(),
    sumVar: numeric().notNull(),
    sumExpectedPayout: numeric().notNull(),
    sumPayoutVar: numeric().notNull(),
  },
  (t) => [primaryKey({ name: 'audit_rollup_pk', columns: [t.site, t.hour, t.band, t.rollUnder] })],
);

/** Every client seed a seed pair got (a trigger on seeds writes them), each logged once. */
export const seedClientSeeds = pgTable(
  'seed_client_seeds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    seedId: integer().notNull(),
    clientSeed: text().notNull(),
    createdAt: createdAt(),
    logIndex: bigint({ mode: 'number' }),
  },
  (t) => [
    index('seed_client_seeds_log_pending_idx')
      .on(t.id)
      .where(sql`${t.logIndex} is null`),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Entry `idx` of a site's public log, the line exactly as hashed. */
export const logEntries = pgTable(
  'log_entries',
  {
    site: text().notNull(),
    idx: bigint({ mode: 'number' }).notNull(),
    line: text().notNull(),
  },
  (t) => [primaryKey({ name: 'log_entries_pk', columns: [t.site, t.idx] })],
);

/** The newest version of each tile of a site's log (C2SP tlog-tiles). */
export const logTiles = pgTable(
  'log_tiles',
  {
    site: text().notNull(),
    level: smallint().notNull(),
    idx: bigint({ mode: 'number' }).notNull(),
    width: smallint().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ name: 'log_tiles_pk', columns: [t.site, t.level, t.idx] })],
);

/** The signed checkpoint of each site's log. */
export const logState = pgTable('log_state', {
  site: text().primaryKey(),
  size: bigint({ mode: 'number' }).notNull(),
  root: bytea().notNull(),
  checkpoint: text().notNull(),
  updatedAt: createdAt(),
});

/** Recent signed checkpoints, for witnesses cosigning one slightly older than the newest. */
export const logCheckpoints = pgTable(
  'log_checkpoints',
  {
    site: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    checkpoint: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'log_checkpoints_pk', columns: [t.site, t.size] })],
);

/** The newest cosignature of each witness per site. */
export const logCosignatures = pgTable(
  'log_cosignatures',
  {
    site: text().notNull(),
    witness: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    line: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'log_cosignatures_pk', columns: [t.site, t.witness] })],
);
