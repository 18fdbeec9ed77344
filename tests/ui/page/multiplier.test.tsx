/**
 * The multiplier label and its buttons on the real server's page: the label is the target over the whole stake
 * (items and balance), and the button that chose the target is the one shown as on, for a mixed stake and for a
 * balance-only one; a target chosen by hand turns every button off.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MULTIPLIERS } from '../../../src/domain/constants.ts';
import { multiplierOf } from '../../../src/domain/multiplier.ts';
import { toMinor } from '../../../src/domain/money.ts';
import { createFormatters } from '../../../src/site/format.ts';
import { variantFrom } from '../../../src/site/variant.ts';
import { startPageServer, type PageServer } from './pageServer.ts';
import { fullPlayer } from './players.ts';
import { renderPage } from './renderPage.tsx';

afterEach(() => cleanup());

const num = (testId: string) => Number(screen.getByTestId(testId).dataset.value);
const click = (el: Element) =>
  act(async () => {
    fireEvent.click(el);
  });
const lit = () =>
  MULTIPLIERS.filter((m) => screen.getByTestId(`multiplier-${m}`).getAttribute('aria-pressed') === 'true');

/** The label is the shown target over the shown stake, in the site's spelling. */
async function expectRatio(site: PageServer) {
  const fmt = createFormatters(variantFrom(await site.site()));
  const ratio = multiplierOf(toMinor(num('target-price')), toMinor(num('stake-total')));
  expect(ratio).toBeGreaterThan(0);
  expect(num('multiplier')).toBe(ratio);
  expect(screen.getByTestId('multiplier').textContent).toBe(fmt.multiplier(ratio));
}

for (const site of ['cs', 'ru'] as const) {
  describe(`the multiplier (${site})`, () => {
    let server: PageServer;
    beforeAll(async () => {
      server = await startPageServer(site);
      server.jar.set('sid', (await fullPlayer(server)).sid);
    }, 120_000);
    afterAll(() => server?.close());

    it('is the target over items and balance together, with the button that chose it on', async () => {
      await renderPage(server);
      const field = (await screen.findByTestId('balance-stake', {}, { timeout: 10_000 })) as HTMLInputElement;
      await waitFor(() => expect(field.disabled).toBe(false));
      const cell = screen.getAllByTestId(/^inv-item-/).find((c) => !c.classList.contains('cell--locked'))!;
      await click(cell);
      await act(async () => {
        fireEvent.change(field, { target: { value: site === 'ru' ? '0,41' : '0.41' } });
      });
      await click(screen.getByTestId('multiplier-1.5'));
      await waitFor(() => expect(num('target-price')).toBeGreaterThan(0));
      await expectRatio(server);
      expect(lit()).toEqual([1.5]);

      // A target chosen by hand: its own ratio, and no button on.
      const other = screen.getAllByTestId(/^target-item-/).find((c) => c.getAttribute('aria-pressed') !== 'true')!;
      await click(other);
      await expectRatio(server);
      expect(lit()).toEqual([]);
    });

    it('is the target over the balance for a balance-only stake, with the button that chose it on', async () => {
      await renderPage(server);
      const field = (await screen.findByTestId('balance-stake', {}, { timeout: 10_000 })) as HTMLInputElement;
      await waitFor(() => expect(field.disabled).toBe(false));
      await act(async () => {
        fireEvent.change(field, { target: { value: site === 'ru' ? '0,53' : '0.53' } });
      });
      // Before a target: none, though x1.2 is the selected ratio the label reads.
      expect(lit()).toEqual([]);
      expect(screen.getByTestId('multiplier').textContent).toMatch(/^x1[.,]2$/);
      await click(screen.getByTestId('multiplier-3'));
      await waitFor(() => expect(num('target-price')).toBeGreaterThan(0));
      expect(num('stake-total')).toBe(0.53);
      await expectRatio(server);
      expect(lit()).toEqual([3]);
    });
  });
}
