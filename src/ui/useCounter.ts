/**
 * Counts a number up or down in a DOM node with requestAnimationFrame, writing textContent directly: the
 * counter animates without a single React re-render per frame. The final value is also put in
 * `data-value`, so tests and screen readers never read an intermediate figure.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { prefersReducedMotion } from './useReducedMotion.ts';

const easeOut = (t: number) => 1 - (1 - t) ** 3;

/** Animates `ref`'s text from the previous value to `value` over `ms`. */
export function useCounter(
  ref: RefObject<HTMLElement | null>,
  value: number,
  ms: number,
  format: (n: number) => string,
): void {
  const shown = useRef(value);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    node.dataset.value = String(value);
    const from = shown.current;
    if (from === value || prefersReducedMotion() || typeof requestAnimationFrame !== 'function') {
      shown.current = value;
      node.textContent = format(value);
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      // A frame's timestamp may precede `start` (it is the frame's start): clamped, or the first frame would show a
      // figure outside the range from `from` to `value` (a negative price).
      const t = Math.min(1, Math.max(0, (now - start) / ms));
      shown.current = from + (value - from) * easeOut(t);
      node.textContent = format(t === 1 ? value : shown.current);
      if (t < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [ref, value, ms, format]);
}
