/** prefers-reduced-motion and the spin duration rule. No Pixi import. */
import { SPIN_MS } from '../domain/constants.ts';

/** Spin length under prefers-reduced-motion: the spin still tells the story, just without the long ease. */
export const REDUCED_SPIN_MS = 1500;
/** Spin length the player chose with the fast-spin toggle: the same landing, sooner. */
export const FAST_SPIN_MS = REDUCED_SPIN_MS;

/** Whether the player asked the OS for less motion; false where matchMedia is missing (jsdom, old browsers). */
export function prefersReducedMotion(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The spin duration the page passes as `spinMs`: 5000 normally, 1500 under reduced motion or fast spin. */
export function spinDuration(reduced: boolean = prefersReducedMotion(), fast = false): number {
  return reduced || fast ? FAST_SPIN_MS : SPIN_MS;
}
