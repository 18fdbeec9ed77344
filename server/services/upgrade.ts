/**
 * Settling an upgrade in ONE transaction. Everything that can refuse runs before the roll (the spec: no error
 * path may depend on the roll), so the house can never abort a winning game:
 * session + token + player lock -> staked rows (for update, by id) -> target -> chance -> spend -> seed -> roll
 * -> write.
 *
 * Three prepared statements between BEGIN and COMMIT (docs/performance.md, "Settling games"): each round trip
 * costs the server more CPU than PostgreSQL spends on the statement, and the transaction holds a pooled
 * connection and the player's row lock for all of them. The session is looked up by the first statement itself,
 * so a game costs no query outside its transaction.
 */
import type { UpgradeResponse } from '../../src/api/contract.ts';
import { chanceThousandths, clientChanceMatches, isWin, thousandthsToPercent } from '../../src/domain/chance.ts';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { toMajor } from '../../src/domain/money.ts';
import { computeRollSync, rollToPercent } from '../../src/domain/roll.ts';
import { ticketsFor } from '../../src/domain/tickets.ts';
import { siteInfo, type Config } from '../config.ts';
import { statement, type DbHandle, type Queryable } from '../db/client.ts';
import { withRawTransaction, withTransaction } from '../db/transaction.ts';
import { AppError, t, type Lang } from '../messages.ts';
import { hmacSha256Node, randomHex } from './crypto.ts';
import { itemImageUrl } from './images.ts';
import { lockUser, seedPair } from './seeds.ts';
import type { TokenClaim } from './tokens.ts';
import type { UpgradeRequest } from './upgrade-request.ts';

/** Where the first staked item came from, for the panel's way back. */
function caseGameOf(item: { source: string; sourceCaseId: number | null }): UpgradeResponse['casegame'] {
  if (item.source === 'case' && item.sourceCaseId !== null) return { kind: 'case', case_id: item.sourceCaseId };
  if (item.source === 'giftcase') return { kind: 'giftcase' };
  return null;
}

/** A staked row as the lock statement returns it. */
interface StakeRow { id: number; state: string; source: string; sourceCaseId: number | null; site: string; priceMinor: number; typePrize: number }
/** The target as the lock statement returns it. */
interface TargetRow { id: number; name: string; priceMinor: number; image: string | null; type: string }
/** A seed row (active or next) as the lock statement returns it. */
interface SeedRow { id: number; status: string; serverSeed: string; serverSeedHash: string; clientSeed: string | null; nonce: number }

/**
 * Statement 1: the live session (by the database's clock), the token spent (its id inserted into used_tokens
 * while its expiry is ahead of now(); the primary key refuses a second use, also one racing in another
 * transaction) and the player's users row locked, the serialisation point for their games and seed changes.
 * No row: signed out. tok 0: the token was spent already or has expired.
 */
const lockPlayer = statement('upgrade_lock_player', `
  with sess as (select user_id from sessions where id = $1::text and expires_at > now()),
  tok as (
    insert into used_tokens (id, expires_at)
    select $2::text, $3::timestamptz where $2::text is not null and $3::timestamptz > now() and exists (select 1 from sess)
    on conflict (id) do nothing
    returning 1)
  select u.id as "userId", (select count(*) from tok)::int as tok from users u where u.id = (select user_id from sess) for update of u`);

/**
 * Statement 2, after the player lock (so it sees every committed change of this player): the staked rows
 * locked in id order (overlapping stakes cannot deadlock; a row another game spent meanwhile comes back
 * 'spent'), the target if it is an active, usable item of this site, and the player's active and next seeds.
 */
const lockStake = statement('upgrade_lock_stake', `
  select
    (select json_agg(s order by s.id) from (
      select i.id, i.state, i.source, i.source_case_id as "sourceCaseId",
             c.site, c.price_minor as "priceMinor", c.type_prize as "typePrize"
      from inventory_items i join catalogue_items c on c.id = i.catalogue_item_id
      where i.id = any($1::int[]) and i.user_id = $2::int
      order by i.id
      for update of i) s) as stake,
    (select row_to_json(t) from (
      select id, name, price_minor as "priceMinor", image, type from catalogue_items
      where id = $3::int and site = $4::text and active and type_prize <> ${LOCKED_TYPE_PRIZE}) t) as target,
    (select json_agg(x) from (
      select id, status, server_seed as "serverSeed", server_seed_hash as "serverSeedHash", client_seed as "clientSeed", nonce
      from seeds where user_id = $2::int and status in ('active', 'next')) x) as seeds`);

/**
 * Statement 3, every write: the stake spent (conditionally: still owned), the nonce, the game (its id from the
 * sequence first, so the stake and the won item point to it), the won item, the tickets, and the balance read.
 */
