/**
 * When a spin's ticks fall, for the tick sound. Apart from spinPlan.ts because only the Pixi wheel (a lazy chunk)
 * schedules ticks, and spinPlan.ts ships with the first paint.
 */
import { ticksCrossed, type SpinPlan } from './spinPlan.ts';

/** SPIN_EASE (spinPlan.ts) as a function of progress: GSAP's power4 is a quint, 1 - (1 - p)^5. */
export const spinEase = (p: number): number => 1 - (1 - p) ** 5;

/**
 * When the arrow passes tick marks during a planned spin of `spinMs`, eased by spinEase: milliseconds after the
 * spin's start, sampled each millisecond (a frame is 16), one entry per millisecond in which a mark is passed.
 * Known at the spin's start, so the tick sound is scheduled once instead of reported from each frame.
 */
export function spinTickTimes(plan: SpinPlan, spinMs: number): number[] {
  const times: number[] = [];
  let prev = plan.from;
  for (let t = 1; t <= spinMs; t++) {
    const angle = plan.from + (plan.to - plan.from) * spinEase(t / spinMs);
    if (ticksCrossed(prev, angle) > 0) times.push(t);
    prev = angle;
  }
  return times;
}
