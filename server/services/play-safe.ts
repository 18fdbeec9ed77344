/**
 * Play safe on the server: reading a player's cool-off and limits with what each period has used, changing them
 * under the player's lock, and the refusal the settlement throws. The rules are src/domain/playSafe.ts; the SQL
 * here only sums the games of each period the domain names.
 */
import { and, eq } from 'drizzle-orm';
import {
  changeLimit,
  coolOffEnd,
  limitInForce,
  periodEnd,
  periodStart,
  type CoolOffPeriod,
  type LimitKind,
  type LimitPeriod,
  type LimitUse,
  type PlaySafeRefusal,
  type PlaySafeState,
} from '../../src/domain/playSafe.ts';
import { toMajor } from '../../src/domain/money.ts';
import { SITES } from '../../src/domain/sites.ts';
import { siteInfo, type Site } from '../config.ts';
import type { Db, Queryable } from '../db/client.ts';
import { statement } from '../db/client.ts';
import { playLimits, users } from '../db/schema.ts';
import { withTransaction } from '../db/transaction.ts';
import { AppError, t, type Lang, type MessageKey } from '../messages.ts';
import { lockUser } from './seeds.ts';

/** The sites whose games count towards limits in a currency: a limit holds wherever its money is played. */
export function sitesOfCurrency(currency: string): Site[] {
  return SITES.filter((s) => siteInfo(s).currency === currency);
}

/** The parameters the limits' SQL takes after user and currency: sites, the day/week/month starts, and now. */
export function limitParams(currency: string, now: number): [Site[], Date, Date, Date, Date] {
  return [
    sitesOfCurrency(currency),
    new Date(periodStart('day', now)),
    new Date(periodStart('week', now)),
    new Date(periodStart('month', now)),
    new Date(now),
  ];
}

/**
 * A player's limits in a currency with the amount in force at now and what the current period has used (a loss
 * limit counts stake minus the value won). `user` and `currency` are SQL expressions; limitParams are `$n` on.
 */
export function limitsWithUse(user: string, currency: string, n: number): string {
  const p = (i: number) => `$${n + i - 1}`;
  return `
    select l.kind, l.period, l.amount_minor::float8 as "amountMinor",
      l.pending_amount_minor::float8 as "pendingAmountMinor", l.pending_at as "pendingAt",
      (case when l.pending_at <= ${p(5)}::timestamptz then l.pending_amount_minor else l.amount_minor end)::float8
        as "inForce",
      (select coalesce(sum(g.stake_minor - case when l.kind = 'loss' and g.success then g.target_price_minor else 0 end), 0)
        from games g where g.user_id = l.user_id and g.site = any(${p(1)}::text[])
          and g.created_at >= case l.period when 'day' then ${p(2)}::timestamptz when 'week' then ${p(3)}::timestamptz
            else ${p(4)}::timestamptz end)::float8 as "usedMinor"
    from play_limits l where l.user_id = ${user} and l.currency = ${currency}`;
}

/** A limit row as limitsWithUse returns it (times as the database's JSON or Date). */
export interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amountMinor: number;
  pendingAmountMinor: number | null;
  pendingAt: string | Date | null;
  usedMinor: number;
}

/** The player's exclusion as stored (times as the database's JSON or Date). */
export interface ExclusionRow {
  coolOffUntil: string | Date | null;
  permanent: boolean;
}

const ms = (v: string | Date | null): number | null => (v === null ? null : new Date(v).getTime());

/** The state the domain judges a game by, at `now`. */
export function playSafeState(exclusion: ExclusionRow, rows: readonly LimitRow[], now: number): PlaySafeState {
  const limits: LimitUse[] = [];
  for (const row of rows) {
    const amountMinor = limitInForce(
      { amountMinor: row.amountMinor, pendingAmountMinor: row.pendingAmountMinor, pendingAt: ms(row.pendingAt) },
      now,
    );
    if (amountMinor === null) continue;
    limits.push({
      kind: row.kind,
      period: row.period,
      amountMinor,
      usedMinor: row.usedMinor,
      resetsAt: periodEnd(row.period, now),
    });
  }
  return { coolOffUntil: ms(exclusion.coolOffUntil), permanent: exclusion.permanent, limits };
}

/** A time as messages show it: minutes in UTC, the same in every language. */
export function messageTime(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** An amount as messages show it, in the site's language and currency. */
export function messageMoney(minor: number, lang: Lang, currency: string): string {
  return new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { style: 'currency', currency }).format(
    toMajor(minor),
  );
}

