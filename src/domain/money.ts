import { MINOR_PER_MAJOR } from './constants.ts';

/** Major units (a number the API shows) to integer minor units. */
export function toMinor(major: number): number {
  return Math.round(major * MINOR_PER_MAJOR);
}

/** Integer minor units to the major-unit number the API shows (exact to 2 decimals). */
export function toMajor(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

/** The most one amount field may hold, in major units (far above any catalogue price; keeps sums exact). */
export const MAX_AMOUNT_MAJOR = 1_000_000_000;

/**
 * An amount as the API takes it (major units, digits with at most two decimals: no sign, exponent or padding) in
 * integer minor units, or null when it is not one.
 */
export function parseAmount(text: string): number | null {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  // The whole amount is bounded, cents included, so nothing past the bound reaches a later check.
  const minor = Number(m[1]) * MINOR_PER_MAJOR + Number((m[2] ?? '').padEnd(2, '0'));
  return minor > MAX_AMOUNT_MAJOR * MINOR_PER_MAJOR ? null : minor;
}
