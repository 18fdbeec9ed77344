/**
 * Win chance in integer thousandths of a percent (provably-fair.md): 100 = 0.1 %, 80_000 = 80 %.
 * Integer arithmetic only, so the page and the server always agree.
 */
import { DEFAULT_RULES, type HouseRules } from './rules.ts';

/** The default bounds (a recorded game carries its own). */
export const CHANCE_MIN = DEFAULT_RULES.chanceMin;
export const CHANCE_MAX = DEFAULT_RULES.chanceMax;
/** Number of equally likely roll values R (0 .. 99_999). */
export const ROLL_SPACE = 100_000;

/** The chance before any bound: floor(stake * payout / target), payout in parts per 100 000. */
export function rawChance(
  stakeMinor: number,
  targetMinor: number,
  payoutPer100k = DEFAULT_RULES.payoutPer100k,
): number {
  if (!Number.isSafeInteger(stakeMinor) || !Number.isSafeInteger(targetMinor) || targetMinor <= 0 || stakeMinor < 0) {
    throw new RangeError('prices must be non-negative safe integers, target > 0');
  }
  return Number((BigInt(stakeMinor) * BigInt(payoutPer100k)) / BigInt(targetMinor));
}

/**
 * The chance a recorded game played at: the raw chance within its bounds. A game is only played when its raw
 * chance reaches the minimum (decideGame); games settled before that rule played below it at the minimum.
 */
export function chanceThousandths(
  stakeMinor: number,
  targetMinor: number,
  rules: Pick<HouseRules, 'payoutPer100k' | 'chanceMin' | 'chanceMax'> = DEFAULT_RULES,
): number {
  const raw = rawChance(stakeMinor, targetMinor, rules.payoutPer100k);
  return Math.min(rules.chanceMax, Math.max(rules.chanceMin, raw));
}

/** Whether roll R wins at chance C: roll_under 1 wins on R < C, mirrored (0) wins on R >= 100_000 - C. */
export function isWin(roll: number, chance: number, rollUnder: boolean): boolean {
  return rollUnder ? roll < chance : roll >= ROLL_SPACE - chance;
}

/** The page's label for a chance: low <= 24 % < medium <= 60 % < high. */
export type ChanceLabel = 'low' | 'medium' | 'high';
export function chanceLabel(chance: number): ChanceLabel {
  if (chance <= 24_000) return 'low';
  if (chance <= 60_000) return 'medium';
  return 'high';
}

/** The chance as a percent number with `decimals` (1 or 3) decimals, rounded down so it never promises more. */
export function chancePercent(chance: number, decimals: number): number {
  const step = 10 ** (3 - decimals);
  return Math.floor(chance / step) / 10 ** decimals;
}

/** Thousandths to the percent number the API answers (up to 3 decimals). */
export function thousandthsToPercent(value: number): number {
  return value / 1000;
}

/**
 * Whether a chance the client sent (a percent, shown with 1 or 3 decimals) matches the server's C:
 * display rounding may take it down by less than 0.1 point, never up.
 */
export function clientChanceMatches(clientPercent: number, chance: number): boolean {
  if (!Number.isFinite(clientPercent)) return false;
  const client = Math.round(clientPercent * 1000);
  return client <= chance && chance - client < 100;
}

/**
 * The winning edge (percent) of chance C (thousandths) in the chance's decimals, rounded towards fewer winning rolls: below a chance shown
 * rounded down, or at or above 100 minus the chance, rounded up.
 */
export function winEdge(chance: number, rollUnder: boolean, decimals: number): number {
  const step = 10 ** (3 - decimals);
  const edge = rollUnder ? Math.floor(chance / step) * step : Math.ceil((ROLL_SPACE - chance) / step) * step;
  return edge / 1000;
}
