import { SPIN_MS } from '../domain/constants.ts';

/** Spin length under reduced motion: the spin still tells the story, without the long ease. */
export const REDUCED_SPIN_MS = 1500;
/** Spin length with the fast-spin toggle. */
export const FAST_SPIN_MS = REDUCED_SPIN_MS;

/** Whether the OS asks for less motion; false where matchMedia is missing. */
export function prefersReducedMotion(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The spin duration the page passes as `spinMs`. */
export function spinDuration(reduced: boolean = prefersReducedMotion(), fast = false): number {
  return reduced || fast ? FAST_SPIN_MS : SPIN_MS;
}
