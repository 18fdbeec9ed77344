/**
 * The HTTP contract between the page and the server: TypeBox schemas the server validates and serialises
 * with, and the static types the SPA imports (type-only, so TypeBox never reaches the bundle).
 */
import { Type, type Static } from '@sinclair/typebox';

export const ErrorResponse = Type.Object({
  status: Type.Literal(false),
  msg: Type.String(),
  /** self_excluded: when play is possible again (ISO 8601), null for a permanent exclusion. */
  until: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** limit_reached: the limit the game would pass, what is left of it (major units) and when it resets. */
  kind: Type.Optional(Type.Union([Type.Literal('loss'), Type.Literal('stake')])),
  period: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')])),
  left: Type.Optional(Type.Number()),
  resets_at: Type.Optional(Type.String()),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

export const ItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price: Type.Number(),
  image: Type.String(),
  type: Type.String(),
  type_prize: Type.Integer(),
});
export type ItemDto = Static<typeof ItemSchema>;

/** Where a staked item came from, for the panel's way back to the case. */
export const CaseGame = Type.Union([
  Type.Object({ kind: Type.Literal('case'), case_id: Type.Integer() }),
  Type.Object({ kind: Type.Literal('giftcase') }),
  Type.Null(),
]);
export type CaseGame = Static<typeof CaseGame>;

export const IndexResponse = Type.Object({
  status: Type.Literal(true),
  inventory: Type.Union([Type.Array(ItemSchema), Type.Null()]),
  uitems: Type.Array(ItemSchema),
});
export type IndexResponse = Static<typeof IndexResponse>;

export const ProvablyFairSummary = Type.Object({
  roll_id: Type.String(),
  roll: Type.Number(),
  chance: Type.Number(),
  roll_under: Type.Integer({ minimum: 0, maximum: 1 }),
  server_seed_hash: Type.String(),
  client_seed: Type.String(),
  nonce: Type.Integer(),
});
export type ProvablyFairSummary = Static<typeof ProvablyFairSummary>;

export const UpgradeResponse = Type.Object({
  status: Type.Literal(true),
  msg: Type.String(),
  /** 1 = win, 0 = loss. */
  success: Type.Integer({ minimum: 0, maximum: 1 }),
  /** Tickets this game added to the bonus balance. */
  tickets: Type.Integer(),
  /** The target's name, picture, price and rarity. */
  item: Type.String(),
  img: Type.String(),
  price: Type.Number(),
  quality: Type.String(),
  casegame: CaseGame,
  /** Inventory id of the won item; null on a loss. */
  vinLastItemId: Type.Union([Type.Integer(), Type.Null()]),
  balance: Type.Number(),
  bonus_balance: Type.Integer(),
  provably_fair: ProvablyFairSummary,
  /**
   * A fresh caseopen token for this session's next game, so the next Play needs no token call of its own. Absent
   * when reCAPTCHA checks games (its token comes from Google's script, per game).
   */
  next_token: Type.Optional(Type.String()),
});
export type UpgradeResponse = Static<typeof UpgradeResponse>;

export const UserDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  balance: Type.Number(),
  bonus_balance: Type.Integer(),
  /** The Steam avatar's URL, or null. */
  avatar: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Whether the live feed shows "Hidden" instead of the name. */
  hide_name: Type.Optional(Type.Boolean()),
});
export type UserDto = Static<typeof UserDto>;

export const MeResponse = Type.Object({ status: Type.Literal(true), user: Type.Union([UserDto, Type.Null()]) });
export type MeResponse = Static<typeof MeResponse>;

export const TokenResponse = Type.Object({ status: Type.Literal(true), token: Type.String() });
export type TokenResponse = Static<typeof TokenResponse>;

export const SellResponse = Type.Object({ status: Type.Literal(true), balance: Type.Number() });
export type SellResponse = Static<typeof SellResponse>;

/** The rules a game is played by: the payout factor (0.9) and the chance bounds as percents (0.1, 80). */
export const GameRulesDto = Type.Object({
  payout_factor: Type.Number(),
  chance_min: Type.Number(),
  chance_max: Type.Number(),
});
export type GameRulesDto = Static<typeof GameRulesDto>;

/** The site's house rules (src/domain/rules.ts): a game's rules plus the most items one game may stake. */
export const HouseRulesDto = Type.Composite([GameRulesDto, Type.Object({ max_stake_items: Type.Integer() })]);
export type HouseRulesDto = Static<typeof HouseRulesDto>;

/** What the page needs to know about the variant it is served as. */
export const SiteResponse = Type.Object({
  status: Type.Literal(true),
  site: Type.Union([Type.Literal('cs'), Type.Literal('dota'), Type.Literal('ru')]),
  game: Type.Union([Type.Literal('cs'), Type.Literal('dota')]),
  lang: Type.Union([Type.Literal('en'), Type.Literal('ru')]),
  currency: Type.Union([Type.Literal('USD'), Type.Literal('RUB')]),
  chance_decimals: Type.Integer(),
  main_site_url: Type.String(),
  recaptcha_site_key: Type.Union([Type.String(), Type.Null()]),
  house_rules: HouseRulesDto,
});
export type SiteResponse = Static<typeof SiteResponse>;