const writeGame = statement('upgrade_write', `
  with g as (select nextval(pg_get_serial_sequence('games', 'id')) as id),
  spent as (
    -- By primary key only: statement 2 locked these rows after checking they are this player's and owned, so
    -- no other transaction can have changed them. With the owner in the condition the planner may walk the
    -- player's (user_id, state) index over every owned item instead (thousands in a big inventory).
    update inventory_items set state = 'spent', updated_at = now(), spent_game_id = (select id from g)
    where id = any($1::int[]) and state = 'owned'
    returning id),
  seed as (update seeds set nonce = nonce + 1 where id = $3::int returning id),
  won as (
    insert into inventory_items (user_id, catalogue_item_id, state, source, source_game_id)
    select $2::int, $4::int, 'owned', 'upgrade', (select id from g) where $5::boolean
    returning id),
  game as (
    insert into games (id, roll_id, user_id, site, seed_id, server_seed_hash, client_seed, nonce, chance, roll_under, roll,
      round, chunk, success, stake_minor, stake_count, target_catalogue_item_id, target_price_minor, won_inventory_item_id, tickets)
    values ((select id from g), $6::text, $2::int, $7::text, $3::int, $8::text, $9::text, $10::bigint, $11::int, $12::boolean, $13::int,
      $14::int, $15::int, $5::boolean, $16::bigint, $17::int, $4::int, $18::bigint, (select id from won), $19::int)
    returning id),
  player as (update users set bonus_balance = bonus_balance + $19::int where id = $2::int returning bonus_balance)
  select (select count(*) from spent)::int as spent, (select id from game)::float8 as "gameId", (select id from won) as "wonId",
    (select bonus_balance from player)::float8 as bonus,
    coalesce((select balance_minor from wallets where user_id = $2::int and currency = $20::text), 0)::float8 as balance`);

/** Who asks: the stored id of the request's session (the SHA-256 of its cookie). */
export interface SettleAuth {
  sessionId: string;
}

/** Raised inside the transaction when an older account lacks its seed pair: it is created, then the game retried. */
class MissingSeeds extends Error {
  constructor(readonly userId: number) {
    super('seed pair missing');
  }
}

/**
 * Settles one upgrade; throws AppError (4xx) with nothing changed on any refusal. `token` is the verified claim
 * of the caseopen token, or null when reCAPTCHA checked the request instead.
 */
export async function settleUpgrade(handle: DbHandle, config: Config, auth: SettleAuth, req: UpgradeRequest, token: TokenClaim | null): Promise<UpgradeResponse> {
  try {
    return await withRawTransaction(handle.raw, (q) => settle(q, config, auth, req, token));
  } catch (err) {
    if (!(err instanceof MissingSeeds)) throw err;
    // Nothing was written (the token insert rolled back too); the pair is created under the player lock, as
    // seedPair always did, and the game runs again.
    await withTransaction(handle.db, async (tx) => {
      await lockUser(tx, err.userId);
      await seedPair(tx, err.userId);
    });
    return withRawTransaction(handle.raw, (q) => settle(q, config, auth, req, token));
  }
}

async function settle(q: Queryable, config: Config, auth: SettleAuth, req: UpgradeRequest, token: TokenClaim | null): Promise<UpgradeResponse> {
  const { currency, lang } = siteInfo(config.site);
  const [player] = await q.rows<{ userId: number; tok: number }>(lockPlayer, [auth.sessionId, token?.id ?? null, token?.expiresAt ?? null]);
  if (!player) throw new AppError(401, 'not_signed_in');
  if (token && player.tok !== 1) throw new AppError(403, 'token_invalid');
  const userId = player.userId;

  const [locked] = await q.rows<{ stake: StakeRow[] | null; target: TargetRow | null; seeds: SeedRow[] | null }>(lockStake, [req.itemIds, userId, req.targetId, config.site]);
  const byId = new Map((locked.stake ?? []).map((r) => [r.id, r]));
  const rows = req.itemIds.map((id) => byId.get(id));
  if (rows.some((r) => !r || r.state !== 'owned' || r.site !== config.site)) throw new AppError(409, 'item_unavailable');
  if (rows.some((r) => r!.typePrize === LOCKED_TYPE_PRIZE)) throw new AppError(400, 'item_locked');
  const stake = rows as StakeRow[];
  const target = locked.target;
  const stakeMinor = stake.reduce((sum, r) => sum + r.priceMinor, 0);
  if (!target) throw new AppError(404, 'target_unavailable');
  if (target.priceMinor <= stakeMinor) throw new AppError(400, 'target_too_cheap');

  const chance = chanceThousandths(stakeMinor, target.priceMinor);
  if (!clientChanceMatches(req.frontChance, chance)) throw new AppError(409, 'prices_changed');

  const seeds = locked.seeds ?? [];
  if (seeds.length !== 2) throw new MissingSeeds(userId);
  const active = seeds.find((r) => r.status === 'active')!;
  const clientSeed = active.clientSeed ?? '';
  const roll = computeRollSync(hmacSha256Node, active.serverSeed, clientSeed, active.nonce);
  const success = isWin(roll.value, chance, req.rollUnder);
  const tickets = ticketsFor(stakeMinor, config.ticketStepMinor);
  const rollId = randomHex(12);

  // The stake rows are locked and were checked owned, so the count check below cannot fail on the roll.
  const [written] = await q.rows<{ spent: number; gameId: number; wonId: number | null; bonus: number; balance: number }>(writeGame, [
    req.itemIds, userId, active.id, target.id, success, rollId, config.site, active.serverSeedHash, clientSeed, active.nonce,
    chance, req.rollUnder, roll.value, roll.round, roll.chunk, stakeMinor, stake.length, target.priceMinor, tickets, currency,
  ]);
  if (written.spent !== req.itemIds.length) throw new AppError(409, 'item_unavailable');

  return {
    status: true as const,
    msg: t(lang as Lang, success ? 'upgrade_won' : 'upgrade_lost'),
    success: success ? 1 : 0,
    tickets,
    item: target.name,
    img: itemImageUrl(config, target),
    price: toMajor(target.priceMinor),
    quality: target.type,
    casegame: caseGameOf(stake[0]),
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
}
