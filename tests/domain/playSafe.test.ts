import { describe, expect, it } from 'vitest';
import { decideGame, type Decision } from '../../src/domain/decide.ts';
import {
  changeLimit,
  coolOffEnd,
  limitInForce,
  limitRefusal,
  LIMIT_RAISE_DELAY_MS,
  periodEnd,
  periodStart,
  type CoolOffPeriod,
  type LimitPeriod,
  type LimitUse,
  type PlaySafeState,
  type StoredLimit,
} from '../../src/domain/playSafe.ts';
import { DEFAULT_RULES } from '../../src/domain/rules.ts';

const at = (iso: string) => Date.parse(iso);
const H = 3_600_000;

describe('periodStart and periodEnd', () => {
  it.each<[LimitPeriod, string, string, string]>([
    ['day', '2026-11-28T08:40:00Z', '2026-11-28T00:00:00Z', '2026-11-29T00:00:00Z'],
    ['day', '2026-11-28T00:00:00Z', '2026-11-28T00:00:00Z', '2026-11-29T00:00:00Z'],
    ['day', '2026-12-31T23:59:59.999Z', '2026-12-31T00:00:00Z', '2027-01-01T00:00:00Z'],
    // 2026-11-28 is a Saturday: the ISO week began on Monday the 23rd.
    ['week', '2026-11-28T08:40:00Z', '2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z'],
    ['week', '2026-11-29T23:00:00Z', '2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z'],
    ['week', '2026-11-30T00:00:00Z', '2026-11-30T00:00:00Z', '2026-12-07T00:00:00Z'],
    ['week', '2027-01-01T12:00:00Z', '2026-12-28T00:00:00Z', '2027-01-04T00:00:00Z'],
    ['month', '2026-11-28T08:40:00Z', '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'],
    ['month', '2026-12-15T00:00:00Z', '2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z'],
    ['month', '2028-02-29T10:00:00Z', '2028-02-01T00:00:00Z', '2028-03-01T00:00:00Z'],
  ])('a %s at %s runs from %s to %s', (period, now, start, end) => {
    expect(new Date(periodStart(period, at(now))).toISOString()).toBe(new Date(at(start)).toISOString());
    expect(new Date(periodEnd(period, at(now))).toISOString()).toBe(new Date(at(end)).toISOString());
  });
});

describe('changeLimit', () => {
  const now = at('2026-11-28T08:00:00Z');
  const set = (amountMinor: number): StoredLimit => ({ amountMinor, pendingAmountMinor: null, pendingAt: null });
  const later = now + LIMIT_RAISE_DELAY_MS;
  it.each<[string, StoredLimit | null, number | null, StoredLimit | null]>([
    ['a first limit applies at once', null, 1_000, set(1_000)],
    ['removing no limit leaves none', null, null, null],
    ['lowering applies at once', set(1_000), 500, set(500)],
    ['the same amount stays', set(1_000), 1_000, set(1_000)],
    ['raising waits a day', set(1_000), 2_000, { amountMinor: 1_000, pendingAmountMinor: 2_000, pendingAt: later }],
    ['removing waits a day', set(1_000), null, { amountMinor: 1_000, pendingAmountMinor: null, pendingAt: later }],
    [
      'asking for the same raise again keeps the first wait',
      { amountMinor: 1_000, pendingAmountMinor: 2_000, pendingAt: now + H },
      2_000,
      { amountMinor: 1_000, pendingAmountMinor: 2_000, pendingAt: now + H },
    ],
    [
      'another raise starts its own wait',
      { amountMinor: 1_000, pendingAmountMinor: 2_000, pendingAt: now + H },
      3_000,
      { amountMinor: 1_000, pendingAmountMinor: 3_000, pendingAt: later },
    ],
    [
      'lowering drops a waiting raise',
      { amountMinor: 1_000, pendingAmountMinor: 2_000, pendingAt: now + H },
      800,
      set(800),
    ],
    [
      'a raise whose time came is the amount in force',
      { amountMinor: 1_000, pendingAmountMinor: 2_000, pendingAt: now - 1 },
      1_500,
      set(1_500),
    ],
    [
      'a removal whose time came leaves no limit, so a new one applies at once',
      { amountMinor: 1_000, pendingAmountMinor: null, pendingAt: now - 1 },
      5_000,
      set(5_000),
    ],
  ])('%s', (_name, current, amount, next) => {
    expect(changeLimit(current, amount, now)).toEqual(next);
  });

  it.each<[string, StoredLimit, number, number | null]>([
    ['no change waiting', set(1_000), now, 1_000],
    ['a raise before its time', { amountMinor: 1_000, pendingAmountMinor: 2_000, pendingAt: now + 1 }, now, 1_000],
    ['a raise at its time', { amountMinor: 1_000, pendingAmountMinor: 2_000, pendingAt: now }, now, 2_000],
    ['a removal at its time', { amountMinor: 1_000, pendingAmountMinor: null, pendingAt: now }, now, null],
  ])('limitInForce: %s', (_name, limit, when, amount) => {
    expect(limitInForce(limit, when)).toBe(amount);
  });
});

