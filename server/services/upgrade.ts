/**
 * Settling an upgrade in one transaction: read under the player's lock, decide with src/domain, write with one
 * statement that re-checks what the decision relied on (else read again). Every refusal comes before the roll, so
 * the house never aborts a winning game.
 */
import type { UpgradeResponse } from '../../src/api/contract.ts';
import { clientChanceMatches, isWin, thousandthsToPercent } from '../../src/domain/chance.ts';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { decideGame, type Refusal } from '../../src/domain/decide.ts';
import { toMajor } from '../../src/domain/money.ts';
import { computeRollSync, rollToPercent } from '../../src/domain/roll.ts';
import { ticketsFor } from '../../src/domain/tickets.ts';
import { siteInfo, type Config } from '../config.ts';
import { statement, type DbHandle, type TxQueryable } from '../db/client.ts';
import { withRawTransaction, withTransaction } from '../db/transaction.ts';
import { AppError, t, type Lang } from '../messages.ts';
import { hmacSha256Node, randomHex } from './crypto.ts';
import { itemImageUrl } from './images.ts';
import { lockUser, seedPair } from './seeds.ts';
import type { GameBinding, TokenClaim } from './tokens.ts';
import type { UpgradeRequest } from './upgrade-request.ts';
import {
  limitParams,
  limitsWithUse,
  playSafeError,
  playSafeState,
  type ExclusionRow,
  type LimitRow,
} from './play-safe.ts';

/** How often a game is read again when its rows changed between the read and the write. */
const ATTEMPTS = 3;

/** A staked row as the read returns it. */
interface StakeRow {
  id: number;
  source: string;
  sourceCaseId: number | null;
  site: string;
  priceMinor: number;
  typePrize: number;
}
/** The target as the read returns it. */
interface TargetRow {
  id: number;
  name: string;
  priceMinor: number;
  typePrize: number;
  image: string | null;
  type: string;
}
/** The player's active seed as the read returns it (nonce: this game's). */
interface SeedRow {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string | null;
  nonce: number;
}
/** What the read returns. */
interface ReadRow {
  stake: StakeRow[] | null;
  seed: SeedRow | null;
  target: TargetRow | null;
  tokenOk: boolean;
  /** The player's balance in the site currency (minor units). */
  balance: number;
  playSafe: ExclusionRow;
  limits: LimitRow[] | null;
}

/** The live session's player, locked: the serialisation point of their games, sales and seed changes. */
const lockPlayer = statement(
  'upgrade_lock_player',
  `
  select u.id as "userId" from users u
  where u.id = (select user_id from sessions where id = $1::text and expires_at > now()) for update of u`,
);

/** Everything the decision needs, read after the lock so it sees every committed change of this player. */
const readGame = statement(
  'upgrade_read',
  `
  with sess as (select user_id from sessions where id = $2::text and expires_at > now())
  select
    (select json_agg(s) from (
      select i.id, i.source, i.source_case_id as "sourceCaseId", c.site, c.price_minor as "priceMinor", c.type_prize as "typePrize"
      from inventory_items i join catalogue_items c on c.id = i.catalogue_item_id
      where i.id = any($1::int[]) and i.user_id = (select user_id from sess) and i.state = 'owned') s) as stake,
    (select row_to_json(s) from (
      select id, server_seed as "serverSeed", server_seed_hash as "serverSeedHash", client_seed as "clientSeed", nonce
      from seeds where user_id = (select user_id from sess) and status = 'active') s) as seed,
    (select row_to_json(t) from (
      select id, name, price_minor as "priceMinor", type_prize as "typePrize", image, type from catalogue_items
      where id = $3::int and site = $4::text and active) t) as target,
    $5::text is null or ($6::timestamptz > now() and not exists (select 1 from used_tokens where id = $5::text)) as "tokenOk",
    coalesce((select balance_minor from wallets where user_id = (select user_id from sess) and currency = $7::text), 0)::float8
      as balance,
    (select row_to_json(p) from (
      select cool_off_until as "coolOffUntil", excluded_permanently as permanent from users
      where id = (select user_id from sess)) p) as "playSafe",
    (select json_agg(l) from (${limitsWithUse('(select user_id from sess)', '$7::text', 8)}) l) as limits`,
);

