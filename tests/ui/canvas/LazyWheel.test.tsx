import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterInputQuiet } from '../../../src/canvas/inputQuiet.ts';
import { createLazyWheel } from '../../../src/canvas/LazyWheel.tsx';
import { SvgWheel } from '../../../src/canvas/SvgWheel.tsx';
import type { WheelProps } from '../../../src/canvas/wheelTypes.ts';

function props(over: Partial<WheelProps> = {}): WheelProps {
  return {
    chance: 45000,
    rollUnder: true,
    phase: 'idle',
    roll: null,
    outcome: null,
    centreText: '45.000%',
    decimal: '.',
    label: 'Medium chance',
    tone: 'medium',
    spinMs: 5000,
    size: 320,
    onLanded: vi.fn(),
    ...over,
  };
}

/** A stand-in for the Pixi chunk, so the swap itself is visible in jsdom. */
function StubPixi(p: WheelProps) {
  return <div data-testid="stub-pixi">{p.centreText}</div>;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SvgWheel (placeholder)', () => {
  it('shows the chance and its label in the centre and an arc for a chosen chance', () => {
    render(<SvgWheel {...props()} />);
    expect(screen.getByText('45.000%')).toBeTruthy();
    expect(screen.getByText('Medium chance')).toBeTruthy();
    expect(screen.getByTestId('wheel-arc')).toBeTruthy();
  });

  it('draws an empty ring when nothing is chosen yet', () => {
    render(<SvgWheel {...props({ chance: 0, centreText: '0%', label: '' })} />);
    expect(screen.queryByTestId('wheel-arc')).toBeNull();
  });

  it('lands a spin by itself after spinMs, once, then shows the roll and the outcome', () => {
    const onLanded = vi.fn();
    const { rerender } = render(<SvgWheel {...props({ onLanded })} />);
    rerender(<SvgWheel {...props({ onLanded, phase: 'spinning', roll: 24708, outcome: 'win' })} />);
    act(() => vi.advanceTimersByTime(4999));
    expect(onLanded).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onLanded).toHaveBeenCalledTimes(1);
    expect(screen.getByText('24.708')).toBeTruthy();
    expect(screen.getByTestId('wheel-placeholder').dataset.outcome).toBe('win');
    rerender(<SvgWheel {...props({ onLanded, phase: 'result', roll: 24708, outcome: 'win' })} />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onLanded).toHaveBeenCalledTimes(1);
  });
});

describe('LazyWheel', () => {
  it('shows the placeholder while the Pixi chunk loads, then the Pixi wheel', async () => {
    let resolve!: (m: { default: typeof StubPixi }) => void;
    const Wheel = createLazyWheel(() => new Promise((r) => (resolve = r)));
    render(<Wheel {...props()} />);
    expect(screen.getByTestId('wheel-placeholder')).toBeTruthy();
    await act(async () => resolve({ default: StubPixi }));
    expect(screen.getByTestId('stub-pixi')).toBeTruthy();
  });

  it('loads the Pixi chunk only once the player has stopped typing and clicking for a moment', async () => {
    const load = vi.fn(() => Promise.resolve({ default: StubPixi }));
    const Wheel = createLazyWheel(load, afterInputQuiet(1000));
    render(<Wheel {...props()} />);
    act(() => vi.advanceTimersByTime(900));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    act(() => vi.advanceTimersByTime(900));
    document.dispatchEvent(new Event('pointerdown'));
    act(() => vi.advanceTimersByTime(999));
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByTestId('wheel-placeholder')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('stub-pixi')).toBeTruthy();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the placeholder, without loading Pixi, while the wheel has nothing to animate', async () => {
    const load = vi.fn(() => Promise.resolve({ default: StubPixi }));
    const Wheel = createLazyWheel(load);
    const { rerender } = render(<Wheel {...props({ chance: 0, centreText: '0%', label: 'Pick' })} />);
    await act(async () => vi.advanceTimersByTime(5000));
    expect(load).not.toHaveBeenCalled();
    rerender(<Wheel {...props()} />);
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('stub-pixi')).toBeTruthy();
  });

  it('never loads the Pixi chunk for a wheel unmounted before the quiet moment', () => {
    const load = vi.fn(() => Promise.resolve({ default: StubPixi }));
    const Wheel = createLazyWheel(load, afterInputQuiet(1000));
    const { unmount } = render(<Wheel {...props()} />);
    unmount();
    act(() => vi.advanceTimersByTime(5000));
    expect(load).not.toHaveBeenCalled();
  });

  it('still lands a spin when the Pixi chunk never arrives', () => {
    const onLanded = vi.fn();
    const Wheel = createLazyWheel(() => new Promise(() => undefined));
    const { rerender } = render(<Wheel {...props({ onLanded })} />);
    rerender(<Wheel {...props({ onLanded, phase: 'spinning', roll: 83399, rollUnder: false, outcome: 'loss' })} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(onLanded).toHaveBeenCalledTimes(1);
  });

  it('keeps playing on the placeholder when the Pixi chunk fails to load', async () => {
    const onLanded = vi.fn();
    const Wheel = createLazyWheel(() => Promise.reject(new Error('chunk 404')));
    const { rerender } = render(<Wheel {...props({ onLanded })} />);
    await act(async () => undefined);
    rerender(<Wheel {...props({ onLanded, phase: 'spinning', roll: 10, outcome: 'win' })} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(onLanded).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('wheel-placeholder')).toBeTruthy();
  });

  it('does not swap renderers in the middle of a placeholder spin, only at the next idle', async () => {
    const onLanded = vi.fn();
    let resolve!: (m: { default: typeof StubPixi }) => void;
    const Wheel = createLazyWheel(() => new Promise((r) => (resolve = r)));
    const { rerender } = render(<Wheel {...props({ onLanded })} />);
    rerender(<Wheel {...props({ onLanded, phase: 'spinning', roll: 10, outcome: 'win' })} />);
    await act(async () => resolve({ default: StubPixi }));
    expect(screen.queryByTestId('stub-pixi')).toBeNull();
    act(() => vi.advanceTimersByTime(5000));
    expect(onLanded).toHaveBeenCalledTimes(1);
    rerender(<Wheel {...props({ onLanded, phase: 'result', roll: 10, outcome: 'win' })} />);
    expect(screen.queryByTestId('stub-pixi')).toBeNull();
    rerender(<Wheel {...props({ onLanded })} />);
    await act(async () => undefined);
    expect(screen.getByTestId('stub-pixi')).toBeTruthy();
  });
});
