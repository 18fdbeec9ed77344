/** The wheel's User Timing marks: one of each name, replaced by the next spin (no growth over many games). */
import { describe, expect, it } from 'vitest';
import { markSpinEnd, markSpinStart, SPIN_END_MARK, SPIN_START_MARK } from '../../../src/canvas/spinMarks.ts';

describe('spin marks', () => {
  it("keeps one start and one end mark, the latest spin's", () => {
    markSpinStart();
    markSpinEnd();
    const firstEnd = performance.getEntriesByName(SPIN_END_MARK)[0].startTime;
    markSpinStart();
    markSpinEnd();
    expect(performance.getEntriesByName(SPIN_START_MARK)).toHaveLength(1);
    const ends = performance.getEntriesByName(SPIN_END_MARK);
    expect(ends).toHaveLength(1);
    expect(ends[0].startTime).toBeGreaterThanOrEqual(firstEnd);
    expect(performance.getEntriesByName(SPIN_START_MARK)[0].startTime).toBeLessThanOrEqual(ends[0].startTime);
  });
});
