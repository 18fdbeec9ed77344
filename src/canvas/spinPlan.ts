/**
 * The wheel's pure motion math, shared by the Pixi and SVG wheels. The ring is fixed and the arrow turns (degrees
 * clockwise from the top); a spin ends on rollAngle(roll), so the arrow lands in the win arc exactly on a win.
 */
import { ROLL_SPACE } from '../domain/chance.ts';
import { rollAngle, type Arc } from '../domain/wheel.ts';

/** One tick mark per 1 % of the roll space, so the ring reads as a percent dial. */
export const TICK_DEG = 3.6;
/** Every tenth tick (10 %) is drawn longer. */
export const MAJOR_TICK_EVERY = 10;
/** GSAP ease of the spin: fast start, long settle, like a heavy wheel. */
export const SPIN_EASE = 'power4.out';
/** The CSS curve closest to power4.out (easeOutQuint), for the placeholder's fallback spin. */
export const SPIN_EASE_CSS = 'cubic-bezier(0.23, 1, 0.32, 1)';
/** Duration of the glide back to rest when the page returns to 'idle'. */
export const RESET_MS = 600;

/** A planned spin: rotate the arrow from `from` to `to` degrees; `direction` 1 is clockwise. */
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

/** Whole turns before the landing: 5 for the full 5 s spin, 2 for a short reduced-motion spin. */
export function turnsFor(spinMs: number): number {
  return spinMs >= 3000 ? 5 : 2;
}

/** The spin to the server's roll: clockwise under roll_under, counter-clockwise mirrored, `turns` whole turns. */
export function planSpin(from: number, roll: number, rollUnder: boolean, turns: number): SpinPlan {
  const land = rollAngle(roll);
  if (rollUnder) {
    return { from, to: from + turns * 360 + normalizeAngle(land - from), direction: 1 };
  }
  return { from, to: from - turns * 360 - normalizeAngle(from - land), direction: -1 };
}

/** Whether an angle (any number of turns) lies in an arc of winArc(), half-open like the roll ranges. */
export function angleInArc(angle: number, arc: Arc): boolean {
  const a = normalizeAngle(angle);
  return arc.end > arc.start && a >= arc.start && a < arc.end;
}

/** The roll value R whose slot the arrow points at. */
export function rollAt(angle: number): number {
  return Math.min(ROLL_SPACE - 1, Math.floor((normalizeAngle(angle) / 360) * ROLL_SPACE));
}

/** A roll value as the percent number players check, with 3 decimals and integer maths (24708 -> '24.708'). */
export function formatRoll(roll: number, decimal = '.'): string {
  return `${Math.floor(roll / 1000)}${decimal}${String(roll % 1000).padStart(3, '0')}`;
}

/** The running roll the centre shows while spinning: the slot under the arrow; on landing, the server's R. */
export function runningRollText(angle: number, decimal = '.'): string {
  return formatRoll(rollAt(angle), decimal);
}

/** How many tick marks the arrow passed moving from `prev` to `next` degrees (either direction). */
export function ticksCrossed(prev: number, next: number, step: number = TICK_DEG): number {
  return Math.abs(Math.floor(next / step) - Math.floor(prev / step));
}

/** Where the arrow glides back to at rest: the nearest whole turn, so the reset never spins backwards far. */
export function restAngle(angle: number): number {
  return Math.round(angle / 360) * 360;
}
