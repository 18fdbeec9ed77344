/** Business constants of the upgrades page (spec section 9). */

/** Cells per inventory page, on both sides. */
export const PAGE_SIZE = 15;
/** type_prize value of an item that can never be staked. */
export const LOCKED_TYPE_PRIZE = 13;
/** Minor units (cents, kopecks) per major unit. */
export const MINOR_PER_MAJOR = 100;
/** Multiplier buttons, default first. */
export const MULTIPLIERS = [1.2, 1.5, 2, 3, 5, 10] as const;
/** Default multiplier label. */
export const DEFAULT_MULTIPLIER = 1.2;
/** Wheel spin, then the pause before the result panel (ms). */
export const SPIN_MS = 5000;
export const RESULT_DELAY_MS = 500;
/** Counter animations (ms). */
export const PRICE_COUNTER_MS = 1000;
export const CHANCE_COUNTER_MS = 900;
/** Cookie lifetime in days. */
export const COOKIE_DAYS = 365;
/** BP mode: the stored max_levels once it is turned on. */
export const BP_MAX_LEVELS = 3000;
/** Viewport width below which the mobile layout applies (px). */
export const MOBILE_BREAKPOINT = 1200;
/** Scroll offset after which the sticky header shows (px). */
export const STICKY_HEADER_AFTER = 700;

/** Dota rarities in the spec's sort order. */
export const DOTA_RARITIES = ['Rare', 'Common', 'Uncommon', 'Mythical', 'Immortal', 'Arcana', 'Legendary'] as const;
/** CS quality names as the spec lists them. */
export const CS_QUALITIES = [
  'restricted',
  'covert',
  'classified',
  'mil_spec',
  'industrial_grade',
  'consumer_grade',
  'contraband',
  'extraordinary',
  'special',
] as const;

/** Valve rarity colours, keyed by the type field. */
export const RARITY_COLORS: Record<string, string> = {
  consumer_grade: '#b0c3d9',
  industrial_grade: '#5e98d9',
  mil_spec: '#4b69ff',
  restricted: '#8847ff',
  classified: '#d32ce6',
  covert: '#eb4b4b',
  contraband: '#e4ae39',
  extraordinary: '#e4ae39',
  special: '#e4ae39',
  Common: '#b0c3d9',
  Uncommon: '#5e98d9',
  Rare: '#4b69ff',
  Mythical: '#8847ff',
  Legendary: '#d32ce6',
  Immortal: '#e4ae39',
  Arcana: '#ade55c',
};
