/**
 * The staking rules as pure functions of the context: the statechart's guards and actions call these, and so
 * does the replay of queued picks (route preselection), so a preselected id behaves exactly like a click.
 */
import { PAGE_SIZE } from '../domain/constants.ts';
import { isUsable, type Item } from '../domain/item.ts';
import { MAX_AMOUNT_MAJOR, toMajor, toMinor } from '../domain/money.ts';
import { cheapestAtLeast, multiplierMinPrice } from '../domain/multiplier.ts';
import type { NoticeKey, PageContext, QueuedPick } from './context.ts';
import type { BalanceShare } from './events.ts';
import { balanceMinor, leftList, rightList, totalStakeMinor } from './views.ts';

type Ctx = Pick<PageContext, 'inventory' | 'staked' | 'site'>;

/** The inventory item with this id, if the player owns it. */
export function ownedItem(ctx: Pick<PageContext, 'inventory'>, id: number): Item | undefined {
  return ctx.inventory.find((i) => i.id === id);
}

/** Whether the id is a type_prize 13 item ('This skin cannot be used'). */
export function isLockedItem(ctx: Ctx, id: number): boolean {
  const item = ownedItem(ctx, id);
  return item !== undefined && !isUsable(item);
}

/** Whether the id is already staked (a click then unstakes it). */
export function isStaked(ctx: Ctx, id: number): boolean {
  return ctx.staked.includes(id);
}

/** Whether the stake already holds the site's maximum of items (MAX_STAKE_ITEMS). */
export function isStakeFull(ctx: Ctx): boolean {
  return ctx.staked.length >= ctx.site.rules.maxStakeItems;
}

/** The outcome of one click on an inventory cell. */
export interface PickOutcome {
  staked: number[];
  notice: NoticeKey | null;
}

/** One click on an inventory cell: the rules in the order the statechart's guards check them. */
export function pickItem(ctx: Ctx, id: number): PickOutcome {
  if (isLockedItem(ctx, id)) return { staked: ctx.staked, notice: 'locked' };
  if (isStaked(ctx, id)) return { staked: ctx.staked.filter((s) => s !== id), notice: null };
  if (isStakeFull(ctx)) return { staked: ctx.staked, notice: 'maxStake' };
  if (!ownedItem(ctx, id)) return { staked: ctx.staked, notice: null };
  return { staked: [...ctx.staked, id], notice: null };
}

/** One click on a target cell: choose it, or unchoose it when it is the current one. */
export function pickTarget(ctx: Pick<PageContext, 'uitems' | 'target'>, id: number): number | null {
  if (ctx.target === id) return null;
  return ctx.uitems.some((i) => i.id === id) ? id : ctx.target;
}

/** Choose-all: the site's maximum of usable items of the left list as it is shown (filter and sort applied). */
export function chooseAll(ctx: Pick<PageContext, 'inventory' | 'left' | 'site'>): number[] {
  return leftList(ctx)
    .filter(isUsable)
    .slice(0, ctx.site.rules.maxStakeItems)
    .map((i) => i.id);
}

/** Replays queued clicks on freshly loaded lists; the last notice wins. */
export function replayPicks(
  ctx: PageContext,
  picks: readonly QueuedPick[],
): Pick<PageContext, 'staked' | 'target'> & { notice: NoticeKey | null } {
  let staked = ctx.staked;
  let target = ctx.target;
  let notice: NoticeKey | null = null;
  for (const pick of picks) {
    if (pick.side === 'right') {
      target = pickTarget({ uitems: ctx.uitems, target }, pick.id);
      continue;
    }
    const out = pickItem({ inventory: ctx.inventory, staked, site: ctx.site }, pick.id);
    staked = out.staked;
    notice = out.notice ?? notice;
  }
  return { staked, target, notice };
}

/**
 * Keeps only the items and target the reloaded lists still hold. The balance part is kept as chosen even when
 * another tab spent the balance below it: Play then says the balance is short instead of staking less unasked.
 */
export function pruneSelection(ctx: PageContext): Pick<PageContext, 'staked' | 'target'> {
  const owned = new Set(ctx.inventory.map((i) => i.id));
  const staked = ctx.staked.filter((id) => owned.has(id));
  const target = ctx.target != null && ctx.uitems.some((i) => i.id === ctx.target) ? ctx.target : null;
  return { staked, target };
}

/** Whether the player has a balance to stake from. */
export function hasBalance(ctx: Pick<PageContext, 'user'>): boolean {
  return balanceMinor(ctx) > 0;
}

/**
 * An amount for the balance field in minor units, kept between 0 and what the API takes. Not capped at the balance:
 * the field keeps what the player typed, and an amount above the balance blocks Play with its reason.
 */
export function clampBalanceStake(minor: number): number {
  if (!Number.isFinite(minor)) return 0;
  return Math.max(0, Math.min(Math.floor(minor), toMinor(MAX_AMOUNT_MAJOR)));
}

/** Whether the balance field takes an amount: a balance to stake from, or a stake left to lower. */
export function balanceEditable(ctx: Pick<PageContext, 'user' | 'balanceStake'>): boolean {
  return hasBalance(ctx) || ctx.balanceStake > 0;
}

/** A quick button's amount: that share of the balance, rounded down to a minor unit (max: all of it). */
export function balanceShare(ctx: Pick<PageContext, 'user'>, percent: BalanceShare): number {
  return clampBalanceStake((balanceMinor(ctx) * percent) / 100);
}

/** A multiplier button: the right side's min price becomes stake x multiplier, and the cheapest target at or above it is chosen. */
export function applyMultiplier(
  ctx: PageContext,
  multiplier: number,
): Pick<PageContext, 'right' | 'target' | 'multiplier'> & { found: boolean } {
  const minMinor = multiplierMinPrice(totalStakeMinor(ctx), multiplier);
  const right = { ...ctx.right, filter: { ...ctx.right.filter, minPrice: toMajor(minMinor) }, page: 0 };
  const list = rightList({ uitems: ctx.uitems, right });
  const best = cheapestAtLeast(list, minMinor);
  if (!best) return { right, target: null, multiplier, found: false };
  const index = list.findIndex((i) => i.id === best.id);
  return { right: { ...right, page: Math.floor(index / PAGE_SIZE) }, target: best.id, multiplier, found: true };
}

/** Whether anything is staked, items or balance (a multiplier needs a stake to multiply). */
export function hasStake(ctx: Pick<PageContext, 'staked' | 'balanceStake'>): boolean {
  return ctx.staked.length > 0 || ctx.balanceStake > 0;
}
