/**
 * Settling an upgrade in ONE transaction. Everything that can refuse runs before the roll (the spec: no error
 * path may depend on the roll), so the house can never abort a winning game:
 * session + token + player lock -> stake spent, nonce stepped, target -> checks -> chance -> roll -> write.
 *
 * Two round trips (docs/performance.md, "Settling games"): BEGIN with statements 0 to 2 in one pipeline, then
 * statement 3 with the COMMIT in another. Each round trip costs the server more CPU than PostgreSQL spends on the
 * statement, and the transaction holds a pooled connection and the player's row lock for all of them. The
 * session is looked up by the statements themselves, so a game costs no query outside its transaction. A
 * refusal after the first pipeline rolls its writes back (the token's use with them).
 */
import type { UpgradeResponse } from '../../src/api/contract.ts';
import { clientChanceMatches, isWin, thousandthsToPercent } from '../../src/domain/chance.ts';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { toMajor } from '../../src/domain/money.ts';
import { computeRollSync, rollToPercent } from '../../src/domain/roll.ts';
import { ticketsFor } from '../../src/domain/tickets.ts';
import { decideGame, type Refusal } from '../../src/domain/decide.ts';
import { DEFAULT_RULES } from '../../src/domain/rules.ts';
import { siteInfo, type Config } from '../config.ts';
import { statement, type DbHandle, type TxQueryable } from '../db/client.ts';
import { raisedWith } from '../db/errors.ts';
import { withRawTransaction, withTransaction } from '../db/transaction.ts';
import { AppError, t, type Lang } from '../messages.ts';
import { hmacSha256Node, randomHex } from './crypto.ts';
import { itemImageUrl } from './images.ts';
import { lockUser, seedPair } from './seeds.ts';
import type { TargetCatalogue } from './catalogue-index.ts';
import type { SeedHint, SettleHints } from './settle-hints.ts';
import type { GameBinding, TokenClaim } from './tokens.ts';
import type { UpgradeRequest } from './upgrade-request.ts';

/** Where the first staked item came from, for the panel's way back. */
function caseGameOf(item: { source: string; sourceCaseId: number | null }): UpgradeResponse['casegame'] {
  if (item.source === 'case' && item.sourceCaseId !== null) return { kind: 'case', case_id: item.sourceCaseId };
  if (item.source === 'giftcase') return { kind: 'giftcase' };
  return null;
}

/** A staked row as statement 2 returns it (spent by it). */
interface StakeRow {
  id: number;
  source: string;
  sourceCaseId: number | null;
  site: string;
  priceMinor: number;
  typePrize: number;
}
/** The target as statement 2 returns it. */
interface TargetRow {
  id: number;
  name: string;
  priceMinor: number;
  typePrize: number;
  image: string | null;
  type: string;
}
/** The active seed as statement 2 returns it (nonce: this game's, before the step). */
interface SeedRow {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string | null;
  nonce: number;
}

/**
 * Statement 0: point lookups by key in this transaction's plans, never a sequential scan. The users and seeds
 * rows are rewritten by every game; a table of 33 players starts on one page, where the planner prefers to scan
 * it, and the plan a pooled connection caches then keeps scanning the table as dead row versions grow it to
 * hundreds of pages (between vacuums; the bench's PostgreSQL runs none). pgbench plans each statement afresh
 * and so follows the growth. Every lookup here has a unique index, so this only ever picks the index.
 */
const indexPlans = statement('upgrade_index_plans', 'set local enable_seqscan = off');

/**
 * Statement 1: the live session (by the database's clock), a session token spent (its id inserted into
 * used_tokens while its expiry is ahead of now(); the primary key refuses a second use, also one racing in
 * another transaction; a game token passes null and is checked against statement 2's seed instead) and the
 * player's users row locked, the serialisation point for their games and seed changes.
 * No row: signed out. tok 0: the session token was spent already or has expired.
 */
