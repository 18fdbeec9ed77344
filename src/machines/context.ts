/** The page statechart's context: everything the page knows, in one plain object. */
import type { UpgradeResponse, UserDto } from '../api/contract.ts';
import type { LiveGame } from '../api/live.ts';
import { BP_MAX_LEVELS, DEFAULT_MULTIPLIER } from '../domain/constants.ts';
import { EMPTY_FILTER, type FilterState, type SortDirection } from '../domain/filters.ts';
import type { Item } from '../domain/item.ts';
import type { SiteVariant } from '../site/variant.ts';
import type { Side } from './events.ts';

/** One inventory's view state: filter, price sort and 0-based page. */
export interface SideView {
  filter: FilterState;
  sort: SortDirection;
  page: number;
}

/** The right side adds battle-pass mode and its levels (Dota site). */
export interface TargetView extends SideView {
  bp: boolean;
  /** The max-levels input; null = the cap. */
  maxLevels: number | null;
  /** The stored max_levels the input is capped at (3000 once BP mode is turned on). */
  levelsCap: number;
}

/** Translation keys of the page's own notices (server refusals carry the server's text instead). */
export type NoticeKey =
  | 'network'
  | 'locked'
  | 'maxStake'
  | 'stakeFirst'
  | 'noTarget'
  | 'multiplierFar'
  | 'reloadFailed'
  | 'sellFailed'
  | 'sold'
  | 'signOutFailed'
  | 'gameNotPlayed'
  | 'gamePlayed'
  | 'connectionLost';

/** A notification: an i18n key, or the server's already translated msg. `seq` makes a repeat announce again. */
export type Notice = { kind: 'error' | 'info'; seq: number } & (
  { key: NoticeKey; multiplier?: number; balance?: number } | { text: string }
);

/** A click queued to run once the inventory is (re)loaded: route preselection, a click on a finished game. */
export type QueuedPick = { side: Side; id: number };

/** A game sent without an answer: its items and the balance before it (minor units). */
export interface UnansweredGame {
  items: number[];
  balanceBefore: number;
}

/** What the page is started with. */
export interface PageInput {
  site: SiteVariant;
  /** Inventory ids from /upgrades/{id,id,...}. */
  preselect?: readonly number[];
  /** Saved preferences (cookies), read at boot. */
  prefs?: { sound?: boolean; bp?: boolean; fast?: boolean };
  /**
   * The targets' first page as the server's first screen shows it (src/entry-server.tsx): the page shows them,
   * inert, until its first load brings the whole list.
   */
  targets?: Item[];
}

export interface PageContext {
  site: SiteVariant;
  user: UserDto | null;
  inventory: Item[];
  uitems: Item[];
  left: SideView;
  right: TargetView;
  /** Staked inventory ids, in the order they were picked. */
  staked: number[];
  /** Balance staked beside the items, in minor units (0: none); above the balance it blocks Play. */
  balanceStake: number;
  /** Catalogue id of the chosen target. */
  target: number | null;
  /** 1 = win below the chance; 0 = mirrored. */
  rollUnder: boolean;
  /** The last multiplier button used (the bar highlights it while the target is the one it chose). */
  multiplier: number;
  /** The target the last multiplier button chose (null: none found, or none used yet). */
  multiplierTarget: number | null;
  sound: boolean;
  notice: Notice | null;
  /** The last game's answer, while its result is shown. */
  game: UpgradeResponse | null;
  /** The items that game staked (the loss panel shows them; the reloaded inventory no longer has them). */
  gameStake: Item[];
  /** The balance that game staked (minor units). */
  gameBalanceStake: number;
  queued: QueuedPick[];
  /** Whether the inventory changed on the server since it was last loaded (a game, a sale). */
  inventoryStale: boolean;
  /** The stake of a game whose request got no answer (a network failure), until a reload tells if it was played. */
  unanswered: UnansweredGame | null;
  /** Why the last index call failed: no answer (network), or the server's answer (its msg when it sent one). */
  loadError: { kind: 'network' | 'server'; text: string | null } | null;
  /**
   * Whether `uitems` is still the first screen's page of targets (PageInput.targets), until the first load lands:
   * its cells and the filters are shown but disabled.
   */
  preview: boolean;
  /** 1.5 s spins instead of 5 s (the fast-spin toggle, saved in a cookie). */
  fastSpin: boolean;
  /** The live strip: the site's last games as the feed told them, newest first. */
  live: LiveGame[];
  /** Games told while the player's own wheel spins, shown once it has landed (the strip must not spoil it). */
  liveHeld: LiveGame[];
}

/** The context a fresh page starts with. */
export function initialContext(input: PageInput): PageContext {
  const bp = input.site.bpMode && (input.prefs?.bp ?? true);
  return {
    site: input.site,
    user: null,
    inventory: [],
    uitems: input.targets ?? [],
    left: { filter: EMPTY_FILTER, sort: 'desc', page: 0 },
    right: { filter: EMPTY_FILTER, sort: 'asc', page: 0, bp, maxLevels: null, levelsCap: BP_MAX_LEVELS },
    staked: [],
    balanceStake: 0,
    target: null,
    rollUnder: true,
    multiplier: DEFAULT_MULTIPLIER,
    multiplierTarget: null,
    sound: input.prefs?.sound ?? true,
    notice: null,
    game: null,
    gameStake: [],
    gameBalanceStake: 0,
    queued: (input.preselect ?? []).map((id) => ({ side: 'left' as const, id })),
    inventoryStale: false,
    unanswered: null,
    loadError: null,
    preview: !!input.targets,
    fastSpin: input.prefs?.fast ?? false,
    live: [],
    liveHeld: [],
  };
}
