/**
 * Settling an upgrade in ONE transaction. Everything that can refuse runs before the roll (the spec: no error
 * path may depend on the roll), so the house can never abort a winning game:
 * token -> player lock -> staked rows (for update, by id) -> target -> chance -> spend -> seed -> roll -> write.
 *
 * Three statements between BEGIN and COMMIT (docs/performance.md, "Settling games"): each round trip costs the
 * server more CPU than PostgreSQL spends on the statement, and the transaction holds a pooled connection and the
 * player's row lock for all of them. The order of the checks and every written value are as before.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { UpgradeResponse } from '../../src/api/contract.ts';
import { chanceThousandths, clientChanceMatches, isWin, thousandthsToPercent } from '../../src/domain/chance.ts';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { toMajor } from '../../src/domain/money.ts';
import { computeRollSync, rollToPercent } from '../../src/domain/roll.ts';
import { ticketsFor } from '../../src/domain/tickets.ts';
import { siteInfo, type Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { withTransaction } from '../db/transaction.ts';
import { AppError, t, type Lang } from '../messages.ts';
import { hmacSha256Node, randomHex, sha256Hex } from './crypto.ts';
import { itemImageUrl } from './images.ts';
import { seedPair } from './seeds.ts';
import type { SessionUser } from './sessions.ts';
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

/** Rows of a raw statement; both drivers answer with `rows`. */
async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/**
 * Statement 1: consume the caseopen token (unless reCAPTCHA checked the request) and lock the player's users
 * row, the serialisation point for their games and seed changes. Returns false for an unusable token.
 */
async function consumeTokenAndLockUser(tx: Tx, who: SessionUser, token: string, tokenChecked: boolean): Promise<boolean> {
  const now = new Date().toISOString();
  const consumed = tokenChecked ? sql`1` : sql`(select count(*) from tok)::int`;
  const withToken = tokenChecked
    ? sql``
    : sql`with tok as (
        update action_tokens set used_at = ${now}::timestamptz
        where id = ${sha256Hex(token)} and session_id = ${who.sessionId} and purpose = 'caseopen'
          and used_at is null and expires_at > ${now}::timestamptz
        returning 1)`;
  const [row] = await rows<{ tok: number }>(tx, sql`${withToken} select ${consumed} as tok from users where id = ${who.userId} for update`);
  if (!row) throw new Error(`user ${who.userId} vanished`);
  return row.tok === 1;
}

/**
 * Statement 2, after the player lock (so it sees every committed change of this player): the staked rows
 * locked in id order (overlapping stakes cannot deadlock; a row another game spent meanwhile comes back
 * 'spent'), the target if it is an active, usable item of this site, and the player's active and next seeds.
 */
async function lockStakeTargetSeeds(tx: Tx, config: Config, userId: number, ids: number[], targetId: number) {
  const [row] = await rows<{ stake: StakeRow[] | null; target: TargetRow | null; seeds: SeedRow[] | null }>(tx, sql`
    select
      (select json_agg(s order by s.id) from (
        select inventory_items.id, inventory_items.state, inventory_items.source, inventory_items.source_case_id as "sourceCaseId",
               catalogue_items.site, catalogue_items.price_minor as "priceMinor", catalogue_items.type_prize as "typePrize"
        from inventory_items join catalogue_items on catalogue_items.id = inventory_items.catalogue_item_id
        where inventory_items.id in (${idList(ids)}) and inventory_items.user_id = ${userId}
        order by inventory_items.id
        for update of inventory_items) s) as stake,
      (select row_to_json(t) from (
        select id, name, price_minor as "priceMinor", image, type from catalogue_items
        where id = ${targetId} and site = ${config.site} and active and type_prize <> ${LOCKED_TYPE_PRIZE}) t) as target,
      (select json_agg(x) from (
        select id, status, server_seed as "serverSeed", server_seed_hash as "serverSeedHash", client_seed as "clientSeed", nonce
        from seeds where user_id = ${userId} and status in ('active', 'next')) x) as seeds`);
  const byId = new Map((row.stake ?? []).map((r) => [r.id, r]));
  const stake = ids.map((id) => byId.get(id));
  if (stake.some((r) => !r || r.state !== 'owned' || r.site !== config.site)) throw new AppError(409, 'item_unavailable');
  if (stake.some((r) => r!.typePrize === LOCKED_TYPE_PRIZE)) throw new AppError(400, 'item_locked');
  return { stake: stake as StakeRow[], target: row.target, seeds: row.seeds ?? [] };
}