const lockPlayer = statement(
  'upgrade_lock_player',
  `
  with sess as (select user_id from sessions where id = $1::text and expires_at > now()),
  tok as (
    insert into used_tokens (id, expires_at)
    select $2::text, $3::timestamptz where $2::text is not null and $3::timestamptz > now() and exists (select 1 from sess)
    on conflict (id) do nothing
    returning 1)
  select u.id as "userId", (select count(*) from tok)::int as tok from users u where u.id = (select user_id from sess) for update of u`,
);

/**
 * Statement 2, sent with statement 1 (one round trip) and run after it, so it sees every committed change of
 * this player (READ COMMITTED: a fresh snapshot per statement, taken once the player lock is held). It names the
 * player by the session, as statement 1 did. It takes the game's id, spends the staked rows that are still this
 * player's and owned (the refusals come after, in the settlement, and roll this back), steps the active seed's
 * nonce (returning the one this game uses: a game token must name it), and reads the target if it is an active,
 * usable item of this site. (The committed next seed is not read: only a rotation uses it, and seedPair creates
 * it there if an older account lacks it.) Spending in place of locking first: one visit to each row instead of two.
 * Item rows are only ever written under their owner's lock, so their lock order cannot deadlock.
 */
const spendStake = statement(
  'upgrade_spend_stake',
  `
  with sess as (select user_id from sessions where id = $2::text and expires_at > now()),
  g as (select nextval(pg_get_serial_sequence('games', 'id')) as id),
  spent as (
    update inventory_items i set state = 'spent', updated_at = now(), spent_game_id = (select id from g)
    from catalogue_items c
    where i.id = any($1::int[]) and i.user_id = (select user_id from sess) and i.state = 'owned' and c.id = i.catalogue_item_id
    returning i.id, i.source, i.source_case_id as "sourceCaseId", c.site, c.price_minor as "priceMinor", c.type_prize as "typePrize"),
  seed as (
    update seeds set nonce = nonce + 1
    where user_id = (select user_id from sess) and status = 'active'
    returning id, server_seed as "serverSeed", server_seed_hash as "serverSeedHash", client_seed as "clientSeed", nonce - 1 as nonce)
  select (select id from g)::float8 as "gameId",
    (select json_agg(s) from spent s) as stake,
    (select row_to_json(s) from seed s) as seed,
    (select row_to_json(t) from (
      select id, name, price_minor as "priceMinor", type_prize as "typePrize", image, type from catalogue_items
      where id = $3::int and site = $4::text and active) t) as target`,
);

/**
 * Statement 3, sent with the COMMIT (one round trip): the won item, the game (its id taken by statement 2, which
 * the stake already points to), the tickets, and the balance read. Nothing here can refuse: any error fails the
 * pipeline before its COMMIT and the whole game rolls back.
 */
const writeGame = statement(
  'upgrade_write',
  `
  with won as (
    insert into inventory_items (user_id, catalogue_item_id, state, source, source_game_id)
    select $1::int, $2::int, 'owned', 'upgrade', $3::bigint where $4::boolean
    returning id),
  game as (
    insert into games (id, roll_id, user_id, site, seed_id, server_seed_hash, client_seed, nonce, chance, roll_under, roll,
      round, chunk, success, stake_minor, stake_count, target_catalogue_item_id, target_price_minor, won_inventory_item_id, tickets)
    values ($3::bigint, $5::text, $1::int, $6::text, $7::int, $8::text, $9::text, $10::bigint, $11::int, $12::boolean, $13::int,
      $14::int, $15::int, $4::boolean, $16::bigint, $17::int, $2::int, $18::bigint, (select id from won), $19::int)),
  player as (update users set bonus_balance = bonus_balance + $19::int where id = $1::int returning bonus_balance)
  select (select id from won) as "wonId", (select bonus_balance from player)::float8 as bonus,
    coalesce((select balance_minor from wallets where user_id = $1::int and currency = $20::text), 0)::float8 as balance`,
);

