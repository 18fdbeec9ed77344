/**
 * The grid's slots (src/ui/gridSlots.ts): always PAGE_SIZE of them, placeholders keeping what they showed last, and
 * cells off screen following a new page one frame after the cells on screen.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE } from '../../../src/domain/constants.ts';
import { useSlots } from '../../../src/ui/gridSlots.ts';
import { FakeObserver } from '../fakeIntersectionObserver.ts';

function Grid({ items }: { items: readonly string[] }) {
  const { slots, settling, ref } = useSlots(items);
  return (
    <div data-testid="grid" data-settling={settling || undefined} ref={ref}>
      {slots.map(({ item, empty }, slot) => <span key={slot} data-item={item} data-empty={empty || undefined} />)}
    </div>
  );
}

const page = (prefix: string, n: number) => Object.freeze(Array.from({ length: n }, (_, i) => `${prefix}${i}`));
/** What each slot shows: its item, or '-' for a placeholder. */
const shown = (grid: HTMLElement) => [...grid.children].map((c) => (c.hasAttribute('data-empty') ? '-' : c.getAttribute('data-item')));
/** The item each slot holds, placeholders included. */
const held = (grid: HTMLElement) => [...grid.children].map((c) => c.getAttribute('data-item'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeObserver.reset();
});

describe('grid slots without IntersectionObserver (every cell counts as on screen)', () => {
  it('always shows PAGE_SIZE slots, a short page padded with placeholders that keep what they showed', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const a = page('a', 15);
    const { rerender, getByTestId } = render(<Grid items={a} />);
    const grid = getByTestId('grid');
    expect(shown(grid)).toEqual(a);

    const b = page('b', 4);
    rerender(<Grid items={b} />);
    expect(grid.children).toHaveLength(PAGE_SIZE);
    expect(shown(grid)).toEqual([...b, ...Array(11).fill('-')]);
    // A placeholder keeps the item it showed: emptying a slot changes nothing but its visibility.
    expect(held(grid)).toEqual([...b, ...a.slice(4)]);
    expect(grid.hasAttribute('data-settling')).toBe(false);

    const c = page('c', 6);
    rerender(<Grid items={c} />);
    expect(shown(grid)).toEqual([...c, ...Array(9).fill('-')]);
  });

  it('pads a first page shorter than PAGE_SIZE with its own first item, and shows nothing for an empty page', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { rerender, getByTestId } = render(<Grid items={page('a', 2)} />);
    expect(held(getByTestId('grid'))).toEqual(['a0', 'a1', ...Array(13).fill('a0')]);
    rerender(<Grid items={[]} />);
    // The slots keep their last items for when a page comes back; an empty list shows placeholders only.
    expect(shown(getByTestId('grid'))).toEqual(Array(15).fill('-'));
  });
});

describe('grid slots with cells off screen', () => {
  function setUp() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const view = render(<Grid items={page('a', 15)} />);
    const grid = view.getByTestId('grid');
    // The first 8 cells are in the viewport, the other 7 below it.
    act(() => [...grid.children].forEach((cell, slot) => FakeObserver.report(cell, slot < 8)));
    return { ...view, grid };
  }
  /** The frame that paints the render, then the task after it. */
  const nextFrame = () => act(() => { vi.advanceTimersToNextFrame(); vi.advanceTimersByTime(1); });

  it('shows a new page in the cells on screen first, and in the others once that frame has been painted', () => {
    const { grid, rerender } = setUp();
    const b = page('b', 15);
    rerender(<Grid items={b} />);
    expect(shown(grid)).toEqual([...b.slice(0, 8), ...page('a', 15).slice(8)]);
    expect(grid.getAttribute('data-settling')).toBe('true');
    nextFrame();
    expect(shown(grid)).toEqual(b);
    expect(grid.hasAttribute('data-settling')).toBe(false);
  });

  it('follows each key press on screen and catches up off screen when typing pauses for a frame', () => {
    const { grid, rerender } = setUp();
    rerender(<Grid items={page('b', 15)} />);
    rerender(<Grid items={page('c', 15)} />);
    expect(shown(grid)).toEqual([...page('c', 8), ...page('a', 15).slice(8)]);
    nextFrame();
    expect(shown(grid)).toEqual(page('c', 15));
  });

  it('empties and fills slots off screen one frame late too', () => {
    const { grid, rerender } = setUp();
    const few = page('b', 3);
    rerender(<Grid items={few} />);
    expect(shown(grid)).toEqual([...few, '-', '-', '-', '-', '-', ...page('a', 15).slice(8)]);
    nextFrame();
    expect(shown(grid)).toEqual([...few, ...Array(12).fill('-')]);
    const many = page('c', 15);
    rerender(<Grid items={many} />);
    expect(shown(grid)).toEqual([...many.slice(0, 8), ...Array(7).fill('-')]);
    nextFrame();
    expect(shown(grid)).toEqual(many);
  });

  it('never shows an item twice: an earlier item off screen that the new page shows on screen waits as a placeholder', () => {
    const { grid, rerender } = setUp();
    // The list moves up by two (an item sold, a filter): a2-a14 now fill slots 0-12, a8 and a9 on screen.
    const moved = Object.freeze([...page('a', 15).slice(2), 'x0', 'x1']);
    rerender(<Grid items={moved} />);
    const now = shown(grid);
    expect(now.slice(0, 8)).toEqual(moved.slice(0, 8));
    // Slots 8-14 held a8-a14, which the new page shows (a8-a9 on screen, a10-a14 in slots 8-12): placeholders.
    expect(now.slice(8)).toEqual(Array(7).fill('-'));
    const items = now.filter((x) => x !== '-');
    expect(new Set(items).size).toBe(items.length);
    nextFrame();
    expect(shown(grid)).toEqual(moved);
  });

  it('treats a cell that scrolls into view as on screen', () => {
    const { grid, rerender } = setUp();
    act(() => FakeObserver.report(grid.children[10], true));
    rerender(<Grid items={page('b', 15)} />);
    expect(shown(grid)[10]).toBe('b10');
    expect(shown(grid)[11]).toBe('a11');
  });
});
