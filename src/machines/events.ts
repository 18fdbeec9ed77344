/**
 * The page statechart's events: a typed union namespaced by where they come from. `user.*` from the
 * player's controls, `wheel.*` from the canvas, `live.*` from the live feed. The API's answers arrive as the actors' done/error events.
 */
import type { LiveGame, LiveMe } from '../api/live.ts';
import type { FilterState } from '../domain/filters.ts';

/** The two inventories: the player's items (left) and the target catalogue (right). */
export type Side = 'left' | 'right';

/** The balance field's quick buttons: 25 %, 50 %, max. */
export type BalanceShare = 25 | 50 | 100;

/** Sign-in form mode. */
export type SignInMode = 'login' | 'register';

export type PageEvent =
  | { type: 'user.pickItem'; id: number }
  | { type: 'user.pickTarget'; id: number }
  | { type: 'user.chooseAll' }
  /** The balance amount field: minor units (clamped to the balance). */
  | { type: 'user.setBalanceStake'; minor: number }
  /** A quick button beside it: this share of the balance. */
  | { type: 'user.balanceShare'; percent: BalanceShare }
  | { type: 'user.clear' }
  | { type: 'user.setFilter'; side: Side; patch: Partial<FilterState> }
  | { type: 'user.toggleSort'; side: Side }
  | { type: 'user.page'; side: Side; delta: 1 | -1 }
  | { type: 'user.setMaxLevels'; value: number | null }
  | { type: 'user.toggleBp' }
  | { type: 'user.multiplier'; value: number }
  | { type: 'user.mirror' }
  | { type: 'user.toggleSound' }
  | { type: 'user.play' }
  | { type: 'user.return' }
  | { type: 'user.sell' }
  /** An inventory item's own sell button (not the result panel's). */
  | { type: 'user.sellItem'; id: number }
  | { type: 'user.retry' }
  /** ageConfirmed: the register form's 18+ box (the server refuses a new account without it). */
  | { type: 'user.signIn'; mode: SignInMode; username: string; password: string; ageConfirmed?: boolean }
  | { type: 'user.signOut' }
  | { type: 'user.dismissNotice' }
  | { type: 'wheel.landed' }
  | { type: 'user.toggleFastSpin' }
  | { type: 'user.toggleHideName' }
  | { type: 'live.game'; game: LiveGame }
  | { type: 'live.me'; me: LiveMe }
  | { type: 'live.hideNameSaved'; hide: boolean }
  | { type: 'live.hideNameFailed'; error: unknown };

/** The event types, for exhaustive tables in tests and docs. */
export type PageEventType = PageEvent['type'];
