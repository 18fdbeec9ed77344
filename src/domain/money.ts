import { MINOR_PER_MAJOR } from './constants.ts';

/** Major units (a number the API shows) to integer minor units. */
export function toMinor(major: number): number {
  return Math.round(major * MINOR_PER_MAJOR);
}

/** Integer minor units to the major-unit number the API shows (exact to 2 decimals). */
export function toMajor(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

/** Sum of integer minor amounts. */
export function sumMinor(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
