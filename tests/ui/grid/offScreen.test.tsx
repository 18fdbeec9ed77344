/**
 * On screen first (src/ui/cellWriter.ts): a change of the view writes the cells the player can see at once, and the
 * others with React's render after that frame's paint; meanwhile the grid carries data-settling. A file of its own:
 * the stand-in IntersectionObserver also becomes the pictures' shared observer (whenVisible.ts), for this file only.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { PageData } from '../../../src/api/pageLoad.ts';
import { initI18n } from '../../../src/i18n/index.ts';
import { upgradeMachine } from '../../../src/machines/upgradeMachine.ts';
import { loadCellWriter } from '../../../src/ui/ItemGrid.tsx';
import { PageActor } from '../../../src/ui/pageActor.ts';
import { TargetPanel } from '../../../src/ui/TargetPanel.tsx';
import { site, targets } from './gridFixtures.ts';
import { FakeObserver } from '../fakeIntersectionObserver.ts';

const ids = (from: number, to: number) => targets.slice(from, to).map((t) => t.id);

/** What each slot shows: its item's id, or '-' for a placeholder. */
const shown = () =>
  [...screen.getByTestId('grid-right').children].map((c) =>
    c.getAttribute('aria-hidden') === 'true' ? '-' : Number(c.getAttribute('data-testid')!.replace('target-item-', '')),
  );
const settling = () => screen.getByTestId('grid-right').hasAttribute('data-settling');
const type = (text: string) =>
  act(() => {
    fireEvent.change(screen.getByTestId('search-right'), { target: { value: text } });
  });
/** The frame that paints the written cells, then the task after it, in which React renders. */
const nextFrame = () =>
  act(() => {
    vi.advanceTimersByTime(20);
  });

beforeAll(async () => {
  await loadCellWriter();
  await initI18n('en');
  await import('i18next').then((m) => m.default.loadNamespaces('translation'));
});

beforeEach(async () => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const machine = upgradeMachine.provide({
    actors: {
      loadPage: fromPromise<PageData>(async () => ({
        index: { status: true, inventory: null, uitems: targets },
        user: null,
      })),
    },
  });
  render(
    <PageActor.Provider logic={machine} options={{ input: { site, preselect: [], prefs: { sound: false } } }}>
      <TargetPanel />
    </PageActor.Provider>,
  );
  await waitFor(() => expect(within(screen.getByTestId('grid-right')).getAllByRole('button')).toHaveLength(15));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  // The first 8 cells are in the viewport, the other 7 below it.
  act(() =>
    [...screen.getByTestId('grid-right').children].forEach((cell, slot) => FakeObserver.report(cell, slot < 8)),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeObserver.reset();
});

describe('cells off screen', () => {
  it('shows a typed result in the cells on screen first, and in the others once that frame has been painted', () => {
    type('howl');
    expect(shown()).toEqual([...ids(20, 28), ...ids(8, 15)]);
    expect(settling()).toBe(true);
    nextFrame();
    expect(shown()).toEqual(ids(20, 35));
    expect(settling()).toBe(false);
  });

  it('follows each key on screen and catches up off screen after a frame', () => {
    type('howl');
    type('howl 3');
    // Howl 23 and 30-39 (every word, any order).
    const howl3 = [targets[22].id, ...ids(29, 39)];
    expect(shown().slice(0, 8)).toEqual(howl3.slice(0, 8));
    nextFrame();
    expect(shown()).toEqual([...howl3, '-', '-', '-', '-']);
  });

  it('empties and fills slots off screen, a frame late where the item they show is not on the new page', () => {
    type('redline 1 (');
    // Redline 1 and 10-19: 11 items, so slots 11-14 become placeholders. Off screen, slot 8 keeps Redline 9 (not
    // on the new page) until the frame; slots 9-14 showed Redline 10-15, which the new page shows on screen, so they
    // are written at once: no item is on show twice.
    const eleven = [targets[0].id, ...ids(9, 19)];
    expect(shown()).toEqual([...eleven.slice(0, 8), targets[8].id, ...eleven.slice(9), '-', '-', '-', '-']);
    expect(settling()).toBe(true);
    nextFrame();
    expect(shown()).toEqual([...eleven, '-', '-', '-', '-']);
    expect(settling()).toBe(false);
    type('');
    expect(shown().slice(0, 8)).toEqual(ids(0, 8));
    nextFrame();
    expect(shown()).toEqual(ids(0, 15));
  });

  it('never shows an item twice: a cell off screen whose item the new page shows is written at once', () => {
    // The list moves up by two (a minimum price): Redline 3-17 fill slots 0-14. Slots 8-14 held Redline 9-15, all
    // on the new page, so every cell is written with the key press.
    act(() => {
      fireEvent.change(screen.getByTestId('min-price-right'), { target: { value: '3' } });
    });
    expect(shown()).toEqual(ids(2, 17));
    expect(settling()).toBe(false);
    nextFrame();
    expect(shown()).toEqual(ids(2, 17));
  });

  it('writes again a cell it wrote that has gone off screen before React rendered it', () => {
    type('howl');
    // Slot 3 was written (Howl 24); it scrolls out of view before the frame, and the next key comes.
    act(() => FakeObserver.report(screen.getByTestId('grid-right').children[3], false));
    type('howl 3');
    const howl3 = [targets[22].id, ...ids(29, 39)];
    expect(shown()[3]).toBe(howl3[3]);
    nextFrame();
    expect(shown()).toEqual([...howl3, '-', '-', '-', '-']);
    // Every cell is what React rendered: the class and the placeholder marks included.
    for (const cell of screen.getByTestId('grid-right').children) {
      const empty = cell.getAttribute('aria-hidden') === 'true';
      expect(cell.className).toMatch(empty ? /^cell r-\w+ cell--empty$/ : /^cell r-\w+$/);
      expect((cell as HTMLButtonElement).disabled).toBe(empty);
    }
  });

  it('treats a cell that scrolls into view as on screen', () => {
    act(() => FakeObserver.report(screen.getByTestId('grid-right').children[10], true));
    type('howl');
    expect(shown()[10]).toBe(targets[30].id);
    expect(shown()[11]).toBe(targets[11].id);
  });

  it('renders a page turn the same way: on screen at once, the rest after the paint', () => {
    act(() => {
      fireEvent.click(screen.getByTestId('page-next-right'));
    });
    expect(shown()).toEqual([...ids(15, 23), ...ids(8, 15)]);
    nextFrame();
    expect(shown()).toEqual(ids(15, 30));
  });
});
