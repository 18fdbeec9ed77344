/** Plain data for the machine tests: a site variant, an inventory with one locked item, a few targets, answers. */
import type { IndexResponse, UpgradeResponse, UserDto } from '../../src/api/contract.ts';
import type { LiveGame } from '../../src/api/live.ts';
import type { Item } from '../../src/domain/item.ts';
import { variantFrom, type SiteVariant } from '../../src/site/variant.ts';
import type { LoadOutput } from '../../src/machines/actors.ts';

/** A CS variant as GET /api/site answers it. */
export const csSite: SiteVariant = variantFrom({
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

/** A Dota variant (BP mode). */
export const dotaSite: SiteVariant = variantFrom({
  status: true,
  site: 'dota',
  game: 'dota',
  lang: 'en',
  currency: 'USD',
  chance_decimals: 1,
  main_site_url: 'https://main.example',
  recaptcha_site_key: null,
  house_rules: { payout_factor: 0.9, chance_min: 0.1, chance_max: 80, max_stake_items: 15 },
});

const item = (id: number, price: number, typePrize = 0, name = `AK-47 | Skin ${id} (Field-Tested)`): Item => ({
  id,
  name,
  price,
  image: `/app/public/items/${id}.png`,
  type: 'mil_spec',
  type_prize: typePrize,
});

/** Id of the type_prize 13 item. */
export const LOCKED_ID = 1;
/** The most expensive usable item: choose-all (price descending) takes it first. */
export const TOP_ID = 2;
/** The cheapest usable item: the 16th, never part of choose-all. */
export const SIXTEENTH_ID = 17;

/** 1 locked item and 16 usable ones priced 16.00 down to 1.00. */
export const inventory: Item[] = [
  item(LOCKED_ID, 99, 13),
  ...Array.from({ length: 16 }, (_, i) => item(i + 2, 16 - i)),
];

/** Targets: one cheap, one pricey, one battle-pass item. */
export const uitems: Item[] = [
  item(501, 20),
  item(502, 100),
  item(503, 1000),
  item(504, 50, 0, '120 Levels Battle Pass'),
];
/** The target the tests pick. */
export const TARGET_ID = 502;

/** The demo user, with a balance to stake from. */
export const user: UserDto = { id: 7, name: 'demo', balance: 10, bonus_balance: 3 };

/** A user with nothing: no items and no balance. */
const broke: UserDto = { ...user, balance: 0 };

const index = (inv: Item[] | null): IndexResponse => ({ status: true, inventory: inv, uitems });

/** Load answers for each screen. */
export const loads = {
  signedOut: { index: index(null), user: null },
  empty: { index: index([]), user: broke },
  full: { index: index(inventory), user },
} satisfies Record<string, LoadOutput>;

function game(success: 0 | 1): UpgradeResponse {
  return {
    status: true,
    msg: '',
    success,
    tickets: 2,
    item: 'AK-47 | Skin 502',
    img: '/app/public/items/502.png',
    price: 100,
    quality: 'mil_spec',
    casegame: { kind: 'case', case_id: 12 },
    vinLastItemId: success ? 900 : null,
    balance: 10,
    bonus_balance: 5,
    provably_fair: {
      roll_id: 'r-1',
      roll: success ? 1.234 : 97.5,
      chance: 14.4,
      roll_under: 1,
      server_seed_hash: 'h',
      client_seed: 'c',
      nonce: 3,
    },
  };
}

/** A won and a lost game. */
export const games = { win: game(1), loss: game(0) };

/** A game of another player as the live feed tells it. */
export const liveGame: LiveGame = {
  id: 41,
  roll_id: 'a1b2c3d4e5f6a7b8c9d0e1f2',
  name: 'someone',
  hidden: false,
  stake: 5,
  stake_count: 1,
  item: 'AWP | Asiimov (Field-Tested)',
  item_id: 120,
  img: '/app/public/items/120.png',
  type: 'covert',
  price: 9,
  chance: 50,
  roll_under: 1,
  success: 1,
  time: '2026-11-27T09:00:00.000Z',
};
