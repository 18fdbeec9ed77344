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

/** The rules a recorded game's chance was computed with (the item limit only gates the request). */
export type GameRules = Pick<HouseRules, 'payoutPer100k' | 'chanceMin' | 'chanceMax'>;

/** The rules as the API carries them: a factor (0.9) and percents (0.1, 80). */
export interface GameRulesWire {
  payout_factor: number;
  chance_min: number;
  chance_max: number;
}

/** A game's rules in the API's units. */
export function gameRulesToWire(rules: GameRules): GameRulesWire {
  return {
    payout_factor: rules.payoutPer100k / 100_000,
    chance_min: rules.chanceMin / 1000,
    chance_max: rules.chanceMax / 1000,
  };
}

/** The API's units back to integers; rounding undoes the binary fraction error of the divisions exactly. */
export function gameRulesFromWire(wire: GameRulesWire): GameRules {
  return {
    payoutPer100k: Math.round(wire.payout_factor * 100_000),
    chanceMin: Math.round(wire.chance_min * 1000),
    chanceMax: Math.round(wire.chance_max * 1000),
  };
}

/** The site's house rules in the API's units. */
export function houseRulesToWire(rules: HouseRules): GameRulesWire & { max_stake_items: number } {
  return { ...gameRulesToWire(rules), max_stake_items: rules.maxStakeItems };
}

/** The API's house rules back to integers. */
export function houseRulesFromWire(wire: GameRulesWire & { max_stake_items: number }): HouseRules {
  return { ...gameRulesFromWire(wire), maxStakeItems: wire.max_stake_items };
}
