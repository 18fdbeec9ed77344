import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { PageData } from '../../../src/api/pageLoad.ts';
import { initI18n } from '../../../src/i18n/index.ts';
import { upgradeMachine } from '../../../src/machines/upgradeMachine.ts';
import { askedPictures } from '../../../src/ui/ItemCell.tsx';
import i18next from 'i18next';
import { labelTemplate, loadCellWriter, PICTURES_SETTLE_MS } from '../../../src/ui/ItemGrid.tsx';
import { PageActor } from '../../../src/ui/pageActor.ts';
import { TargetPanel } from '../../../src/ui/TargetPanel.tsx';
import { site, targets } from './gridFixtures.ts';

/** The target panel of a page whose player is signed out, or signed in (`player`) with one item. */
function renderTargets(player = false) {
  const user = player ? { id: 1, name: 'player', balance: 0, bonus_balance: 0 } : null;
  const machine = upgradeMachine.provide({
    actors: {
      loadPage: fromPromise<PageData>(async () => ({
        index: { status: true, inventory: player ? [{ ...targets[0], id: 1 }] : null, uitems: targets },
        user,
      })),
    },
  });
  return render(
    <PageActor.Provider logic={machine} options={{ input: { site, preselect: [], prefs: { sound: false } } }}>
      <TargetPanel />
    </PageActor.Provider>,
  );
}

/** Each cell of the right grid: its item (by test id), accessible name (its text), name and picture address. */
function cells() {
  return within(screen.getByTestId('grid-right'))
    .getAllByRole('button')
    .map((cell) => ({
      id: Number(cell.getAttribute('data-testid')!.replace('target-item-', '')),
      // No aria-label: the name is the visible text, so a speech-input player can say what they see.
      ariaLabel: cell.getAttribute('aria-label'),
      label: cell.textContent,
      name: cell.querySelector('.cell__line2')!.textContent,
      src: cell.querySelector('img')!.getAttribute('src'),
    }));
}

/**
 * Waits until the first page shows its pictures and the cells have recorded them as asked for, which they do in
 * effects after the commit that set src: a test that went on at the first src could see a late effect undo what it
 * did to askedPictures (a CI run on a loaded machine did).
 */
async function firstPagePictured() {
  await waitFor(() => expect(cells()[0].src).toBe(targets[0].image));
  await waitFor(() => expect(targets.slice(0, 15).filter((t) => !askedPictures.has(t.image))).toEqual([]));
}

const type = (text: string) => fireEvent.change(screen.getByTestId('search-right'), { target: { value: text } });
const byId = (id: number) => targets.find((t) => t.id === id)!;