/**
 * The known way: ONE statement, sent with BEGIN and COMMIT (one round trip), when the server has computed the game
 * before asking (settleUpgrade): the seed of the game token and the staked items' and target's prices come from
 * this process's hints (services/settle-hints.ts), the chance, roll and outcome from src/domain as always. The
 * statement does what statements 1 to 3 do (session, player lock first: the writes below reference it), and checks
 * every hint against the rows it writes: each staked item spent (this player's, owned, of this site, not locked),
 * their prices summing to the stake, the active seed being the token's at its nonce with the hinted client seed,
 * the target usable at the hinted price. If anything differs, upgrades_known_game_differs() (migration 0005)
 * raises, the transaction rolls back with everything in it, and the game runs the reading way. The outcome is
 * passed in, but no check depends on it, and a refusal is always the reading way's.
 * $1 items, $2 session, $3 target, $4 site, $5 seed id, $6 nonce, $7 client seed, $8 stake, $9 target price,
 * $10 success, $11 roll id, $12 seed hash, $13 chance, $14 roll under, $15 roll, $16 round, $17 chunk, $18 tickets,
 * $19 currency.
 */
const settleKnown = statement(
  'upgrade_settle_known',
  `
  with sess as (select user_id from sessions where id = $2::text and expires_at > now()),
  player as (select u.id from users u where u.id = (select user_id from sess) for update of u),
  g as (select nextval(pg_get_serial_sequence('games', 'id')) as id),
  spent as (
    update inventory_items i set state = 'spent', updated_at = now(), spent_game_id = (select id from g)
    from catalogue_items c
    where i.id = any($1::int[]) and i.user_id = (select id from player) and i.state = 'owned' and c.id = i.catalogue_item_id
      and c.site = $4::text and c.type_prize <> ${LOCKED_TYPE_PRIZE}
    returning i.id, i.source, i.source_case_id as "sourceCaseId", c.price_minor),
  seed as (
    update seeds set nonce = nonce + 1
    where user_id = (select id from player) and status = 'active' and id = $5::int and nonce = $6::bigint
      and client_seed is not distinct from $7::text
    returning id),
  target as (
    select name, image, type from catalogue_items
    where id = $3::int and site = $4::text and active and type_prize <> ${LOCKED_TYPE_PRIZE} and price_minor = $9::bigint),
  ok as (
    select (select count(*) from spent) = cardinality($1::int[]) and (select sum(price_minor) from spent) = $8::bigint
      and exists (select 1 from seed) and exists (select 1 from target) as holds),
  won as (
    insert into inventory_items (user_id, catalogue_item_id, state, source, source_game_id)
    select (select id from player), $3::int, 'owned', 'upgrade', (select id from g) where $10::boolean and (select holds from ok)
    returning id),
  game as (
    insert into games (id, roll_id, user_id, site, seed_id, server_seed_hash, client_seed, nonce, chance, roll_under, roll,
      round, chunk, success, stake_minor, stake_count, target_catalogue_item_id, target_price_minor, won_inventory_item_id, tickets)
    select (select id from g), $11::text, (select id from player), $4::text, $5::int, $12::text, coalesce($7::text, ''), $6::bigint,
      $13::int, $14::boolean, $15::int, $16::int, $17::int, $10::boolean, $8::bigint, cardinality($1::int[]), $3::int, $9::bigint,
      (select id from won), $18::int
    where (select holds from ok)),
  player_bonus as (
    update users set bonus_balance = bonus_balance + $18::int where id = (select id from player) and (select holds from ok)
    returning bonus_balance)
  select case when (select holds from ok) then (select id from g) else upgrades_known_game_differs() end::float8 as "gameId",
    (select id from won) as "wonId", (select bonus_balance from player_bonus)::float8 as bonus,
    coalesce((select balance_minor from wallets where user_id = (select id from player) and currency = $19::text), 0)::float8 as balance,
    (select json_build_object('source', source, 'sourceCaseId', "sourceCaseId") from spent where id = ($1::int[])[1]) as first,
    (select row_to_json(t) from target t) as target`,
);

/** Whether an error is the known way's statement finding a hint stale (nothing was written). */
const knownGameDiffered = (err: unknown): boolean => raisedWith(err, 'upgrades_known_game_differs');

/** The HTTP status of each refusal the decision can give. */
const REFUSAL_STATUS: Record<Refusal, number> = {
  items_required: 400,
  too_many_items: 400,
  item_locked: 400,
  target_unavailable: 404,
  target_too_cheap: 400,
  chance_too_low: 400,
};