/** Sent with the COMMIT: every write is conditional on `holds`, the re-check of what the decision read. */
const writeGame = statement(
  'upgrade_write',
  `
  with holds as (
    select (select count(*) = cardinality($2::int[]) and coalesce(sum(c.price_minor), 0) = $3::bigint
        from inventory_items i join catalogue_items c on c.id = i.catalogue_item_id
        where i.id = any($2::int[]) and i.user_id = $1::int and i.state = 'owned' and c.site = $4::text
          and c.type_prize <> ${LOCKED_TYPE_PRIZE})
      and ($25::bigint = 0 or exists (select 1 from wallets where user_id = $1::int and currency = $21::text
        and balance_minor >= $25::bigint))
      and exists (select 1 from seeds where id = $5::int and user_id = $1::int and status = 'active' and nonce = $6::bigint
        and client_seed is not distinct from $7::text)
      and exists (select 1 from catalogue_items where id = $8::int and site = $4::text and active
        and type_prize <> ${LOCKED_TYPE_PRIZE} and price_minor = $9::bigint)
      and not exists (select 1 from users where id = $1::int
        and (excluded_permanently or cool_off_until > $30::timestamptz))
      and not exists (select 1 from (${limitsWithUse('$1::int', '$21::text', 26)}) l
        where l."inForce" is not null and l."usedMinor" + $3::bigint + $25::bigint > l."inForce") as ok),
  g as (select nextval(pg_get_serial_sequence('games', 'id')) as id from holds where ok),
  spent as (
    update inventory_items set state = 'spent', updated_at = now(), spent_game_id = (select id from g)
    where id = any($2::int[]) and user_id = $1::int and state = 'owned' and (select ok from holds)
    returning 1),
  seed as (update seeds set nonce = nonce + 1 where id = $5::int and (select ok from holds) returning 1),
  debit as (
    update wallets set balance_minor = balance_minor - $25::bigint
    where user_id = $1::int and currency = $21::text and $25::bigint > 0 and (select ok from holds)
    returning balance_minor),
  paid as (
    insert into ledger_entries (user_id, currency, amount_minor, kind, game_id)
    select $1::int, $21::text, -$25::bigint, 'game', (select id from g) where $25::bigint > 0 and (select ok from holds)
    returning 1),
  tok as (
    insert into used_tokens (id, expires_at) select $10::text, $11::timestamptz
    where $10::text is not null and (select ok from holds)
    returning 1),
  won as (
    insert into inventory_items (user_id, catalogue_item_id, state, source, source_game_id)
    select $1::int, $8::int, 'owned', 'upgrade', (select id from g) where $12::boolean and (select ok from holds)
    returning id),
  game as (
    insert into games (id, roll_id, user_id, site, seed_id, server_seed_hash, client_seed, nonce, chance, roll_under, roll,
      round, chunk, success, stake_minor, stake_count, target_catalogue_item_id, target_price_minor, won_inventory_item_id,
      tickets, payout_per_100k, chance_min, chance_max, balance_stake_minor)
    select (select id from g), $13::text, $1::int, $4::text, $5::int, $14::text, coalesce($7::text, ''), $6::bigint,
      $15::int, $16::boolean, $17::int, $18::int, $19::int, $12::boolean, $3::bigint + $25::bigint,
      cardinality($2::int[]), $8::int, $9::bigint, (select id from won), $20::int, $22::int, $23::int, $24::int,
      $25::bigint
    where (select ok from holds)),
  player as (
    update users set bonus_balance = bonus_balance + $20::int where id = $1::int and (select ok from holds)
    returning bonus_balance)
  select (select ok from holds) as ok, (select id from won) as "wonId", (select bonus_balance from player)::float8 as bonus,
    coalesce((select balance_minor from debit), (select balance_minor from wallets where user_id = $1::int
      and currency = $21::text), 0)::float8 as balance`,
);

/** Who asks: the stored id of the request's session (the SHA-256 of its cookie). */
export interface SettleAuth {
  sessionId: string;
}

/** A settled game: the answer, and the seed and nonce of the player's next game (for its game token). */
export interface Settlement {
  answer: UpgradeResponse;
  next: GameBinding;
  /** What the game staked and paid out (the target's price on a win, else 0), in minor units. */
  stakeMinor: number;
  payoutMinor: number;
}

/** The HTTP status of each refusal the decision can give. */
const REFUSAL_STATUS: Record<Refusal, number> = {
  items_required: 400,
  too_many_items: 400,
  item_locked: 400,
  balance_insufficient: 409,
  target_unavailable: 404,
  target_too_cheap: 400,
  chance_too_low: 400,
  self_excluded: 403,
  limit_reached: 403,
};

/** An older account without an active seed: the pair is created, then the game read again. */
class MissingSeeds extends Error {
  constructor(readonly userId: number) {
    super('seed pair missing');
  }
}

/**
 * Settles one upgrade; throws AppError (4xx) with nothing changed on any refusal. `token` is the verified claim
 * of the caseopen token, or null when reCAPTCHA checked the request instead; `now` judges cool-offs and limits.
 */
export async function settleUpgrade(
  handle: DbHandle,
  config: Config,
  auth: SettleAuth,
  req: UpgradeRequest,
  token: TokenClaim | null,
  now = Date.now(),
): Promise<Settlement> {
  for (let attempt = 1; ; attempt++) {
    try {
      const settled = await withRawTransaction(handle.raw, (q) => settle(q, config, auth, req, token, now));
      if (settled) return settled;
    } catch (err) {
      if (!(err instanceof MissingSeeds)) throw err;
      // Nothing was written; the pair is created under the player lock, as seedPair always does.
      await withTransaction(handle.db, async (tx) => {
        await lockUser(tx, err.userId);
        await seedPair(tx, err.userId);
      });
    }
    // A row the decision used changed before the write (a catalogue price, say): the chance sent no longer holds.
    if (attempt >= ATTEMPTS) throw new AppError(409, 'prices_changed');
  }
}

