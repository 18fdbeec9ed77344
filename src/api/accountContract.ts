/** The account's play-safe and statistics answers (/api/account/*), shared by the server's schemas and the page. */
import { Type, type Static } from '@sinclair/typebox';

const Time = Type.String({ format: 'date-time' });
const MaybeTime = Type.Union([Time, Type.Null()]);

export const LimitSchema = Type.Object({
  kind: Type.Union([Type.Literal('loss'), Type.Literal('stake')]),
  period: Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]),
  /** The amount in force (major units). */
  amount: Type.Number(),
  /** What the current period has used: staked, or lost net of the value won (negative after a net win). */
  used: Type.Number(),
  resets_at: Time,
  /** A raise waiting for pending_at; null with a pending_at is a removal. */
  pending_amount: Type.Union([Type.Number(), Type.Null()]),
  pending_at: MaybeTime,
});
export type LimitDto = Static<typeof LimitSchema>;

export const LimitsResponse = Type.Object({
  status: Type.Literal(true),
  /** The end of a running cool-off; null when none runs. */
  cool_off_until: MaybeTime,
  permanent: Type.Boolean(),
  /** 0: off. */
  reality_check_minutes: Type.Integer(),
  limits: Type.Array(LimitSchema),
});
export type LimitsResponse = Static<typeof LimitsResponse>;

export const PeriodStatsSchema = Type.Object({
  games: Type.Integer(),
  stake: Type.Number(),
  /** The catalogue value of the items won. */
  won: Type.Number(),
  /** won - stake. */
  net: Type.Number(),
});
export type PeriodStats = Static<typeof PeriodStatsSchema>;

export const StatsResponse = Type.Object({
  status: Type.Literal(true),
  currency: Type.String(),
  /** The current UTC day, ISO week and month, and every game. */
  day: PeriodStatsSchema,
  week: PeriodStatsSchema,
  month: PeriodStatsSchema,
  total: PeriodStatsSchema,
  /** The game that won the dearest item; null before any win. */
  biggest_win: Type.Union([
    Type.Object({
      roll_id: Type.String(),
      played_at: Time,
      item: Type.String(),
      stake: Type.Number(),
      won: Type.Number(),
    }),
    Type.Null(),
  ]),
});
export type StatsResponse = Static<typeof StatsResponse>;
