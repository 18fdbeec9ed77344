import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCounter } from '../../src/ui/useCounter.ts';

function Counter({ value }: { value: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  useCounter(ref, value, 1000, (n) => n.toFixed(2));
  return <span ref={ref} data-testid="counter" />;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useCounter', () => {
  it.each([
    [0, 14.58],
    [14.58, 0],
    [0.225, 80],
  ])('shows only figures between %s and %s, also in a frame stamped before the count started', (from, to) => {
    const frames: FrameRequestCallback[] = [];
    // jsdom has no matchMedia, which the counter reads as reduced motion (no animation at all).
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const { rerender, getByTestId } = render(<Counter value={from} />);
    rerender(<Counter value={to} />);
    const start = performance.now();
    const shown: number[] = [];
    // A frame's timestamp is its start, which may precede the effect that started the count.
    for (const at of [start - 16, start - 1, start + 100, start + 500, start + 999, start + 1200]) {
      const frame = frames.shift();
      if (!frame) break;
      act(() => frame(at));
      shown.push(Number(getByTestId('counter').textContent));
    }
    expect(shown.at(-1)).toBe(to);
    for (const n of shown) {
      expect(n).toBeGreaterThanOrEqual(Math.min(from, to));
      expect(n).toBeLessThanOrEqual(Math.max(from, to));
    }
  });
});
