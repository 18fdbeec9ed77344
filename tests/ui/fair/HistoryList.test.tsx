import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchHistory, rotateSeeds } from '../../../src/api/fair.ts';
import { SeedsAndHistory } from '../../../src/ui/fair/SeedsAndHistory.tsx';
import { playGame, startFairServer, storedRoll, tamperRoll, type FairServer } from './fairServer.ts';
import { renderFair } from './renderFair.tsx';

/** Every game is verified with WebCrypto before its tick shows: on a busy machine that outlasts waitFor's 1 s. */
const SLOW = { timeout: 15_000 };

let server: FairServer;
const played: string[] = [];
beforeAll(async () => {
  server = await startFairServer();
  // 22 games (more than one 20-game page) on one seed, then a rotation reveals it.
  for (let i = 0; i < 22; i++) played.push(await playGame(server, (i % 2) as 0 | 1));
  await rotateSeeds();
}, 120_000);
afterAll(() => server?.close());
afterEach(cleanup);

describe('HistoryList against the real server', () => {
  it('lists the newest games first with their figures and a verify link each', async () => {
    const first = await fetchHistory(0);
    await renderFair(<SeedsAndHistory currency="USD" />);
    const rows = await screen.findAllByTestId('history-game');
    expect(rows).toHaveLength(20);
    expect(rows[0].dataset.rollId).toBe(played[21]);
    const g = first.games[0];
    const cells = within(rows[0])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[1]).toContain(`$${g.stake.toFixed(2)}`);
    expect(cells[2]).toContain(g.target);
    expect(cells[3]).toBe(`${g.chance.toFixed(3)}%`);
    expect(cells[4]).toBe(g.roll_under === 1 ? 'Under' : 'Over');
    expect(cells[5]).toBe(g.roll.toFixed(3));
    expect(cells[6]).toBe(g.success === 1 ? 'Win' : 'Loss');
    expect(within(rows[0]).getByTestId('history-verify').getAttribute('href')).toBe(
      `/en/provably_fair/roll_verifier/${played[21]}`,
    );
  });

  it('pages to older games and back', async () => {
    const user = userEvent.setup();
    await renderFair(<SeedsAndHistory currency="USD" />);
    await screen.findAllByTestId('history-game');
    expect(screen.getByTestId('history-page').textContent).toBe('Page 1 of 2');
    await user.click(screen.getByTestId('history-older'));
    await waitFor(() => expect(screen.getByTestId('history-page').textContent).toBe('Page 2 of 2'), SLOW);
    expect(screen.getAllByTestId('history-game').map((r) => r.dataset.rollId)).toEqual([played[1], played[0]]);
    expect(screen.getByTestId('history-older').getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByTestId('history-newer'));
    await waitFor(() => expect(screen.getByTestId('history-page').textContent).toBe('Page 1 of 2'), SLOW);
  });

  it('lists the revealed seed with the number of games played on it, in Russian', async () => {
    await renderFair(<SeedsAndHistory currency="RUB" />, 'ru');
    const seed = await screen.findByTestId('history-seed', {}, SLOW);
    expect(within(seed).getByTestId('history-seed-games').textContent).toBe('22');
    expect(within(seed).getByTestId('history-seed-verify').textContent).toBe('Проверить его игры');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain('Ваши игры');
  });

  it('ticks every game of the revealed seed in the browser', async () => {
    await renderFair(<SeedsAndHistory currency="USD" />);
    await waitFor(() => expect(screen.getAllByTestId('history-check')).toHaveLength(20), SLOW);
    expect(screen.getAllByTestId('history-check').map((c) => c.dataset.ok)).toEqual(Array(20).fill('true'));
  });

  // Runs last: it adds a game and changes a stored roll.
  it('marks a game on the secret seed pending and a tampered game with a cross', async () => {
    const fresh = await playGame(server);
    await tamperRoll(server.db, played[20], ((await storedRoll(server.db, played[20])) + 50_000) % 100_000);
    await renderFair(<SeedsAndHistory currency="USD" />);
    await waitFor(() => expect(screen.getAllByTestId('history-check')).toHaveLength(20), SLOW);
    const okOf = (rollId: string) =>
      within(screen.getAllByTestId('history-game').find((r) => r.dataset.rollId === rollId)!).getByTestId(
        'history-check',
      ).dataset.ok;
    expect(okOf(fresh)).toBe('pending');
    expect(okOf(played[20])).toBe('false');
    expect(okOf(played[21])).toBe('true');
  });
});