/** The 4xx answer of a refused game. */
export function refusalError(refusal: Refusal): AppError {
  return new AppError(REFUSAL_STATUS[refusal], refusal);
}

/** Who asks: the stored id of the request's session (the SHA-256 of its cookie). */
export interface SettleAuth {
  sessionId: string;
}

/** What this process knows ahead of a game (the known way); without it every game is settled the reading way. */
export interface SettleKnowledge {
  hints: SettleHints;
  targets: Pick<TargetCatalogue, 'knownTarget'>;
}

/** Raised inside the transaction when an older account lacks its active seed: the pair is created, then the game retried. */
class MissingSeeds extends Error {
  constructor(readonly userId: number) {
    super('seed pair missing');
  }
}

/** A settled game: the answer, and the seed and nonce of the player's next game (for its game token). */
export interface Settlement {
  answer: UpgradeResponse;
  next: GameBinding;
}

/**
 * The roll of a seed at a nonce, and what it decides at this chance: both ways settle a game with this (src/domain).
 */
function rollGame(
  config: Config,
  req: UpgradeRequest,
  stakeMinor: number,
  chance: number,
  seed: Pick<SeedHint, 'serverSeed' | 'clientSeed'>,
  nonce: number,
) {
  const clientSeed = seed.clientSeed ?? '';
  const roll = computeRollSync(hmacSha256Node, seed.serverSeed, clientSeed, nonce);
  return {
    clientSeed,
    roll,
    success: isWin(roll.value, chance, req.rollUnder),
    tickets: ticketsFor(stakeMinor, config.ticketStepMinor),
  };
}

/** A game computed before its statement, from hints: what the statement checks, and the outcome. */
type KnownGame = {
  bound: GameBinding;
  seed: SeedHint;
  stakeMinor: number;
  targetPriceMinor: number;
  chance: number;
} & ReturnType<typeof rollGame>;

/**
 * The game as the hints give it, or null when one is missing or something would refuse (the reading way then
 * gives the refusal its precedence and message). The same domain functions as the reading way, on the same kind
 * of values: the roll of the token's seed at its nonce, the chance of the stake's and target's prices.
 */
function knownGame(config: Config, req: UpgradeRequest, bound: GameBinding, known: SettleKnowledge): KnownGame | null {
  const seed = known.hints.seed(bound.seedId);
  if (!seed) return null;
  let stakeMinor = 0;
  for (const id of req.itemIds) {
    const item = known.hints.item(id);
    if (!item || item.typePrize === LOCKED_TYPE_PRIZE) return null;
    stakeMinor += item.priceMinor;
  }
  const target = known.targets.knownTarget(req.targetId);
  const decision = decideGame(
    req.itemIds.map((id) => known.hints.item(id)!),
    target ?? null,
    DEFAULT_RULES,
  );
  if (!target || !decision.ok) return null;
  const chance = decision.chance;
  if (!clientChanceMatches(req.frontChance, chance)) return null;
  return {
    bound,
    seed,
    stakeMinor,
    targetPriceMinor: target.priceMinor,
    chance,
    ...rollGame(config, req, stakeMinor, chance, seed, bound.nonce),
  };
}

/**
 * Settles one upgrade; throws AppError (4xx) with nothing changed on any refusal. `token` is the verified claim
 * of the caseopen token, or null when reCAPTCHA checked the request instead. With `known`, a game token's game
 * whose hints are all there is settled the known way (one round trip); any other, and one whose hints the
 * database contradicts, the reading way (two). Both give the same game: the hints only decide when it is computed.
 */
