/**
 * Win chance in integer thousandths of a percent (provably-fair.md): 100 = 0.1 %, 80_000 = 80 %.
 * Integer arithmetic only, so the page and the server always agree.
 */
export const CHANCE_MIN = 100;
export const CHANCE_MAX = 80_000;
/** Number of equally likely roll values R (0 .. 99_999). */
export const ROLL_SPACE = 100_000;

/** C = floor(stake * 90_000 / target), clamped to 100 .. 80_000. */
export function chanceThousandths(stakeMinor: number, targetMinor: number): number {
  if (!Number.isSafeInteger(stakeMinor) || !Number.isSafeInteger(targetMinor) || targetMinor <= 0 || stakeMinor < 0) {
    throw new RangeError('prices must be non-negative safe integers, target > 0');
  }
  const raw = Number((BigInt(stakeMinor) * 90_000n) / BigInt(targetMinor));
  return Math.min(CHANCE_MAX, Math.max(CHANCE_MIN, raw));
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
