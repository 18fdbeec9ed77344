/**
 * Whether a game may be played and at what chance: the one rule the server settles by and the page's Play
 * button follows. Prices in minor units; a refusal is named by the server's message key for it.
 */
import { rawChance } from './chance.ts';
import { LOCKED_TYPE_PRIZE } from './constants.ts';
import { exclusionRefusal, limitRefusal, type PlaySafeRefusal, type PlaySafeState } from './playSafe.ts';
import type { HouseRules } from './rules.ts';

/** What the decision needs of an item: its price and whether it is locked. */
export interface PricedItem {
  priceMinor: number;
  typePrize: number;
}

/** Why a game cannot be played (each is a server message key). */
export type Refusal =
  | 'items_required'
  | 'too_many_items'
  | 'item_locked'
  | 'balance_insufficient'
  | 'target_unavailable'
  | 'target_too_cheap'
  | 'chance_too_low'
  | 'self_excluded'
  | 'limit_reached';

/** Money staked beside the items, and the balance it comes from (minor units). */
export interface BalanceStake {
  stakeMinor: number;
  availableMinor: number;
}

const NO_BALANCE: BalanceStake = { stakeMinor: 0, availableMinor: 0 };

/** A playable game: the staked value (items plus balance) and the chance it plays at (thousandths of a percent). */
export interface PlayableGame {
  ok: true;
  stakeMinor: number;
  chance: number;
}

/** A refused game: why, and for a play-safe refusal what its message tells (the end time, what is left). */
export interface RefusedGame {
  ok: false;
  refusal: Refusal;
  playSafe?: PlaySafeRefusal;
}

/** The decision: the game, or why not. */
export type Decision = PlayableGame | RefusedGame;

/** The player's cool-off and limits, and the time they are judged at (epoch ms). */
export interface PlaySafeAt {
  state: PlaySafeState;
  now: number;
}

/**
 * Decides a game of these staked items and balance for this target (null: none, or not offered) under these
 * rules and, when given, the player's cool-off and limits.
 */
export function decideGame(
  stake: readonly PricedItem[],
  target: PricedItem | null,
  rules: HouseRules,
  balance: BalanceStake = NO_BALANCE,
  playSafe: PlaySafeAt | null = null,
): Decision {
  // An excluded player hears that first, whatever the stake: nothing they change would let them play.
  const excluded = playSafe && exclusionRefusal(playSafe.state, playSafe.now);
  if (excluded) return { ok: false, refusal: excluded.refusal, playSafe: excluded };
  if (stake.length === 0 && balance.stakeMinor === 0) return { ok: false, refusal: 'items_required' };
  if (stake.length > rules.maxStakeItems) return { ok: false, refusal: 'too_many_items' };
  if (stake.some((item) => item.typePrize === LOCKED_TYPE_PRIZE)) return { ok: false, refusal: 'item_locked' };
  if (balance.stakeMinor > balance.availableMinor) return { ok: false, refusal: 'balance_insufficient' };
  if (!target || target.typePrize === LOCKED_TYPE_PRIZE) return { ok: false, refusal: 'target_unavailable' };
  const stakeMinor = stake.reduce((sum, item) => sum + item.priceMinor, balance.stakeMinor);
  if (target.priceMinor <= stakeMinor) return { ok: false, refusal: 'target_too_cheap' };
  // Below the minimum the game is refused, never played at the minimum: that would pay more than the stake is worth.
  const raw = rawChance(stakeMinor, target.priceMinor, rules.payoutPer100k);
  if (raw < rules.chanceMin) return { ok: false, refusal: 'chance_too_low' };
  const limit = playSafe && limitRefusal(playSafe.state, stakeMinor);
  if (limit) return { ok: false, refusal: limit.refusal, playSafe: limit };
  return { ok: true, stakeMinor, chance: Math.min(rules.chanceMax, raw) };
}
