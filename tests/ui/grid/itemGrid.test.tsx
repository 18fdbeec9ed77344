import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { PageData } from '../../../src/api/pageLoad.ts';
import { initI18n } from '../../../src/i18n/index.ts';
import { upgradeMachine } from '../../../src/machines/upgradeMachine.ts';
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

const type = (text: string) => fireEvent.change(screen.getByTestId('search-right'), { target: { value: text } });
const setPrice = (which: 'min' | 'max', value: string) =>
  fireEvent.change(screen.getByTestId(`${which}-price-right`), { target: { value } });
const byId = (id: number) => targets.find((t) => t.id === id)!;

/** Every cell shows its own item: name, accessible name and picture (the address the API gave that item). */
function expectOwnItems(ids: number[]) {
  const now = cells();
  expect(now.map((c) => c.id)).toEqual(ids);
  for (const cell of now) {
    const item = byId(cell.id);
    expect(cell.ariaLabel).toBeNull();
    for (const part of item.name.split(' | ')) expect(cell.label).toContain(part);
    expect(cell.name).toBe(item.name.split(' | ')[1]);
    expect(cell.src).toBe(item.image);
  }
}

beforeAll(async () => {
  await initI18n('en');
  await import('i18next').then((m) => m.default.loadNamespaces('translation'));
});

afterEach(cleanup);

const ids = (from: number, to: number) => targets.slice(from, to).map((t) => t.id);

describe('target grid', () => {
  it("shows each item of a search, a price filter and a cleared filter with its own picture, never another item's", async () => {
    renderTargets();
    await waitFor(() => expect(cells()).toHaveLength(15));
    expectOwnItems(ids(0, 15));
    act(() => type('howl'));
    expectOwnItems(ids(20, 35));
    act(() => type(''));
    expectOwnItems(ids(0, 15));
    // Prices are 1 + index: 5 to 12 are targets 4 to 11.
    act(() => setPrice('min', '5'));
    act(() => setPrice('max', '12'));
    expectOwnItems(ids(4, 12));
    act(() => setPrice('min', ''));
    act(() => setPrice('max', ''));
    expectOwnItems(ids(0, 15));
    act(() => fireEvent.click(screen.getByTestId('page-next-right')));
    expectOwnItems(ids(15, 30));
  });

  it('keeps the element of an item still on show when a key press changes the others', async () => {
    renderTargets();
    await waitFor(() => expect(cells()).toHaveLength(15));
    const redline1 = screen.getByTestId(`target-item-${targets[0].id}`);
    act(() => type('redline 1'));
    expect(screen.getByTestId(`target-item-${targets[0].id}`)).toBe(redline1);
  });

  it('keeps PAGE_SIZE slots: a shorter result leaves invisible placeholders, out of the tab order and the accessibility tree', async () => {
    renderTargets();
    await waitFor(() => expect(cells()).toHaveLength(15));
    act(() => type('howl 2'));
    const grid = screen.getByTestId('grid-right');
    expect(cells()).toHaveLength(10);
    expect(grid.children).toHaveLength(15);
    for (const cell of [...grid.children].slice(10)) {
      expect(cell.className).toContain('cell--empty');
      expect(cell.getAttribute('aria-hidden')).toBe('true');
      expect(cell.querySelector('button, img, [data-testid]')).toBeNull();
    }
    act(() => type('howl'));
    expect(cells()).toHaveLength(15);
    expect(grid.querySelector('.cell--empty')).toBeNull();
  });

  it('shows the chosen target with its picture after a filter hides it and is cleared', async () => {
    renderTargets(true);
    await waitFor(() => expect(cells()).toHaveLength(15));
    const chosen = targets[2];
    act(() => {
      fireEvent.click(screen.getByTestId(`target-item-${chosen.id}`));
    });
    act(() => setPrice('min', '10'));
    expect(cells().some((c) => c.id === chosen.id)).toBe(false);
    act(() => setPrice('min', ''));
    const cell = screen.getByTestId(`target-item-${chosen.id}`);
    expect(cell.getAttribute('aria-pressed')).toBe('true');
    expect(cell.querySelector('img')!.getAttribute('src')).toBe(chosen.image);
    expect(
      [...screen.getByTestId('grid-right').children].filter((c) => c.classList.contains('cell--selected')),
    ).toEqual([cell]);
  });

  it('renders a search that leaves nothing, and the next one that finds items again', async () => {
    renderTargets();
    await waitFor(() => expect(cells()).toHaveLength(15));
    act(() => type('no such item'));
    expect(screen.queryByTestId('grid-right')).toBeNull();
    act(() => type('redline'));
    expectOwnItems(ids(0, 15));
  });
});