beforeAll(async () => {
  // The page loads it after its first render; here every key press is written ahead of React from the start.
  await loadCellWriter();
  await initI18n('en');
  await import('i18next').then((m) => m.default.loadNamespaces('translation'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // Each test is a fresh page load: no picture asked for yet.
  askedPictures.clear();
});

/** Timers and frames the test moves by hand, once the page has loaded. */
const handTimers = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
/** One frame, then the task after it: React renders a typed result once the frame showing it has been painted. */
const FRAME = 20;

describe('target grid while typing', () => {
  it("shows each matching item with its own test id, accessible name and never another item's picture", async () => {
    renderTargets();
    await waitFor(() => expect(cells()).toHaveLength(15));
    act(() => type('howl'));
    const now = cells();
    expect(now.map((c) => c.id)).toEqual(targets.slice(20, 35).map((t) => t.id));
    for (const cell of now) {
      const item = byId(cell.id);
      expect(cell.ariaLabel).toBeNull();
      for (const part of item.name.split(' | ')) expect(cell.label).toContain(part);
      expect(cell.name).toBe(item.name.split(' | ')[1]);
      expect([null, item.image]).toContain(cell.src);
    }
  });

  it("keeps a cell's picture element while typing takes its picture away or brings other unpictured items, and gives a picture its own element", async () => {
    renderTargets();
    await firstPagePictured();
    handTimers();
    const imgs = () =>
      within(screen.getByTestId('grid-right'))
        .getAllByRole('button')
        .map((cell) => cell.querySelector('img')!);
    const first = imgs();
    act(() => type('howl'));
    const empty = imgs();
    expect(empty.every((img) => !img.hasAttribute('src'))).toBe(true);
    // Typing away from pictured items drops the pictures from the same elements (no element built per cell per key).
    expect(empty.every((img, slot) => img === first[slot])).toBe(true);
    advance(FRAME);
    act(() => type('howl 2'));
    // Howl 21-29 and 32 (every word, any order): other items, still no pictures asked for; the same <img> elements.
    expect(cells().map((c) => c.id)).toEqual([...targets.slice(20, 29), targets[31]].map((t) => t.id));
    expect(imgs()).toHaveLength(10);
    expect(imgs().every((img, slot) => img === empty[slot])).toBe(true);
    advance(FRAME);
    advance(PICTURES_SETTLE_MS);
    const pictured = imgs();
    expect(cells().every((c) => c.src === byId(c.id).image)).toBe(true);
    // A picture gets a fresh element: an earlier item's picture is never left beside another item's name.
    expect(pictured.some((img, slot) => img === empty[slot])).toBe(false);
  });

  it('keeps PAGE_SIZE cells: a shorter result leaves invisible placeholders, out of the tab order and the accessibility tree', async () => {
    renderTargets();
    await waitFor(() => expect(cells()).toHaveLength(15));
    act(() => type('howl 2'));
    const grid = screen.getByTestId('grid-right');
    expect(cells()).toHaveLength(10);
    expect(grid.children).toHaveLength(15);
    const placeholders = [...grid.children].slice(10) as HTMLButtonElement[];
    for (const cell of placeholders) {
      expect(cell.className).toContain('cell--empty');
      expect(cell.getAttribute('aria-hidden')).toBe('true');
      expect(cell.disabled).toBe(true);
      expect(cell.hasAttribute('data-testid')).toBe(false);
      expect(cell.querySelector('img')!.hasAttribute('src')).toBe(false);
    }
    // The result grows again: the placeholders show items.
    act(() => type('howl'));
    expect(cells()).toHaveLength(15);
    expect(
      [...grid.children].every(
        (cell) => !cell.classList.contains('cell--empty') && !(cell as HTMLButtonElement).disabled,
      ),
    ).toBe(true);
  });

  it('asks for the pictures of a typed result once typing pauses, keeping those of items still on show', async () => {
    renderTargets();
    await firstPagePictured();
    handTimers();
    act(() => type('redline 1'));
    // 'Redline 1' and 'Redline 10'-'Redline 19': Redline 1 and 10-15 were on the first page, 16-19 are new.
    const shown = new Set(targets.slice(0, 15).map((t) => t.id));
    const typed = cells();
    expect(typed.map((c) => c.id)).toEqual([0, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18].map((i) => targets[i].id));
    for (const cell of typed) expect(cell.src).toBe(shown.has(cell.id) ? byId(cell.id).image : null);
    advance(PICTURES_SETTLE_MS - 1);
    expect(cells().filter((c) => c.src === null)).toHaveLength(4);
    // Another key (same result) before the pause: the wait starts again.
    act(() => type('edline 1'));
    advance(FRAME);
    advance(PICTURES_SETTLE_MS - 1);
    expect(cells().filter((c) => c.src === null)).toHaveLength(4);
    advance(FRAME);
    expect(cells().every((c) => c.src === byId(c.id).image)).toBe(true);
  });

  it("shows a new page's pictures right after it is painted, without waiting for a pause", async () => {
    renderTargets();
    await firstPagePictured();
    handTimers();
    act(() => fireEvent.click(screen.getByTestId('page-next-right')));
    expect(cells()[0].id).toBe(targets[15].id);
    expect(cells().every((c) => c.src === null)).toBe(true);
    // The frame with the page written (then React renders it), and the frame after that render: no pause.
    advance(FRAME);
    advance(FRAME);
    expect(cells().every((c) => c.src === byId(c.id).image)).toBe(true);
  });

  it('waits for the pause before asking for the picture of an item whose picture was never asked for, even if it was on the page', async () => {
    renderTargets();
    await firstPagePictured();
    // As if Redline 12-15 had been below the fold: their pictures were never asked for.
    for (const t of targets.slice(11, 15)) askedPictures.delete(t.image);
    handTimers();
    act(() => type('redline 1'));
    const waiting = cells()
      .filter((c) => c.src === null)
      .map((c) => c.id);
    expect(waiting).toEqual([...targets.slice(11, 19)].map((t) => t.id));
    advance(FRAME);
    advance(PICTURES_SETTLE_MS);
    expect(cells().every((c) => c.src === byId(c.id).image)).toBe(true);
  });
});

describe('target grid: a key press written ahead of React', () => {
  it("shows the typed result in the same cell elements at once, and React's render after the paint keeps them as they are", async () => {
    renderTargets();
    await firstPagePictured();
    handTimers();
    const grid = screen.getByTestId('grid-right');
    const before = [...grid.querySelectorAll('*')];
    act(() => type('howl 2'));
    const written = grid.innerHTML;
    expect(cells().map((c) => c.id)).toEqual([...targets.slice(20, 29), targets[31]].map((t) => t.id));
    // Nothing added or removed: only attributes and text changed; React has not rendered yet (the pager of the
    // 40 targets is still there, though 10 items make one page).
    expect([...grid.querySelectorAll('*')]).toEqual(before);
    expect(screen.queryByTestId('page-pos-right')).not.toBeNull();
    advance(FRAME);
    expect(screen.queryByTestId('page-pos-right')).toBeNull();
    expect(grid.innerHTML).toBe(written);
    expect([...grid.querySelectorAll('*')]).toEqual(before);
  });

  it("marks the selected target in a written cell, and a click before React's render picks the item the cell shows", async () => {
    renderTargets(true);
    await waitFor(() => expect(cells()).toHaveLength(15));
    handTimers();
    act(() => type('howl'));
    const cell = screen.getByTestId(`target-item-${targets[22].id}`);
    act(() => {
      fireEvent.click(cell);
    });
    expect(cell.getAttribute('aria-pressed')).toBe('true');
    expect(cell.classList.contains('cell--selected')).toBe(true);
    // Typed away and back: the written cell still shows the selection.
    act(() => type('howl 2'));
    act(() => type('howl'));
    const again = screen.getByTestId(`target-item-${targets[22].id}`);
    expect(again.getAttribute('aria-pressed')).toBe('true');
    expect(
      [...screen.getByTestId('grid-right').children].filter((c) => c.classList.contains('cell--selected')),
    ).toEqual([again]);
  });

  it('rehearses a key press in idle time on a copy of the grid, and changes nothing on the page', async () => {
    // The page's idle periods, run by hand (jsdom has none): the names are folded for the search, then the rehearsal.
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => idle.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const runIdle = () => {
      for (let runs = 0; idle.length > 0 && runs < 10; runs++)
        act(() => idle.shift()!({ didTimeout: false, timeRemaining: () => 50 }));
    };
    try {
      renderTargets(true);
      await firstPagePictured();
      handTimers();
      // A result of 10 items: the grid's last 5 slots are placeholders keeping the items they showed.
      act(() => type('howl 2'));
      advance(FRAME);
      const grid = screen.getByTestId('grid-right');
      const placeholders = () => [...grid.querySelectorAll(':scope > [aria-hidden="true"]')].map((c) => c.textContent);
      const kept = placeholders();
      expect(kept).toHaveLength(5);
      const page = document.body.innerHTML;
      // Where the cell writer's attribute writes land: in the document, or in a copy out of it.
      const landed: boolean[] = [];
      const setAttribute = Element.prototype.setAttribute;
      vi.spyOn(Element.prototype, 'setAttribute').mockImplementation(function (
        this: Element,
        name: string,
        value: string,
      ) {
        if (this.closest('.cell')) landed.push(this.isConnected);
        setAttribute.call(this, name, value);
      });
      runIdle();
      vi.mocked(Element.prototype.setAttribute).mockRestore();
      expect(idle).toEqual([]);
      expect(landed.length).toBeGreaterThan(0);
      expect(landed.filter((inDocument) => inDocument)).toEqual([]);
      expect(document.body.innerHTML).toBe(page);
      expect(grid.hasAttribute('data-settling')).toBe(false);
      // React's next render (a target picked) keeps the placeholders' items: the rehearsal had slots of its own.
      act(() => {
        fireEvent.click(screen.getByTestId(`target-item-${targets[22].id}`));
      });
      expect(placeholders()).toEqual(kept);
      // A key press afterwards is written, and rendered after the paint, as ever.
      act(() => type('howl'));
      expect(cells().map((c) => c.id)).toEqual(targets.slice(20, 35).map((t) => t.id));
      advance(FRAME);
      expect(cells().map((c) => c.id)).toEqual(targets.slice(20, 35).map((t) => t.id));
    } finally {
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('renders a search that leaves nothing, and the next one that finds items again', async () => {
    renderTargets();
    await waitFor(() => expect(cells()).toHaveLength(15));
    act(() => type('no such item'));
    expect(screen.queryByTestId('grid-right')).toBeNull();
    act(() => type('redline'));
    expect(cells().map((c) => c.id)).toEqual(targets.slice(0, 15).map((t) => t.id));
  });
});

describe('cell labels', () => {
  it.each([
    ['en', 'item.target'],
    ['en', 'item.select'],
    ['ru', 'item.target'],
    ['ru', 'item.select'],
  ] as const)('are what i18next gives for the item (%s, %s), whatever the name holds', async (lang, key) => {
    await i18next.changeLanguage(lang);
    const t = i18next.getFixedT(null, 'translation');
    const label = labelTemplate(t, key);
    for (const [name, price] of [
      ['AK-47 | Redline (Field-Tested)', '$12.50'],
      ['$& {{price}} $1 \uE000', '1 234,50 ₽'],
      ['', ''],
    ]) {
      expect(label(name, price)).toBe(t(key, { name, price }));
    }
    await i18next.changeLanguage('en');
  });
});
