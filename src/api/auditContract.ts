/** The fairness audit's answer (GET /api/provably_fair/audit), shared by the server's schema and the page. */
import { Type, type Static } from '@sinclair/typebox';

const Fraction = Type.Union([Type.Number(), Type.Null()]);

export const AuditBandSchema = Type.Object({
  from: Type.Number(),
  to: Type.Number(),
  roll_under: Type.Integer({ minimum: 0, maximum: 1 }),
  games: Type.Integer(),
  wins: Type.Integer(),
  expected_wins: Type.Number(),
  z: Type.Number(),
  low: Type.Integer(),
  high: Type.Integer(),
});

export const AuditResponse = Type.Object({
  status: Type.Literal(true),
  site: Type.String(),
  /** The currency of the minor units (USD cents, RUB kopecks). */
  currency: Type.String(),
  window: Type.String(),
  since: Type.Union([Type.String(), Type.Null()]),
  games: Type.Integer(),
  wins: Type.Integer(),
  stake_minor: Type.Integer(),
  payout_minor: Type.Integer(),
  rtp: Fraction,
  expected_rtp: Fraction,
  rtp_low: Fraction,
  rtp_high: Fraction,
  unrevealed_games: Type.Integer(),
  bands: Type.Array(AuditBandSchema),
  series: Type.Array(Type.Object({ t: Type.String(), games: Type.Integer(), rtp: Fraction, expected_rtp: Fraction })),
});
export type AuditResponse = Static<typeof AuditResponse>;