/** One attempt: the settlement, or null when the write found a row changed since the read (nothing written). */
async function settle(
  q: TxQueryable,
  config: Config,
  auth: SettleAuth,
  req: UpgradeRequest,
  token: TokenClaim | null,
  now: number,
): Promise<Settlement | null> {
  const { currency, lang } = siteInfo(config.site);
  const bound = token?.game ?? null;
  const spend = token && !bound ? token : null;
  const [lockedRows, readRows] = await q.batch([
    { st: lockPlayer, params: [auth.sessionId] },
    {
      st: readGame,
      params: [
        req.itemIds,
        auth.sessionId,
        req.targetId,
        config.site,
        spend?.id ?? null,
        spend?.expiresAt ?? null,
        currency,
        ...limitParams(currency, now),
      ],
    },
  ]);
  const [player] = lockedRows as Array<{ userId: number }>;
  if (!player) throw new AppError(401, 'not_signed_in');
  const [read] = readRows as ReadRow[];
  if (!read.tokenOk) throw new AppError(403, 'token_invalid');
  const active = read.seed;
  // A game token plays the game it was issued for: this seed at this nonce, which only one game ever gets.
  if (bound && (active?.id !== bound.seedId || active.nonce !== bound.nonce)) throw new AppError(403, 'token_invalid');

  const byId = new Map((read.stake ?? []).map((r) => [r.id, r]));
  const rows = req.itemIds.map((id) => byId.get(id));
  if (rows.some((r) => !r || r.site !== config.site)) throw new AppError(409, 'item_unavailable');
  const stake = rows as StakeRow[];
  const rules = config.houseRules;
  const playSafe = { state: playSafeState(read.playSafe, read.limits ?? [], now), now };
  const decision = decideGame(
    stake,
    read.target,
    rules,
    { stakeMinor: req.balanceMinor, availableMinor: read.balance },
    playSafe,
  );
  if (!decision.ok) {
    if (decision.playSafe) throw playSafeError(decision.playSafe, lang as Lang, currency);
    throw new AppError(REFUSAL_STATUS[decision.refusal], decision.refusal);
  }
  const target = read.target!;
  const { stakeMinor, chance } = decision;
  if (!clientChanceMatches(req.frontChance, chance)) throw new AppError(409, 'prices_changed');
  if (!active) throw new MissingSeeds(player.userId);

  const clientSeed = active.clientSeed ?? '';
  const roll = computeRollSync(hmacSha256Node, active.serverSeed, clientSeed, active.nonce);
  const success = isWin(roll.value, chance, req.rollUnder);
  const tickets = ticketsFor(stakeMinor, config.ticketStepMinor);
  const rollId = randomHex(12);

  // Every check has passed: the write re-checks what they read, so it goes out with the COMMIT.
  const [writtenRows] = await q.commitWith([
    {
      st: writeGame,
      params: [
        player.userId,
        req.itemIds,
        stakeMinor - req.balanceMinor,
        config.site,
        active.id,
        active.nonce,
        active.clientSeed,
        target.id,
        target.priceMinor,
        spend?.id ?? null,
        spend?.expiresAt ?? null,
        success,
        rollId,
        active.serverSeedHash,
        chance,
        req.rollUnder,
        roll.value,
        roll.round,
        roll.chunk,
        tickets,
        currency,
        rules.payoutPer100k,
        rules.chanceMin,
        rules.chanceMax,
        req.balanceMinor,
        ...limitParams(currency, now),
      ],
    },
  ]);
  const [written] = writtenRows as Array<{ ok: boolean; wonId: number | null; bonus: number; balance: number }>;
  if (!written.ok) return null;

  const answer: UpgradeResponse = {
    status: true as const,
    msg: t(lang as Lang, success ? 'upgrade_won' : 'upgrade_lost'),
    success: success ? 1 : 0,
    tickets,
    item: target.name,
    img: itemImageUrl(config, target),
    price: toMajor(target.priceMinor),
    quality: target.type,
    casegame: stake.length > 0 ? caseGameOf(stake[0]) : null,
    vinLastItemId: written.wonId,
    balance: toMajor(written.balance),
    bonus_balance: written.bonus,
    provably_fair: {
      roll_id: rollId,
      roll: rollToPercent(roll.value),
      chance: thousandthsToPercent(chance),
      roll_under: req.rollUnder ? 1 : 0,
      server_seed_hash: active.serverSeedHash,
      client_seed: clientSeed,
      nonce: active.nonce,
    },
  };
  return {
    answer,
    next: { seedId: active.id, nonce: active.nonce + 1 },
    stakeMinor,
    payoutMinor: success ? target.priceMinor : 0,
  };
}

/** Where the first staked item came from, for the panel's way back. */
function caseGameOf(item: { source: string; sourceCaseId: number | null }): UpgradeResponse['casegame'] {
  if (item.source === 'case' && item.sourceCaseId !== null) return { kind: 'case', case_id: item.sourceCaseId };
  if (item.source === 'giftcase') return { kind: 'giftcase' };
  return null;
}