describe('coolOffEnd', () => {
  const now = at('2026-11-28T08:00:00Z');
  it.each<[string, CoolOffPeriod, number | null, number, number | null]>([
    ['24 hours', '24h', null, 0, now + 24 * H],
    ['7 days', '7d', null, 0, now + 168 * H],
    ['30 days', '30d', null, 0, now + 720 * H],
    ['for good', 'permanent', now + H, 0, null],
    ['never shortens a longer one', '24h', now + 100 * H, 0, now + 100 * H],
    ['lengthens a shorter one', '7d', now + 10 * H, 0, now + 168 * H],
    ["at least the operator's minimum", '24h', null, 72, now + 72 * H],
    ['a longer choice than the minimum', '7d', null, 72, now + 168 * H],
  ])('%s', (_name, period, running, minHours, end) => {
    expect(coolOffEnd(period, running, minHours, now)).toBe(end);
  });
});

describe('limitRefusal', () => {
  const resets = at('2026-11-29T00:00:00Z');
  const use = (kind: 'loss' | 'stake', period: LimitPeriod, amountMinor: number, usedMinor: number): LimitUse => ({
    kind,
    period,
    amountMinor,
    usedMinor,
    resetsAt: period === 'day' ? resets : at('2026-12-01T00:00:00Z'),
  });
  const state = (...limits: LimitUse[]): PlaySafeState => ({ coolOffUntil: null, permanent: false, limits });
  it.each<[string, PlaySafeState, number, ReturnType<typeof limitRefusal>]>([
    ['no limits', state(), 1_000_000, null],
    ['a stake that reaches the limit exactly', state(use('loss', 'day', 1_000, 400)), 600, null],
    [
      'one minor unit past it',
      state(use('loss', 'day', 1_000, 400)),
      601,
      { refusal: 'limit_reached', kind: 'loss', period: 'day', leftMinor: 600, resetsAt: resets },
    ],
    ['a net win leaves more than the limit to lose', state(use('loss', 'day', 1_000, -500)), 1_500, null],
    [
      'a limit already passed leaves nothing',
      state(use('stake', 'day', 1_000, 1_200)),
      1,
      { refusal: 'limit_reached', kind: 'stake', period: 'day', leftMinor: 0, resetsAt: resets },
    ],
    [
      'the limit with the least left is named',
      state(use('loss', 'month', 5_000, 4_900), use('stake', 'day', 1_000, 700)),
      500,
      {
        refusal: 'limit_reached',
        kind: 'loss',
        period: 'month',
        leftMinor: 100,
        resetsAt: at('2026-12-01T00:00:00Z'),
      },
    ],
  ])('%s', (_name, s, stake, refusal) => {
    expect(limitRefusal(s, stake)).toEqual(refusal);
  });
});

describe('decideGame with play-safe', () => {
  const now = at('2026-11-28T08:00:00Z');
  const item = (priceMinor: number) => ({ priceMinor, typePrize: 0 });
  const free: PlaySafeState = { coolOffUntil: null, permanent: false, limits: [] };
  const limit: LimitUse = { kind: 'stake', period: 'day', amountMinor: 700, usedMinor: 300, resetsAt: now + H };
  it.each<[string, PlaySafeState, ReturnType<typeof item>[], Decision]>([
    ['no cool-off nor limit', free, [item(500)], { ok: true, stakeMinor: 500, chance: 50_000 }],
    [
      'a cool-off that has ended',
      { ...free, coolOffUntil: now },
      [item(500)],
      { ok: true, stakeMinor: 500, chance: 50_000 },
    ],
    [
      'a running cool-off',
      { ...free, coolOffUntil: now + H },
      [item(500)],
      { ok: false, refusal: 'self_excluded', playSafe: { refusal: 'self_excluded', until: now + H } },
    ],
    [
      'a running cool-off, whatever the stake',
      { ...free, coolOffUntil: now + H },
      [],
      { ok: false, refusal: 'self_excluded', playSafe: { refusal: 'self_excluded', until: now + H } },
    ],
    [
      'a permanent exclusion',
      { ...free, permanent: true },
      [item(500)],
      { ok: false, refusal: 'self_excluded', playSafe: { refusal: 'self_excluded', until: null } },
    ],
    [
      'a stake within the limit',
      { ...free, limits: [limit] },
      [item(400)],
      { ok: true, stakeMinor: 400, chance: 40_000 },
    ],
    [
      'a stake past the limit',
      { ...free, limits: [limit] },
      [item(500)],
      {
        ok: false,
        refusal: 'limit_reached',
        playSafe: { refusal: 'limit_reached', kind: 'stake', period: 'day', leftMinor: 400, resetsAt: now + H },
      },
    ],
    [
      'a game refused anyway names its own reason first',
      { ...free, limits: [limit] },
      [item(950)],
      { ok: false, refusal: 'target_too_cheap' },
    ],
  ])('%s', (_name, state, stake, decision) => {
    expect(decideGame(stake, item(900), DEFAULT_RULES, undefined, { state, now })).toEqual(decision);
  });
});
