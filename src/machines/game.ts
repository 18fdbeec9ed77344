/** The game's numbers derived from the context: chance, multiplier, and what one upgrade request sends. */
import { chancePercent } from '../domain/chance.ts';
import { decideGame, type Decision, type Refusal } from '../domain/decide.ts';
import { toMajor, toMinor } from '../domain/money.ts';
import { multiplierOf } from '../domain/multiplier.ts';
import type { PageContext } from './context.ts';
import { balanceMinor, stakedItems, targetItem, totalStakeMinor } from './views.ts';

type Selection = Pick<PageContext, 'inventory' | 'staked' | 'balanceStake' | 'user' | 'uitems' | 'target' | 'site'>;

/** The server's decision for the current selection (src/domain/decide.ts), under the site's house rules. */
export function playDecision(ctx: Selection): Decision {
  const target = targetItem(ctx);
  const priced = (item: { price: number; type_prize: number }) => ({
    priceMinor: toMinor(item.price),
    typePrize: item.type_prize,
  });
  return decideGame(stakedItems(ctx).map(priced), target ? priced(target) : null, ctx.site.rules, {
    stakeMinor: ctx.balanceStake,
    availableMinor: balanceMinor(ctx),
  });
}

/** The chance C in thousandths of a percent, or null while the selection cannot be played. */
export function chanceOf(ctx: Selection): number | null {
  const decision = playDecision(ctx);
  return decision.ok ? decision.chance : null;
}

/** Why Play is off although a stake and a target are chosen (the text beside it), else null. */
export function playBlocker(ctx: Selection): Refusal | null {
  if ((ctx.staked.length === 0 && ctx.balanceStake === 0) || ctx.target === null) return null;
  const decision = playDecision(ctx);
  return decision.ok ? null : decision.refusal;
}

/** The chance as the page shows it and sends it: a percent with the site's decimals, rounded down. */
export function shownChance(ctx: PageContext): number | null {
  const c = chanceOf(ctx);
  return c == null ? null : chancePercent(c, ctx.site.chanceDecimals);
}

/** Target price / the whole stake (items and the balance part it covers), 2 decimals (0 until both are chosen). */
export function multiplierValue(ctx: Selection): number {
  const target = targetItem(ctx);
  return multiplierOf(target ? toMinor(target.price) : null, totalStakeMinor(ctx) || null);
}

type Shown = Selection &
  Pick<PageContext, 'multiplier' | 'multiplierTarget' | 'game' | 'gameStake' | 'gameBalanceStake'>;

/**
 * The multiplier label: during and after a game, the played game's target over its whole stake (the reload has
 * taken its items out of the inventory); otherwise target / whole stake once both are chosen, else the selected
 * multiplier button (x1.2 until another is used), so the label never reads 'x0'.
 */
export function shownMultiplier(ctx: Shown): number {
  const stake = ctx.gameStake.reduce((sum, item) => sum + toMinor(item.price), ctx.gameBalanceStake);
  if (ctx.game && stake > 0) return multiplierOf(toMinor(ctx.game.price), stake);
  return multiplierValue(ctx) || ctx.multiplier;
}

/**
 * The multiplier button shown as on: the one that chose the current target (its ratio is rarely the button's
 * exact value); none while there is no target or no ratio to show, and none for a target chosen by hand.
 */
export function litMultiplier(ctx: Shown): number | null {
  const ratio = (ctx.game !== null && ctx.gameStake.length + ctx.gameBalanceStake > 0) || multiplierValue(ctx) > 0;
  return ratio && ctx.target !== null && ctx.target === ctx.multiplierTarget ? ctx.multiplier : null;
}

/** The numbers under the wheel: staked total and target price (major units) and the chance (percent). */
export interface SummaryView {
  stake: number;
  chance: number;
  target: number;
}

/**
 * The summary under the wheel. While a game is on (spin, pause, result) it shows that game: its stake, the
 * server's chance and the target's price, because the reload behind the result panel drops the staked items
 * from the selection. Otherwise the current selection (zeros for what is not chosen).
 */
export function summaryView(ctx: PageContext): SummaryView {
  if (ctx.game) {
    const stake = ctx.gameStake.reduce((sum, item) => sum + toMinor(item.price), ctx.gameBalanceStake);
    return { stake: toMajor(stake), chance: ctx.game.provably_fair.chance, target: ctx.game.price };
  }
  return { stake: toMajor(totalStakeMinor(ctx)), chance: shownChance(ctx) ?? 0, target: targetItem(ctx)?.price ?? 0 };
}

/** Equality for selecting a SummaryView (a new object each call) without re-rendering on every snapshot. */
export function sameSummary(a: SummaryView, b: SummaryView): boolean {
  return a.stake === b.stake && a.chance === b.chance && a.target === b.target;
}

/** What the play actor sends, except the token (src/api/upgrade.ts playUpgrade adds it). */
export interface PlayInput {
  inventoryItems: number[];
  /** Balance staked beside the items, minor units (0: none). */
  balanceStake: number;
  uniqItem: number;
  frontChance: number;
  rollUnder: boolean;
  selectedMultiplier: number;
}

/** The upgrade request for the current selection (only called when canPlay holds). */
export function playInput(ctx: PageContext): PlayInput {
  return {
    inventoryItems: [...ctx.staked],
    balanceStake: ctx.balanceStake,
    uniqItem: ctx.target ?? -1,
    frontChance: shownChance(ctx) ?? 0,
    rollUnder: ctx.rollUnder,
    selectedMultiplier: multiplierValue(ctx),
  };
}
