/** Play is off, with the reason beside it, for a selection the server would refuse; the wheel shows no chance for it. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { catalogueItems, inventoryItems } from '../../../server/db/schema.ts';
import en from '../../../src/i18n/en.json';
import { startPageServer, type PageServer } from './pageServer.ts';
import { fullPlayer } from './players.ts';
import { renderPage } from './renderPage.tsx';

let server: PageServer;
const ids: Record<string, number> = {};

async function addItem(name: string, priceMinor: number): Promise<number> {
  const [row] = await server.db
    .insert(catalogueItems)
    .values({ site: 'cs', name, priceMinor, type: 'covert', typePrize: 0, active: true })
    .returning({ id: catalogueItems.id });
  return row.id;
}

beforeAll(async () => {
  server = await startPageServer('cs');
  const player = await fullPlayer(server);
  const penny = await addItem('Blocked Test | Three Cents', 3);
  ids.knife = await addItem('Blocked Test | Knife', 737_792);
  ids.twoCents = await addItem('Blocked Test | Two Cents', 2);
  ids.fourCents = await addItem('Blocked Test | Four Cents', 4);
  const [own] = await server.db
    .insert(inventoryItems)
    .values({
      userId: (
        await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `sid=${player.sid}` } })
      ).json().user.id,
      catalogueItemId: penny,
      source: 'grant',
    })
    .returning({ id: inventoryItems.id });
  ids.penny = own.id;
  server.jar.set('sid', player.sid);
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => cleanup());

async function search(side: 'left' | 'right', text: string, testId: string) {
  await act(async () => {
    fireEvent.change(screen.getByTestId(`search-${side}`), { target: { value: text } });
  });
  const cell = await screen.findByTestId(testId, {}, { timeout: 10_000 });
  await act(async () => {
    fireEvent.click(cell);
  });
}

describe('the Play button', () => {
  it('is off with the reason shown, and the wheel shows no chance, for a game the server would refuse', async () => {
    await renderPage(server);
    await screen.findByTestId('choose-all', {}, { timeout: 10_000 });
    await search('left', 'Three Cents', `inv-item-${ids.penny}`);
    await search('right', 'Blocked Test | Knife', `target-item-${ids.knife}`);

    const play = screen.getByTestId('play') as HTMLButtonElement;
    const wheel = screen.getByTestId('wheel-stub');
    // $0.03 for $7,377.92: the fair chance is 0.00037 %, below the 0.1 % minimum.
    await waitFor(() => expect(screen.getByTestId('play-blocked').textContent).toBe(en.playBlocked.chance_too_low));
    expect(play.getAttribute('aria-disabled')).toBe('true');
    expect(play.getAttribute('aria-describedby')).toBe('play-blocked');
    expect(wheel.dataset.chance).toBe('0');
    expect(wheel.textContent).not.toMatch(/0\.100|80\.000/);
    expect(wheel.dataset.label).toBe(en.wheel.pick);

    await search('right', 'Two Cents', `target-item-${ids.twoCents}`);
    await waitFor(() => expect(screen.getByTestId('play-blocked').textContent).toBe(en.playBlocked.target_too_cheap));
    expect(play.getAttribute('aria-disabled')).toBe('true');
    expect(wheel.dataset.chance).toBe('0');
    expect(wheel.textContent).not.toMatch(/80\.000/);
    expect(wheel.dataset.label).not.toBe(en.wheel.high);

    // 3 x 90 000 / 4 = 67.5 %: playable, and the reason is gone.
    await search('right', 'Four Cents', `target-item-${ids.fourCents}`);
    await waitFor(() => expect(play.getAttribute('aria-disabled')).toBe('false'));
    expect(screen.queryByTestId('play-blocked')).toBeNull();
    expect(wheel.dataset.chance).toBe('67500');
    expect(Number(screen.getByTestId('chance').dataset.value)).toBe(67.5);
  });
});
