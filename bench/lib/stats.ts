/** Small statistics helpers for the bench (nearest-rank percentiles, no interpolation). */

/** The p-th percentile (0..100) of the values by nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

/** The median (50th percentile). */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Rounds for display: 3 significant digits, integers as they are. */
export function round3(n: number): number {
  if (!Number.isFinite(n) || Number.isInteger(n)) return n;
  return Number(n.toPrecision(3));
}
