import { gsap } from 'gsap/gsap-core';
import { describe, expect, it } from 'vitest';
import { isWin } from '../../../src/domain/chance.ts';
import { rollAngle, winArc } from '../../../src/domain/wheel.ts';
import {
  angleInArc,
  formatRoll,
  normalizeAngle,
  planSpin,
  restAngle,
  rollAt,
  runningRollText,
  SPIN_EASE,
  ticksCrossed,
  TICK_DEG,
  turnsFor,
} from '../../../src/canvas/spinPlan.ts';
import { spinEase, spinTickTimes } from '../../../src/canvas/spinTicks.ts';
import { createFormatters } from '../../../src/site/format.ts';
import { csSite } from '../../machines/fixtures.ts';

// (R, C, rollUnder) with the spec's edges: one value either side of each arc boundary, both ends of the roll space.
const table: Array<[roll: number, chance: number, rollUnder: boolean]> = [
  [24708, 24708, true],
  [24708, 24709, true],
  [0, 100, true],
  [99, 100, true],
  [100, 100, true],
  [99999, 80000, true],
  [79999, 80000, true],
  [80000, 80000, true],
  [50000, 45000, true],
  [83399, 16601, false],
  [83399, 16600, false],
  [99999, 100, false],
  [99899, 100, false],
  [99900, 100, false],
  [0, 80000, false],
  [20000, 80000, false],
  [19999, 80000, false],
  [99999, 16600, false],
  [12345, 45000, false],
];

describe('planSpin lands the arrow on the server roll', () => {
  it.each(table)(
    'R=%i C=%i rollUnder=%s: the landing angle is inside the win arc exactly when the roll wins',
    (roll, chance, under) => {
      for (const from of [0, 123.4, -720, 1800.5]) {
        const plan = planSpin(from, roll, under, 5);
        expect(normalizeAngle(plan.to)).toBeCloseTo(rollAngle(roll), 9);
        expect(angleInArc(plan.to, winArc(chance, under))).toBe(isWin(roll, chance, under));
      }
    },
  );

  it.each(table)('R=%i C=%i rollUnder=%s: the centre shows exactly R when landed', (roll, _chance, under) => {
    const plan = planSpin(0, roll, under, 5);
    expect(rollAt(plan.to)).toBe(roll);
    expect(runningRollText(plan.to)).toBe(formatRoll(roll));
  });

  it('turns clockwise under roll_under and counter-clockwise when mirrored, at least the whole turns asked', () => {
    const cw = planSpin(10, 50000, true, 5);
    expect(cw.direction).toBe(1);
    expect(cw.to - cw.from).toBeGreaterThanOrEqual(5 * 360);
    expect(cw.to - cw.from).toBeLessThan(6 * 360);
    const ccw = planSpin(10, 50000, false, 5);
    expect(ccw.direction).toBe(-1);
    expect(ccw.from - ccw.to).toBeGreaterThanOrEqual(5 * 360);
    expect(ccw.from - ccw.to).toBeLessThan(6 * 360);
  });

  it('spins 5 turns for the full spin and 2 for a reduced-motion spin', () => {
    expect(turnsFor(5000)).toBe(5);
    expect(turnsFor(1500)).toBe(2);
  });

  it('glides back to the nearest whole turn at rest', () => {
    expect(restAngle(1890)).toBe(1800);
    expect(restAngle(-1890)).toBe(-1800);
    expect(restAngle(2000)).toBe(2160);
  });
});

describe('running roll text', () => {
  it.each([
    [0, '0.000'],
    [90, '25.000'],
    [359.99999, '99.999'],
    [360 + 180, '50.000'],
    [-90, '75.000'],
    [rollAngle(24708), '24.708'],
    [rollAngle(99999), '99.999'],
    [rollAngle(7), '0.007'],
  ])('angle %f shows %s', (angle, text) => {
    expect(runningRollText(angle)).toBe(text);
  });

  it("writes the roll with the site's decimal separator (ru: a comma, as every other number there)", () => {
    const ru = createFormatters({ ...csSite, lang: 'ru', currency: 'RUB', chanceDecimals: 1 });
    expect(ru.decimal).toBe(',');
    expect(runningRollText(rollAngle(24708), ru.decimal)).toBe('24,708');
    expect(formatRoll(24708, ru.decimal)).toBe(ru.roll(24.708));
  });
});

describe('tick crossings', () => {
  it.each([
    [0, 1, 0],
    [0, TICK_DEG, 1],
    [3, 4, 1],
    [0, 360, 100],
    [10, 10, 0],
    [7.3, 7.1, 1],
    [-0.1, 0.1, 1],
    [1800, 1800 - 36, 10],
  ])('from %f to %f passes %i marks', (prev, next, count) => {
    expect(ticksCrossed(prev, next)).toBe(count);
  });
});

describe("the spin's tick times", () => {
  it("spinEase is GSAP's power4.out, the ease the tween runs", () => {
    const gsapEase = gsap.parseEase(SPIN_EASE);
    for (let p = 0; p <= 1; p += 0.01) expect(spinEase(p)).toBeCloseTo(gsapEase(p), 12);
  });

  // Independently: power4.out (a quint) inverted in closed form gives the moment the arrow reaches each mark.
  it.each([
    ['clockwise', planSpin(0, 24708, true, 5), 5000],
    ['counter-clockwise', planSpin(7.2, 83399, false, 5), 5000],
    ['short (reduced motion)', planSpin(360, 50000, true, 2), 1500],
  ])('%s: the milliseconds in which the arrow reaches a tick mark, and only those', (_name, plan, spinMs) => {
    const expected = new Set<number>();
    const span = plan.to - plan.from;
    const first = Math.floor(plan.from / TICK_DEG);
    const last = Math.floor(plan.to / TICK_DEG);
    for (let k = Math.min(first, last) + 1; k <= Math.max(first, last); k++) {
      // The moment the arrow is at mark k. Clockwise it has passed the mark from then on (the slot starts there);
      // counter-clockwise once it is below it, the millisecond after.
      const at = spinMs * (1 - (1 - (k * TICK_DEG - plan.from) / span) ** 0.2);
      expected.add(plan.direction === 1 ? Math.ceil(at - 1e-9) : Math.floor(at + 1e-9) + 1);
    }
    const times = spinTickTimes(plan, spinMs);
    expect(times).toEqual([...expected].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(1);
    expect(times[times.length - 1]).toBeLessThanOrEqual(spinMs);
    // Fast at the start (several marks a millisecond), slow at the end: gaps grow.
    expect(times[1] - times[0]).toBeLessThan(times[times.length - 1] - times[times.length - 2]);
  });
});
