import { describe, expect, it } from 'vitest';
import { ticketsFor } from '../../src/domain/tickets.ts';

describe('ticketsFor', () => {
  it.each([
    [0, 100, 0],
    [1, 100, 0],
    [3, 100, 0],
    [99, 100, 0],
    [100, 100, 1],
    [199, 100, 1],
    [500, 100, 5],
    [67_571, 100, 675],
    [8_999, 9_000, 0],
    [9_000, 9_000, 1],
    [36_000, 9_000, 4],
  ])('stake %i minor at a step of %i earns %i', (stake, step, tickets) => {
    expect(ticketsFor(stake, step)).toBe(tickets);
  });

  it('refuses a zero step and fractional amounts', () => {
    expect(() => ticketsFor(100, 0)).toThrow(RangeError);
    expect(() => ticketsFor(1.5, 100)).toThrow(RangeError);
  });
});
