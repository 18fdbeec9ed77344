/** The wheel's motion math for both wheels: the ring is fixed and the arrow turns, landing on rollAngle(roll). */
import { ROLL_SPACE } from '../domain/chance.ts';
import { rollAngle, type Arc } from '../domain/wheel.ts';

/** One tick mark per 1 % of the roll space. */
export const TICK_DEG = 3.6;
/** Every tenth tick is drawn longer. */
export const MAJOR_TICK_EVERY = 10;
/** GSAP ease of the spin: fast start, long settle, like a heavy wheel. */
export const SPIN_EASE = 'power4.out';
/** The CSS curve closest to power4.out, for the SVG wheel's spin. */
export const SPIN_EASE_CSS = 'cubic-bezier(0.23, 1, 0.32, 1)';
/** The glide back to rest on 'idle'. */
export const RESET_MS = 600;

/** A planned spin in degrees; `direction` 1 is clockwise. */
export interface SpinPlan {
  from: number;
  to: number;
  direction: 1 | -1;
}

/** An angle folded into [0, 360). */
export function normalizeAngle(angle: number): number {
  const a = angle % 360;
  return a < 0 ? a + 360 : a;
}

/** Whole turns before the landing: fewer for a short spin. */
export function turnsFor(spinMs: number): number {
  return spinMs >= 3000 ? 5 : 2;
}

/** The spin to the server's roll: clockwise rolling under, counter-clockwise rolling over. */
export function planSpin(from: number, roll: number, rollUnder: boolean, turns: number): SpinPlan {
  const land = rollAngle(roll);
  if (rollUnder) {
    return { from, to: from + turns * 360 + normalizeAngle(land - from), direction: 1 };
  }
  return { from, to: from - turns * 360 - normalizeAngle(from - land), direction: -1 };
}

/** Whether an angle lies in an arc of winArc(), half-open like the roll ranges. */
export function angleInArc(angle: number, arc: Arc): boolean {
  const a = normalizeAngle(angle);
  return arc.end > arc.start && a >= arc.start && a < arc.end;
}

/** The roll value R whose slot the arrow points at. */
export function rollAt(angle: number): number {
  return Math.min(ROLL_SPACE - 1, Math.floor((normalizeAngle(angle) / 360) * ROLL_SPACE));
}

/** A roll as the percent players check, in integer maths (24708 -> '24.708'). */
export function formatRoll(roll: number, decimal = '.'): string {
  return `${Math.floor(roll / 1000)}${decimal}${String(roll % 1000).padStart(3, '0')}`;
}

/** The roll under the arrow, as the centre shows it while spinning. */
export function runningRollText(angle: number, decimal = '.'): string {
  return formatRoll(rollAt(angle), decimal);
}

/** How many tick marks the arrow passed from `prev` to `next` degrees, either direction. */
export function ticksCrossed(prev: number, next: number, step: number = TICK_DEG): number {
  return Math.abs(Math.floor(next / step) - Math.floor(prev / step));
}

/** The nearest whole turn, so the reset never spins far backwards. */
export function restAngle(angle: number): number {
  return Math.round(angle / 360) * 360;
}
