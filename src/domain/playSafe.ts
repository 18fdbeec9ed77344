/**
 * Play-safe rules shared by the settlement and the page: cool-offs and self-exclusion, loss and stake limits per
 * UTC day, ISO week or month, and when a change to a limit takes effect. Money in minor units, times in epoch ms.
 */

/** What a limit caps: the net loss (stake minus the value of won items) or the amount staked. */
export type LimitKind = 'loss' | 'stake';
/** A limit's period: the UTC calendar day, the ISO week (from Monday) or the calendar month. */
export type LimitPeriod = 'day' | 'week' | 'month';

export const LIMIT_KINDS: readonly LimitKind[] = ['loss', 'stake'];
export const LIMIT_PERIODS: readonly LimitPeriod[] = ['day', 'week', 'month'];

/** Cool-off and self-exclusion lengths in hours; null is for good. */
export const COOL_OFF_PERIODS = { '24h': 24, '7d': 168, '30d': 720, permanent: null } as const;
/** A cool-off's name. */
export type CoolOffPeriod = keyof typeof COOL_OFF_PERIODS;

/** The reality check's choices in minutes; 0 turns it off. */
export const REALITY_CHECK_CHOICES = [0, 15, 30, 60] as const;
/** The reality check's interval for a new account. */
export const REALITY_CHECK_DEFAULT = 60;

/** How long a raised or removed limit keeps the old amount: the impulse has time to pass. */
export const LIMIT_RAISE_DELAY_MS = 24 * 3_600_000;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Whether a value names a limit kind. */
export function isLimitKind(value: unknown): value is LimitKind {
  return typeof value === 'string' && (LIMIT_KINDS as readonly string[]).includes(value);
}

/** Whether a value names a limit period. */
export function isLimitPeriod(value: unknown): value is LimitPeriod {
  return typeof value === 'string' && (LIMIT_PERIODS as readonly string[]).includes(value);
}

/** Whether a value names a cool-off period. */
export function isCoolOffPeriod(value: unknown): value is CoolOffPeriod {
  return typeof value === 'string' && Object.hasOwn(COOL_OFF_PERIODS, value);
}

/** The first instant of the period that contains `at`. */
export function periodStart(period: LimitPeriod, at: number): number {
  const d = new Date(at);
  if (period === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (period === 'day') return day;
  // getUTCDay: Sunday is 0; ISO weeks start on Monday.
  return day - ((d.getUTCDay() + 6) % 7) * DAY_MS;
}

/** When the period that contains `at` ends and the limit's count starts again. */
export function periodEnd(period: LimitPeriod, at: number): number {
  const start = periodStart(period, at);
  if (period === 'day') return start + DAY_MS;
  if (period === 'week') return start + 7 * DAY_MS;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** A stored limit: the amount in force, and a raise or removal (pending null) waiting for its time. */
export interface StoredLimit {
  amountMinor: number;
  pendingAmountMinor: number | null;
  pendingAt: number | null;
}

/** The amount in force at `now`; null when a removal has taken effect. */
export function limitInForce(limit: StoredLimit, now: number): number | null {
  if (limit.pendingAt !== null && limit.pendingAt <= now) return limit.pendingAmountMinor;
  return limit.amountMinor;
}

/**
 * A limit after the player asks for `amount` (null: remove) at `now`; null when no limit is left. Lowering or
 * setting one applies at once (and drops a waiting raise); raising or removing waits LIMIT_RAISE_DELAY_MS, and
 * asking for the same change again does not restart the wait.
 */
export function changeLimit(current: StoredLimit | null, amount: number | null, now: number): StoredLimit | null {
  const inForce = current === null ? null : limitInForce(current, now);
  if (inForce === null)
    return amount === null ? null : { amountMinor: amount, pendingAmountMinor: null, pendingAt: null };
  if (amount !== null && amount <= inForce) return { amountMinor: amount, pendingAmountMinor: null, pendingAt: null };
  const waiting =
    current !== null && current.pendingAt !== null && current.pendingAt > now && current.pendingAmountMinor === amount;
  return {
    amountMinor: inForce,
    pendingAmountMinor: amount,
    pendingAt: waiting ? current.pendingAt : now + LIMIT_RAISE_DELAY_MS,
  };
}

/**
 * When a cool-off asked for at `now` ends: never earlier than one already running (it cannot be shortened) and
 * at least `minHours` long; null for a permanent exclusion.
 */
export function coolOffEnd(
  period: CoolOffPeriod,
  running: number | null,
  minHours: number,
  now: number,
): number | null {
  const hours = COOL_OFF_PERIODS[period];
  if (hours === null) return null;
  return Math.max(running ?? 0, now + Math.max(hours, minHours) * HOUR_MS);
}

/** A limit in force and what the current period has used of it (a net win makes a loss limit's use negative). */
export interface LimitUse {
  kind: LimitKind;
  period: LimitPeriod;
  amountMinor: number;
  usedMinor: number;
  /** When the period ends. */
  resetsAt: number;
}

/** The player's exclusion and limits in force, as the settlement reads them under the player's lock. */
export interface PlaySafeState {
  /** The end of a running cool-off (null: none, or ended). */
  coolOffUntil: number | null;
  permanent: boolean;
  limits: readonly LimitUse[];
}

/** Why play-safe refuses a game, with what the message tells. */
export type PlaySafeRefusal =
  | { refusal: 'self_excluded'; until: number | null }
  | { refusal: 'limit_reached'; kind: LimitKind; period: LimitPeriod; leftMinor: number; resetsAt: number };

/** Whether the player is excluded from play at `now`. */
export function isExcluded(state: PlaySafeState, now: number): boolean {
  return state.permanent || (state.coolOffUntil !== null && state.coolOffUntil > now);
}

/** The exclusion refusal at `now`, or null when the player may play. */
export function exclusionRefusal(state: PlaySafeState, now: number): PlaySafeRefusal | null {
  if (!isExcluded(state, now)) return null;
  return { refusal: 'self_excluded', until: state.permanent ? null : state.coolOffUntil };
}

/**
 * The limit a game staking `stakeMinor` would pass, or null. A loss counts the whole stake, since the game may be
 * lost; of several limits it would pass, the one with the least left (then the latest reset) is named.
 */
export function limitRefusal(state: PlaySafeState, stakeMinor: number): PlaySafeRefusal | null {
  let worst: LimitUse | null = null;
  for (const limit of state.limits) {
    if (limit.usedMinor + stakeMinor <= limit.amountMinor) continue;
    const left = limit.amountMinor - limit.usedMinor;
    const worstLeft = worst === null ? Infinity : worst.amountMinor - worst.usedMinor;
    if (left < worstLeft || (left === worstLeft && worst !== null && limit.resetsAt > worst.resetsAt)) worst = limit;
  }
  if (worst === null) return null;
  return {
    refusal: 'limit_reached',
    kind: worst.kind,
    period: worst.period,
    leftMinor: Math.max(0, worst.amountMinor - worst.usedMinor),
    resetsAt: worst.resetsAt,
  };
}
