/** The numbers under the wheel and the multiplier label, as the statechart's selectors decide them. */
import { describe, expect, it } from 'vitest';
import type { UpgradeResponse } from '../../src/api/contract.ts';
import { DEFAULT_MULTIPLIER } from '../../src/domain/constants.ts';
import type { Item } from '../../src/domain/item.ts';
import { initialContext, type PageContext } from '../../src/machines/context.ts';
import { litMultiplier, shownMultiplier, summaryView } from '../../src/machines/game.ts';
import { variantFrom } from '../../src/site/variant.ts';

const item = (id: number, price: number): Item => ({
  id,
  name: `Item ${id}`,
  price,
  image: '',
  type: 'mil_spec',
  type_prize: 0,
});

function ctx(patch: Partial<PageContext>): PageContext {
  const site = variantFrom({
    status: true,
    site: 'cs',
    game: 'cs',
    lang: 'en',
    currency: 'USD',
    chance_decimals: 3,
    main_site_url: '/',
    recaptcha_site_key: null,
    house_rules: { payout_factor: 0.9, chance_min: 0.1, chance_max: 80, max_stake_items: 15 },
  });
  return {
    ...initialContext({ site }),
    inventory: [item(1, 2.5), item(2, 1.25)],
    uitems: [item(10, 10), item(11, 3.33)],
    ...patch,
  };
}

/** A signed-in player with `balance` (major units) to stake from. */
const player = (balance: number): PageContext['user'] => ({ id: 1, name: 'p', balance, bonus_balance: 0 });

function game(patch: Partial<UpgradeResponse>): UpgradeResponse {
  return {
    status: true,
    msg: '',
    success: 0,
    tickets: 0,
    item: 'Item 10',
    img: '',
    price: 10,
    quality: 'mil_spec',
    casegame: null,
    vinLastItemId: null,
    balance: 0,
    bonus_balance: 0,
    provably_fair: {
      roll_id: 'r',
      roll: 50,
      chance: 33.75,
      roll_under: 1,
      server_seed_hash: '',
      client_seed: '',
      nonce: 0,
    },
    ...patch,
  };
}

describe('shownMultiplier', () => {
  it.each([
    ['nothing chosen: the default button', {}, DEFAULT_MULTIPLIER],
    ['a stake only: the selected button', { staked: [1], multiplier: 2 }, 2],
    ['a target only: the selected button', { target: 10 }, DEFAULT_MULTIPLIER],
    ['both: target / the whole stake', { staked: [1, 2], target: 10 }, 2.67],
    [
      'items and balance: target / both together',
      { staked: [1], balanceStake: 125, target: 10, user: player(5) },
      2.67,
    ],
    ['balance alone: target / the balance staked', { balanceStake: 500, target: 10, user: player(5) }, 2],
    [
      'an amount above the balance is not staked: target / the items',
      { staked: [1], balanceStake: 501, target: 10, user: player(5) },
      4,
    ],
    ['both, rounded to 2 decimals', { staked: [2], target: 11 }, 2.66],
    [
      'a played game after the reload: its target / its whole stake, not the button',
      {
        staked: [],
        inventory: [],
        multiplier: 10,
        target: 11,
        game: game({ price: 10 }),
        gameStake: [item(2, 1.25), item(1, 2.5)],
        gameBalanceStake: 125,
      },
      2,
    ],
  ] as [string, Partial<PageContext>, number][])('%s', (_, patch, expected) => {
    expect(shownMultiplier(ctx(patch))).toBe(expected);
  });
});

describe('litMultiplier', () => {
  it.each([
    ['nothing chosen: none, though x1.2 is selected', {}, null],
    ['a stake, no target yet: none', { staked: [1], multiplier: 2 }, null],
    ['a button that found no target: none', { staked: [1], multiplier: 10, multiplierTarget: null }, null],
    ['the target the button chose: that button', { staked: [1], target: 10, multiplier: 3, multiplierTarget: 10 }, 3],
    ['a target chosen by hand: none', { staked: [1], target: 11, multiplier: 3, multiplierTarget: 10 }, null],
    [
      'balance alone, chosen by the button',
      { balanceStake: 500, target: 10, multiplier: 2, multiplierTarget: 10, user: player(5) },
      2,
    ],
    [
      'balance alone above the balance: no stake, none',
      { balanceStake: 501, target: 10, multiplier: 2, multiplierTarget: 10, user: player(5) },
      null,
    ],
  ] as [string, Partial<PageContext>, number | null][])('%s', (_, patch, expected) => {
    expect(litMultiplier(ctx(patch))).toBe(expected);
  });
});

describe('summaryView', () => {
  it('shows the selection while no game is on', () => {
    expect(summaryView(ctx({ staked: [1, 2], target: 10 }))).toEqual({ stake: 3.75, chance: 33.75, target: 10 });
    expect(summaryView(ctx({}))).toEqual({ stake: 0, chance: 0, target: 0 });
  });

  it('counts the balance part only while the balance covers it, and no chance above it', () => {
    const within = ctx({ staked: [1], balanceStake: 500, target: 10, user: player(5) });
    expect(summaryView(within)).toEqual({ stake: 7.5, chance: 67.5, target: 10 });
    const over = ctx({ staked: [1], balanceStake: 501, target: 10, user: player(5) });
    expect(summaryView(over)).toEqual({ stake: 2.5, chance: 0, target: 10 });
    expect(summaryView(ctx({ balanceStake: 501, target: 10, user: player(5) }))).toEqual({
      stake: 0,
      chance: 0,
      target: 10,
    });
  });

  it('shows the played game once the reload has dropped the staked items from the selection', () => {
    const played = ctx({
      staked: [],
      target: 11,
      inventory: [],
      game: game({ price: 10 }),
      gameStake: [item(1, 2.5), item(2, 1.25)],
    });
    expect(summaryView(played)).toEqual({ stake: 3.75, chance: 33.75, target: 10 });
  });
});