export async function settleUpgrade(
  handle: DbHandle,
  config: Config,
  auth: SettleAuth,
  req: UpgradeRequest,
  token: TokenClaim | null,
  known?: SettleKnowledge,
): Promise<Settlement> {
  const game = known && token?.game ? knownGame(config, req, token.game, known) : null;
  if (known && game) {
    try {
      const settled = await withRawTransaction(handle.raw, (q) => settleKnownGame(q, config, auth, req, game));
      known.hints.counts.known++;
      learn(known, req, settled, game.seed, game.targetPriceMinor);
      return settled;
    } catch (err) {
      if (!knownGameDiffered(err)) throw err;
      known.hints.counts.differed++;
    }
  } else if (known) known.hints.counts.read++;
  const settled = await settleReading(handle, config, auth, req, token);
  if (known) learn(known, req, settled.settlement, settled.seed, settled.targetPriceMinor);
  return settled.settlement;
}

/** After a game: its staked items are gone, the won item (at the price it was settled at) and the seed are known. */
function learn(
  known: SettleKnowledge,
  req: UpgradeRequest,
  settled: Settlement,
  seed: SeedHint,
  targetPriceMinor: number,
): void {
  known.hints.forgetItems(req.itemIds);
  known.hints.rememberSeed(settled.next.seedId, seed);
  const won = settled.answer.vinLastItemId;
  // Targets are never locked (the settlement refuses one).
  if (won !== null) known.hints.rememberItem(won, { priceMinor: targetPriceMinor, typePrize: 0 });
}

/** The known way's one round trip: BEGIN, the index-plans setting, the statement, COMMIT. */
async function settleKnownGame(
  q: TxQueryable,
  config: Config,
  auth: SettleAuth,
  req: UpgradeRequest,
  game: KnownGame,
): Promise<Settlement> {
  const { currency, lang } = siteInfo(config.site);
  const rollId = randomHex(12);
  const [, rows] = await q.commitWith([
    { st: indexPlans, params: [] },
    {
      st: settleKnown,
      params: [
        req.itemIds,
        auth.sessionId,
        req.targetId,
        config.site,
        game.bound.seedId,
        game.bound.nonce,
        game.seed.clientSeed,
        game.stakeMinor,
        game.targetPriceMinor,
        game.success,
        rollId,
        game.seed.serverSeedHash,
        game.chance,
        req.rollUnder,
        game.roll.value,
        game.roll.round,
        game.roll.chunk,
        game.tickets,
        currency,
      ],
    },
  ]);
  const [row] = rows as Array<{
    wonId: number | null;
    bonus: number;
    balance: number;
    first: Pick<StakeRow, 'source' | 'sourceCaseId'>;
    target: Omit<TargetRow, 'id' | 'priceMinor' | 'typePrize'>;
  }>;
  const answer = answerOf(
    lang as Lang,
    {
      success: game.success,
      tickets: game.tickets,
      target: { id: req.targetId, priceMinor: game.targetPriceMinor, typePrize: 0, ...row.target },
      first: row.first,
      wonId: row.wonId,
      balance: row.balance,
      bonus: row.bonus,
      rollId,
      rollValue: game.roll.value,
      chance: game.chance,
      rollUnder: req.rollUnder,
      serverSeedHash: game.seed.serverSeedHash,
      clientSeed: game.clientSeed,
      nonce: game.bound.nonce,
    },
    config,
  );
  return { answer, next: { seedId: game.bound.seedId, nonce: game.bound.nonce + 1 } };
}

