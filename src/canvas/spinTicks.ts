/** When a spin's ticks fall; apart from spinPlan.ts, which ships with the first paint. */
import { ticksCrossed, type SpinPlan } from './spinPlan.ts';

/** SPIN_EASE (spinPlan.ts) as a function of progress: GSAP's power4 is a quint, 1 - (1 - p)^5. */
export const spinEase = (p: number): number => 1 - (1 - p) ** 5;

/** The milliseconds after a spin's start at which the arrow passes tick marks. */
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