export const SeedStateResponse = Type.Object({
  status: Type.Literal(true),
  server_seed_hash: Type.String(),
  next_server_seed_hash: Type.String(),
  client_seed: Type.String(),
  nonce: Type.Integer(),
});
export type SeedStateResponse = Static<typeof SeedStateResponse>;

export const RotateResponse = Type.Object({
  status: Type.Literal(true),
  revealed_server_seed: Type.String(),
  revealed_server_seed_hash: Type.String(),
  revealed_client_seed: Type.String(),
  games: Type.Integer(),
  state: Type.Omit(SeedStateResponse, ['status']),
});
export type RotateResponse = Static<typeof RotateResponse>;

export const RollResponse = Type.Object({
  status: Type.Literal(true),
  roll_id: Type.String(),
  server_seed_hash: Type.String(),
  server_seed: Type.Union([Type.String(), Type.Null()]),
  client_seed: Type.String(),
  nonce: Type.Integer(),
  chance: Type.Number(),
  roll_under: Type.Integer({ minimum: 0, maximum: 1 }),
  roll: Type.Number(),
  success: Type.Integer({ minimum: 0, maximum: 1 }),
  time: Type.String({ description: 'ISO 8601' }),
  /** The staked value and the target's price (major units), and the rules the chance was computed with. */
  stake: Type.Number(),
  target_price: Type.Number(),
  rules: GameRulesDto,
});
export type RollResponse = Static<typeof RollResponse>;

/** One settled game in the player's history. */
export const HistoryGame = Type.Object({
  roll_id: Type.String(),
  time: Type.String({ description: 'ISO 8601' }),
  stake: Type.Number(),
  stake_count: Type.Integer(),
  target: Type.String(),
  target_price: Type.Number(),
  chance: Type.Number(),
  roll_under: Type.Integer({ minimum: 0, maximum: 1 }),
  roll: Type.Number(),
  success: Type.Integer({ minimum: 0, maximum: 1 }),
  server_seed_hash: Type.String(),
  nonce: Type.Integer(),
});
export type HistoryGame = Static<typeof HistoryGame>;

/** A revealed seed with how many games were played on it. */
export const RevealedSeed = Type.Object({
  server_seed: Type.String(),
  server_seed_hash: Type.String(),
  client_seed: Type.String(),
  games: Type.Integer(),
  revealed_at: Type.String({ description: 'ISO 8601' }),
});
export type RevealedSeed = Static<typeof RevealedSeed>;

/** GET /api/provably_fair/history?page=N (0-based, 20 games a page, newest first). */
export const HistoryResponse = Type.Object({
  status: Type.Literal(true),
  page: Type.Integer(),
  pages: Type.Integer(),
  games: Type.Array(HistoryGame),
  revealed_seeds: Type.Array(RevealedSeed),
});
export type HistoryResponse = Static<typeof HistoryResponse>;

/** POST /api/profile/hide_name: the player's live-feed name setting as saved. */
export const HideNameResponse = Type.Object({ status: Type.Literal(true), hide_name: Type.Boolean() });
export type HideNameResponse = Static<typeof HideNameResponse>;

/** GET /api/live, event `game`: one settled game as the feed tells it (money in major units, chance in percent). */
export const LiveGame = Type.Object({
  /** The game's id (also the SSE event id). */
  id: Type.Integer(),
  roll_id: Type.String(),
  /** The player's name, or the translated "Hidden" when they chose so. */
  name: Type.String(),
  hidden: Type.Boolean(),
  stake: Type.Number(),
  stake_count: Type.Integer(),
  /** The target: name, catalogue id, picture, rarity and price. */
  item: Type.String(),
  item_id: Type.Integer(),
  img: Type.String(),
  type: Type.String(),
  price: Type.Number(),
  chance: Type.Number(),
  roll_under: Type.Union([Type.Literal(0), Type.Literal(1)]),
  success: Type.Union([Type.Literal(0), Type.Literal(1)]),
  time: Type.String({ format: 'date-time' }),
});
export type LiveGame = Static<typeof LiveGame>;

/** GET /api/live, event `me`: what changed for the signed-in player (the page reloads inventory and balance). */
export const LiveMe = Type.Object({
  kind: Type.Union([Type.Literal('game'), Type.Literal('sale'), Type.Literal('grant'), Type.Literal('seeds')]),
  /** For kind 'game': that game's roll id. */
  roll_id: Type.Optional(Type.String()),
});
export type LiveMe = Static<typeof LiveMe>;