/** The 403 a play-safe refusal answers with: the message names the end time, or what is left and when. */
export function playSafeError(refusal: PlaySafeRefusal, lang: Lang, currency: string): AppError {
  if (refusal.refusal === 'self_excluded') {
    if (refusal.until === null) return new AppError(403, 'self_excluded_permanent', {}, { until: null });
    return new AppError(
      403,
      'self_excluded',
      { until: messageTime(refusal.until) },
      { until: new Date(refusal.until).toISOString() },
    );
  }
  const name = `limit_${refusal.kind}_${refusal.period}` as MessageKey;
  return new AppError(
    403,
    'limit_reached',
    {
      limit: t(lang, name),
      left: messageMoney(refusal.leftMinor, lang, currency),
      resets: messageTime(refusal.resetsAt),
    },
    {
      kind: refusal.kind,
      period: refusal.period,
      left: toMajor(refusal.leftMinor),
      resets_at: new Date(refusal.resetsAt).toISOString(),
    },
  );
}

const readSettings = statement(
  'play_safe_settings',
  `select cool_off_until as "coolOffUntil", excluded_permanently as permanent,
     reality_check_minutes as "realityCheckMinutes" from users where id = $1::int`,
);
const readLimits = statement(
  'play_safe_limits',
  `${limitsWithUse('$1::int', '$2::text', 3)} order by l.kind, l.period`,
);

/** A player's play-safe settings as the account pages show them. */
export interface PlaySafeView {
  state: PlaySafeState;
  realityCheckMinutes: number;
  /** Every limit in force, with its use and a waiting raise or removal. */
  limits: Array<LimitUse & { pendingAmountMinor: number | null; pendingAt: number | null }>;
}

/** Reads a player's settings and limits in a currency at `now`. */
export async function playSafeView(q: Queryable, userId: number, currency: string, now: number): Promise<PlaySafeView> {
  const [settings] = await q.rows<ExclusionRow & { realityCheckMinutes: number }>(readSettings, [userId]);
  const rows = await q.rows<LimitRow>(readLimits, [userId, currency, ...limitParams(currency, now)]);
  const state = playSafeState(settings, rows, now);
  const limits = state.limits.map((use) => {
    const row = rows.find((r) => r.kind === use.kind && r.period === use.period)!;
    const pendingAt = ms(row.pendingAt);
    const waiting = pendingAt !== null && pendingAt > now;
    return {
      ...use,
      pendingAmountMinor: waiting ? row.pendingAmountMinor : null,
      pendingAt: waiting ? pendingAt : null,
    };
  });
  return { state, realityCheckMinutes: settings.realityCheckMinutes, limits };
}

/** Sets, lowers, raises or removes (null) one limit under the player's lock (the settlement's serialisation point). */
export async function setLimit(
  db: Db,
  userId: number,
  currency: string,
  kind: LimitKind,
  period: LimitPeriod,
  amountMinor: number | null,
  now: number,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    await lockUser(tx, userId);
    const key = and(
      eq(playLimits.userId, userId),
      eq(playLimits.currency, currency),
      eq(playLimits.kind, kind),
      eq(playLimits.period, period),
    );
    const [row] = await tx.select().from(playLimits).where(key);
    const current = row
      ? { amountMinor: row.amountMinor, pendingAmountMinor: row.pendingAmountMinor, pendingAt: ms(row.pendingAt) }
      : null;
    const next = changeLimit(current, amountMinor, now);
    if (next === null) {
      await tx.delete(playLimits).where(key);
      return;
    }
    const values = {
      amountMinor: next.amountMinor,
      pendingAmountMinor: next.pendingAmountMinor,
      pendingAt: next.pendingAt === null ? null : new Date(next.pendingAt),
      updatedAt: new Date(now),
    };
    await tx
      .insert(playLimits)
      .values({ userId, currency, kind, period, ...values })
      .onConflictDoUpdate({
        target: [playLimits.userId, playLimits.currency, playLimits.kind, playLimits.period],
        set: values,
      });
  });
}

/**
 * Starts (or lengthens) a cool-off, or excludes for good, under the player's lock; never shortens one. Returns
 * whether anything changed (a shorter cool-off inside a longer one changes nothing).
 */
export async function startCoolOff(
  db: Db,
  userId: number,
  period: CoolOffPeriod,
  minHours: number,
  now: number,
): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    await lockUser(tx, userId);
    const [row] = await tx
      .select({ until: users.coolOffUntil, permanent: users.excludedPermanently })
      .from(users)
      .where(eq(users.id, userId));
    if (row.permanent) return false;
    const running = row.until && row.until.getTime() > now ? row.until.getTime() : null;
    const end = coolOffEnd(period, running, minHours, now);
    if (end === null) {
      await tx.update(users).set({ excludedPermanently: true }).where(eq(users.id, userId));
      return true;
    }
    if (running !== null && end <= running) return false;
    await tx
      .update(users)
      .set({ coolOffUntil: new Date(end) })
      .where(eq(users.id, userId));
    return true;
  });
}

/** Sets the reality check's interval (0 = off). */
export async function setRealityCheck(db: Db, userId: number, minutes: number): Promise<void> {
  await db.update(users).set({ realityCheckMinutes: minutes }).where(eq(users.id, userId));
}
