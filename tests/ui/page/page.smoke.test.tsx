/** The page against the real server app: sign in, stake, target, play, the result panel, return. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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

    const cells = screen.getAllByTestId(/^inv-item-/);
    await user.click(cells[0]);
    expect(cells[0].getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByTestId('multiplier-2'));
    expect(Number(screen.getByTestId('multiplier').dataset.value)).toBeGreaterThanOrEqual(2);
    const play = screen.getByTestId('play') as HTMLButtonElement;
    await waitFor(() => expect(play.disabled).toBe(false));
    await user.click(play);
    await waitFor(() => expect(screen.queryByTestId('error-notice')?.textContent ?? screen.getByTestId('wheel-stub').dataset.phase).toBe('spinning'), { timeout: 10_000 });
    const land = await screen.findByTestId('wheel-land', {}, { timeout: 10_000 });
    await waitFor(() => expect((land as HTMLButtonElement).disabled).toBe(false), { timeout: 10_000 });
    await user.click(land);
    const panel = await screen.findByTestId('result-panel', {}, { timeout: 5_000 });
    expect(panel.dataset.outcome).toMatch(/^(win|loss)$/);
    expect(screen.getByTestId('roll-check').getAttribute('href')).toMatch(/^\/en\/provably_fair\/roll_verifier\//);
    await user.click(screen.getByTestId('return'));
    await waitFor(() => expect(screen.queryByTestId('result-panel')).toBeNull());
  });
});
