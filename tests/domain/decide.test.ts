import { describe, expect, it } from 'vitest';
import { chanceThousandths, rawChance } from '../../src/domain/chance.ts';
import { decideGame, type Decision } from '../../src/domain/decide.ts';
import { DEFAULT_RULES, type HouseRules } from '../../src/domain/rules.ts';

const item = (priceMinor: number, typePrize = 0) => ({ priceMinor, typePrize });
const many = (n: number, priceMinor: number) => Array.from({ length: n }, () => item(priceMinor));
const strict: HouseRules = { payoutPer100k: 95_000, chanceMin: 1_000, chanceMax: 75_000, maxStakeItems: 10 };

describe('decideGame', () => {
  it.each<[string, ReturnType<typeof item>[], ReturnType<typeof item> | null, HouseRules, Decision]>([
    ['a fair game', [item(500)], item(900), DEFAULT_RULES, { ok: true, stakeMinor: 500, chance: 50_000 }],
    [
      'two items summed',
      [item(300), item(200)],
      item(900),
      DEFAULT_RULES,
      { ok: true, stakeMinor: 500, chance: 50_000 },
    ],
    ['no stake', [], item(900), DEFAULT_RULES, { ok: false, refusal: 'items_required' }],
    ['16 items', many(16, 1), item(900), DEFAULT_RULES, { ok: false, refusal: 'too_many_items' }],
    ['15 items', many(15, 10), item(900), DEFAULT_RULES, { ok: true, stakeMinor: 150, chance: 15_000 }],
    ['a locked item', [item(500, 13)], item(900), DEFAULT_RULES, { ok: false, refusal: 'item_locked' }],
    ['no target', [item(500)], null, DEFAULT_RULES, { ok: false, refusal: 'target_unavailable' }],
    ['a locked target', [item(500)], item(900, 13), DEFAULT_RULES, { ok: false, refusal: 'target_unavailable' }],
    ['a cheaper target', [item(500)], item(400), DEFAULT_RULES, { ok: false, refusal: 'target_too_cheap' }],
    ['a target at the stake', [item(500)], item(500), DEFAULT_RULES, { ok: false, refusal: 'target_too_cheap' }],
    // $0.03 against the $7,377.92 knife: the fair chance is 0.00037 %, far below the 0.1 % minimum.
    ['$0.03 for $7,377.92', [item(3)], item(737_792), DEFAULT_RULES, { ok: false, refusal: 'chance_too_low' }],
    ['a raw chance of 99', [item(500)], item(450_001), DEFAULT_RULES, { ok: false, refusal: 'chance_too_low' }],
    ['a raw chance of 100', [item(500)], item(450_000), DEFAULT_RULES, { ok: true, stakeMinor: 500, chance: 100 }],
    ['a chance over the cap', [item(890)], item(900), DEFAULT_RULES, { ok: true, stakeMinor: 890, chance: 80_000 }],
    ['factor 0.95', [item(500)], item(1000), strict, { ok: true, stakeMinor: 500, chance: 47_500 }],
    ['a 1 % minimum', [item(10)], item(1000), strict, { ok: false, refusal: 'chance_too_low' }],
    ['exactly 1 %', [item(100)], item(9_500), strict, { ok: true, stakeMinor: 100, chance: 1_000 }],
    ['a 75 % cap', [item(890)], item(900), strict, { ok: true, stakeMinor: 890, chance: 75_000 }],
    ['11 items of 10', many(11, 1), item(900), strict, { ok: false, refusal: 'too_many_items' }],
    ['10 items of 10', many(10, 10), item(900), strict, { ok: true, stakeMinor: 100, chance: 10_555 }],
  ])('%s', (_name, stake, target, rules, decision) => {
    expect(decideGame(stake, target, rules)).toEqual(decision);
  });

  it.each<[string, ReturnType<typeof item>[], { stakeMinor: number; availableMinor: number }, Decision]>([
    ['balance alone', [], { stakeMinor: 500, availableMinor: 500 }, { ok: true, stakeMinor: 500, chance: 50_000 }],
    [
      'items and balance summed',
      [item(300)],
      { stakeMinor: 200, availableMinor: 1_000 },
      { ok: true, stakeMinor: 500, chance: 50_000 },
    ],
    [
      'more than the balance',
      [],
      { stakeMinor: 501, availableMinor: 500 },
      { ok: false, refusal: 'balance_insufficient' },
    ],
    [
      'a zero balance stake alone',
      [],
      { stakeMinor: 0, availableMinor: 500 },
      { ok: false, refusal: 'items_required' },
    ],
    [
      'a cent of balance at the minimum',
      [],
      { stakeMinor: 1, availableMinor: 500 },
      { ok: true, stakeMinor: 1, chance: 100 },
    ],
    [
      'balance that outprices the target',
      [item(500)],
      { stakeMinor: 400, availableMinor: 500 },
      { ok: false, refusal: 'target_too_cheap' },
    ],
  ])('%s', (_name, stake, balance, decision) => {
    expect(decideGame(stake, item(900), DEFAULT_RULES, balance)).toEqual(decision);
  });

  it('plays the chance a recorded game verifies with', () => {
    expect(rawChance(500, 900)).toBe(50_000);
    expect(chanceThousandths(500, 900)).toBe(50_000);
    expect(chanceThousandths(890, 900, strict)).toBe(75_000);
    expect(chanceThousandths(500, 1000, strict)).toBe(47_500);
  });
});
