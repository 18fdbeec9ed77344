/** The game's numbers derived from the context: chance, multiplier, and what one upgrade request sends. */
import { chancePercent, chanceThousandths } from '../domain/chance.ts';
import { toMinor } from '../domain/money.ts';
import { multiplierOf } from '../domain/multiplier.ts';
import type { PageContext } from './context.ts';
import { firstStaked, stakeMinor, targetItem } from './views.ts';

/** The chance C in thousandths of a percent, or null until a stake and a target are chosen. */
export function chanceOf(ctx: Pick<PageContext, 'inventory' | 'staked' | 'uitems' | 'target'>): number | null {
  const target = targetItem(ctx);
  if (!target || ctx.staked.length === 0) return null;
  return chanceThousandths(stakeMinor(ctx), toMinor(target.price));
}

/** The chance as the page shows it and sends it: a percent with the site's decimals, rounded down. */
export function shownChance(ctx: PageContext): number | null {
  const c = chanceOf(ctx);
  return c == null ? null : chancePercent(c, ctx.site.chanceDecimals);
}

/** Target price / first staked item's price, 2 decimals (0 until both are chosen). */
export function multiplierValue(ctx: Pick<PageContext, 'inventory' | 'staked' | 'uitems' | 'target'>): number {
  const target = targetItem(ctx);
  const first = firstStaked(ctx);
  return multiplierOf(target ? toMinor(target.price) : null, first ? toMinor(first.price) : null);
}

/** What the play actor sends, except the token it fetches itself. */
export interface PlayInput {
  inventoryItems: number[];
  uniqItem: number;
  frontChance: number;
  rollUnder: boolean;
  selectedMultiplier: number;
}

/** The upgrade request for the current selection (only called when canPlay holds). */
export function playInput(ctx: PageContext): PlayInput {
  return {
    inventoryItems: [...ctx.staked],
    uniqItem: ctx.target ?? -1,
    frontChance: shownChance(ctx) ?? 0,
    rollUnder: ctx.rollUnder,
    selectedMultiplier: multiplierValue(ctx),
  };
}
