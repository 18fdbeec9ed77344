/** The page against the real server app: sign in, stake, target, play, the result panel, return. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startPageServer, type PageServer } from './pageServer.ts';
import { renderPage } from './renderPage.tsx';

let server: PageServer;
beforeAll(async () => {
  server = await startPageServer('cs');
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/upgrades/');
});

describe('upgrades page on the CS site', () => {
  it('signs in through the form, plays one game and shows the result panel', async () => {
    const user = userEvent.setup();
    await renderPage(server);
    const prompt = await screen.findByTestId('sign-in', {}, { timeout: 10_000 });
    await user.type(within(prompt).getByTestId('sign-in-username'), 'demo');
    await user.type(within(prompt).getByTestId('sign-in-password'), 'demo');
    await user.click(within(prompt).getByTestId('sign-in-submit'));
    await screen.findByTestId('choose-all', {}, { timeout: 10_000 });
    expect(screen.getByTestId('bonus-balance')).toBeTruthy();

    // Nothing chosen yet: the label shows the default multiplier, never 'x0'.
    expect(screen.getByTestId('multiplier').textContent).toBe('x1.2');
    expect(screen.getByTestId('multiplier').dataset.value).toBe('1.2');

    // Cheapest first: the starter pack is random, and x2 of its dearest item may exceed the whole catalogue.
    await user.click(screen.getByTestId('sort-left'));
    const cells = screen.getAllByTestId(/^inv-item-/).filter((c) => !c.classList.contains('cell--locked'));
    const staked = cells[0].dataset.testid!;
    await user.click(cells[0]);
    expect(screen.getByTestId(staked).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByTestId('multiplier-2'));
    const stakeTotal = Number(screen.getByTestId('stake-total').dataset.value);
    const targetPrice = Number(screen.getByTestId('target-price').dataset.value);
    const chance = Number(screen.getByTestId('chance').dataset.value);
    // One staked item: the multiplier is target / stake to 2 decimals.
    expect(Number(screen.getByTestId('multiplier').dataset.value)).toBe(
      Math.round((targetPrice / stakeTotal) * 100) / 100,
    );
    expect(Number(screen.getByTestId('multiplier').dataset.value)).toBeGreaterThanOrEqual(2);
    const play = screen.getByTestId('play') as HTMLButtonElement;
    await waitFor(() => expect(play.getAttribute('aria-disabled')).toBe('false'));
    await user.click(play);
    await waitFor(
      () =>
        expect(
          screen.queryByTestId('error-notice')?.textContent ?? screen.getByTestId('wheel-stub').dataset.phase,
        ).toBe('spinning'),
      { timeout: 10_000 },
    );
    const land = await screen.findByTestId('wheel-land', {}, { timeout: 10_000 });
    await waitFor(() => expect((land as HTMLButtonElement).disabled).toBe(false), { timeout: 10_000 });
    await user.click(land);
    const panel = await screen.findByTestId('result-panel', {}, { timeout: 5_000 });
    expect(panel.dataset.outcome).toMatch(/^(win|loss)$/);
    expect(screen.getByTestId('roll-check').getAttribute('href')).toMatch(/^\/en\/provably_fair\/roll_verifier\//);
    // The reload behind the panel drops the staked item; the summary keeps showing the game that was played.
    await waitFor(() => expect(screen.queryByTestId(staked)).toBeNull(), { timeout: 10_000 });
    expect(Number(screen.getByTestId('stake-total').dataset.value)).toBe(stakeTotal);
    expect(Number(screen.getByTestId('target-price').dataset.value)).toBe(targetPrice);
    expect(Number(screen.getByTestId('chance').dataset.value)).toBe(chance);
    await user.click(screen.getByTestId('return'));
    await waitFor(() => expect(screen.queryByTestId('result-panel')).toBeNull());
  });

  it('shows the hand verifier form, prefilled from the query, on the verifier address without a roll id', async () => {
    window.history.replaceState(null, '', '/en/provably_fair/roll_verifier/?server_seed=abc&client_seed=def&nonce=4');
    await renderPage(server);
    const form = await screen.findByTestId('verify-form', {}, { timeout: 10_000 });
    const field = (name: string) => (form.querySelector(`[name=${name}]`) as HTMLInputElement).value;
    expect([field('serverSeed'), field('clientSeed'), field('nonce')]).toEqual(['abc', 'def', '4']);
    expect(screen.queryByTestId('grid-right')).toBeNull();
  });
});