/** Settles one upgrade for a signed-in player; throws AppError (4xx) with nothing changed on any refusal. */
export async function settleUpgrade(db: Db, config: Config, who: SessionUser, req: UpgradeRequest, tokenChecked: boolean): Promise<UpgradeResponse> {
  const { currency, lang } = siteInfo(config.site);
  return withTransaction(db, async (tx) => {
    if (!(await consumeTokenAndLockUser(tx, who, req.token, tokenChecked))) throw new AppError(403, 'token_invalid');
    const { stake, target, seeds } = await lockStakeTargetSeeds(tx, config, who.userId, req.itemIds, req.targetId);
    const stakeMinor = stake.reduce((sum, r) => sum + r.priceMinor, 0);
    if (!target) throw new AppError(404, 'target_unavailable');
    if (target.priceMinor <= stakeMinor) throw new AppError(400, 'target_too_cheap');

    const chance = chanceThousandths(stakeMinor, target.priceMinor);
    if (!clientChanceMatches(req.frontChance, chance)) throw new AppError(409, 'prices_changed');

    // An older account without its seed pair gets one (under the lock), as seedPair always did.
    const active = seeds.length === 2 ? seeds.find((r) => r.status === 'active')! : (await seedPair(tx, who.userId)).active;
    const clientSeed = active.clientSeed ?? '';
    const roll = computeRollSync(hmacSha256Node, active.serverSeed, clientSeed, active.nonce);
    const success = isWin(roll.value, chance, req.rollUnder);
    const tickets = ticketsFor(stakeMinor, config.ticketStepMinor);
    const rollId = randomHex(12);
    const now = new Date().toISOString();

    // Statement 3, every write: the stake spent (conditionally: still owned), the nonce, the game, the won item,
    // the tickets. The stake rows are locked and were checked owned, so the count check cannot fail on the roll.
    const [written] = await rows<{ spent: number; gameId: number; wonId: number | null; bonus: number; balance: number }>(tx, sql`
      with g as (select nextval(pg_get_serial_sequence('games', 'id')) as id),
      spent as (
        update inventory_items set state = 'spent', updated_at = ${now}::timestamptz, spent_game_id = (select id from g)
        where id in (${idList(req.itemIds)}) and user_id = ${who.userId} and state = 'owned'
        returning id),
      seed as (update seeds set nonce = nonce + 1 where id = ${active.id} returning id),
      won as (
        insert into inventory_items (user_id, catalogue_item_id, state, source, source_game_id)
        select ${who.userId}, ${target.id}, 'owned', 'upgrade', (select id from g) where ${success}::boolean
        returning id),
      game as (
        insert into games (id, roll_id, user_id, site, seed_id, server_seed_hash, client_seed, nonce, chance, roll_under, roll,
          round, chunk, success, stake_minor, stake_count, target_catalogue_item_id, target_price_minor, won_inventory_item_id, tickets)
        values ((select id from g), ${rollId}, ${who.userId}, ${config.site}, ${active.id}, ${active.serverSeedHash}, ${clientSeed},
          ${active.nonce}, ${chance}, ${req.rollUnder}, ${roll.value}, ${roll.round}, ${roll.chunk}, ${success}, ${stakeMinor},
          ${stake.length}, ${target.id}, ${target.priceMinor}, (select id from won), ${tickets})
        returning id),
      player as (update users set bonus_balance = bonus_balance + ${tickets} where id = ${who.userId} returning bonus_balance)
      select (select count(*) from spent)::int as spent, (select id from game)::float8 as "gameId", (select id from won) as "wonId",
        (select bonus_balance from player)::float8 as bonus,
        coalesce((select balance_minor from wallets where user_id = ${who.userId} and currency = ${currency}), 0)::float8 as balance`);
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
  });
}