/** What an answer is made of, either way. */
interface Outcome {
  success: boolean;
  tickets: number;
  target: TargetRow;
  first: Pick<StakeRow, 'source' | 'sourceCaseId'>;
  wonId: number | null;
  balance: number;
  bonus: number;
  rollId: string;
  rollValue: number;
  chance: number;
  rollUnder: boolean;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

function answerOf(lang: Lang, o: Outcome, config: Config): UpgradeResponse {
  return {
    status: true as const,
    msg: t(lang, o.success ? 'upgrade_won' : 'upgrade_lost'),
    success: o.success ? 1 : 0,
    tickets: o.tickets,
    item: o.target.name,
    img: itemImageUrl(config, o.target),
    price: toMajor(o.target.priceMinor),
    quality: o.target.type,
    casegame: caseGameOf(o.first),
    vinLastItemId: o.wonId,
    balance: toMajor(o.balance),
    bonus_balance: o.bonus,
    provably_fair: {
      roll_id: o.rollId,
      roll: rollToPercent(o.rollValue),
      chance: thousandthsToPercent(o.chance),
      roll_under: o.rollUnder ? 1 : 0,
      server_seed_hash: o.serverSeedHash,
      client_seed: o.clientSeed,
      nonce: o.nonce,
    },
  };
}

/** A game settled the reading way, with what it read that the hints keep: the seed and the target's price. */
interface ReadSettlement {
  settlement: Settlement;
  seed: SeedHint;
  targetPriceMinor: number;
}

/** The reading way. */
async function settleReading(
  handle: DbHandle,
  config: Config,
  auth: SettleAuth,
  req: UpgradeRequest,
  token: TokenClaim | null,
): Promise<ReadSettlement> {
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

async function settle(
  q: TxQueryable,
  config: Config,
  auth: SettleAuth,
  req: UpgradeRequest,
  token: TokenClaim | null,
): Promise<ReadSettlement> {
  const { currency, lang } = siteInfo(config.site);
  const bound = token?.game ?? null;
  const spend = token && !bound ? token : null;
  const [, lockedRows, spentRows] = await q.batch([
    { st: indexPlans, params: [] },
    { st: lockPlayer, params: [auth.sessionId, spend?.id ?? null, spend?.expiresAt ?? null] },
    { st: spendStake, params: [req.itemIds, auth.sessionId, req.targetId, config.site] },
  ]);
  const [player] = lockedRows as Array<{ userId: number; tok: number }>;
  if (!player) throw new AppError(401, 'not_signed_in');
  if (spend && player.tok !== 1) throw new AppError(403, 'token_invalid');
  const userId = player.userId;

  const [spending] = spentRows as Array<{
    gameId: number;
    stake: StakeRow[] | null;
    seed: SeedRow | null;
    target: TargetRow | null;
  }>;
  const active = spending.seed;
  // A game token plays the game it was issued for: this seed at this nonce, which only one game ever gets.
  if (bound && (active?.id !== bound.seedId || active.nonce !== bound.nonce)) throw new AppError(403, 'token_invalid');
  const byId = new Map((spending.stake ?? []).map((r) => [r.id, r]));
  const rows = req.itemIds.map((id) => byId.get(id));
  if (rows.some((r) => !r || r.site !== config.site)) throw new AppError(409, 'item_unavailable');
  const stake = rows as StakeRow[];
  const decision = decideGame(stake, spending.target, DEFAULT_RULES);
  if (!decision.ok) throw refusalError(decision.refusal);
  const target = spending.target!;
  const { stakeMinor, chance } = decision;
  if (!clientChanceMatches(req.frontChance, chance)) throw new AppError(409, 'prices_changed');

  if (!active) throw new MissingSeeds(userId);
  const { clientSeed, roll, success, tickets } = rollGame(config, req, stakeMinor, chance, active, active.nonce);
  const rollId = randomHex(12);

  // Every check has passed: from here on nothing refuses, so the writes go out with the COMMIT.
  const [writtenRows] = await q.commitWith([
    {
      st: writeGame,
      params: [
        userId,
        target.id,
        spending.gameId,
        success,
        rollId,
        config.site,
        active.id,
        active.serverSeedHash,
        clientSeed,
        active.nonce,
        chance,
        req.rollUnder,
        roll.value,
        roll.round,
        roll.chunk,
        stakeMinor,
        stake.length,
        target.priceMinor,
        tickets,
        currency,
      ],
    },
  ]);
  const [written] = writtenRows as Array<{ wonId: number | null; bonus: number; balance: number }>;

  const answer = answerOf(
    lang as Lang,
    {
      success,
      tickets,
      target,
      first: stake[0],
      wonId: written.wonId,
      balance: written.balance,
      bonus: written.bonus,
      rollId,
      rollValue: roll.value,
      chance,
      rollUnder: req.rollUnder,
      serverSeedHash: active.serverSeedHash,
      clientSeed,
      nonce: active.nonce,
    },
    config,
  );
  return {
    settlement: { answer, next: { seedId: active.id, nonce: active.nonce + 1 } },
    seed: active,
    targetPriceMinor: target.priceMinor,
  };
}
