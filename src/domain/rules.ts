/**
 * The house rules a site plays by (configured per site, sent to the page by GET /api/site, recorded with every
 * game). Integer units only, so the page and the server compute the same chance from them.
 */
export interface HouseRules {
  /** Share of the stake's value the chance pays for, in parts per 100 000 (0.9 = 90 000). */
  payoutPer100k: number;
  /** The smallest chance a game may play at, in thousandths of a percent (100 = 0.1 %). */
  chanceMin: number;
  /** The largest chance a game plays at, in thousandths of a percent (80 000 = 80 %). */
  chanceMax: number;
  /** The most items one game may stake. */
  maxStakeItems: number;
}

/** The rules every site starts with: factor 0.9, chance 0.1 % to 80 %, up to 15 items. */
export const DEFAULT_RULES: HouseRules = {
  payoutPer100k: 90_000,
  chanceMin: 100,
  chanceMax: 80_000,
  maxStakeItems: 15,
};
