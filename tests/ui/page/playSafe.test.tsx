/**
 * Play safe on the page, against the real server in-process: an excluded player sees the end of the break instead
 * of Play and can still sell; a game past a limit shows the server's refusal with what is left; the settings page
 * starts a break after a confirmation and the upgrades page follows; limits show their use and a waiting raise;
 * the statistics page shows the server's figures for the player's games.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LimitsResponse, StatsResponse } from '../../../src/api/accountContract.ts';
import accountEn from '../../../src/i18n/account.en.json';
import { formatDateTime } from '../../../src/site/dateTime.ts';
import { createFormatters } from '../../../src/site/format.ts';
import { messages } from '../../../server/messages.ts';
import { playGame, type FairServer } from '../fair/fairServer.ts';
import { startPageServer, type PageServer } from './pageServer.ts';
import { excludedPlayer, fullPlayer, type TestPlayer } from './players.ts';
import { renderPage } from './renderPage.tsx';

let server: PageServer;
const when = (ms: number) => formatDateTime('en', ms);
const fmt = createFormatters({ lang: 'en', currency: 'USD', chanceDecimals: 3 });

beforeAll(async () => {
  server = await startPageServer('cs');
}, 180_000);
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  cleanup();
  window.history.pushState(null, '', '/upgrades/');
});

const as = (p: TestPlayer) => server.jar.set('sid', p.sid);
const api = async <T,>(p: TestPlayer, method: 'GET' | 'POST', url: string, payload?: Record<string, string>) =>
  (await server.app.inject({ method, url, headers: { cookie: `sid=${p.sid}` }, payload })).json() as T;
const click = (testId: string) =>
  act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
const wait = { timeout: 15_000 };

describe('the upgrades page during a break', () => {
  it('says until when instead of offering Play, and still sells items', async () => {
    const p = await excludedPlayer(server);
    as(p);
    const limits = await api<LimitsResponse>(p, 'GET', '/api/account/limits');
    await renderPage(server);
    const note = await screen.findByTestId('play-excluded', {}, wait);
    expect(note.textContent).toContain(`You can play again on ${when(Date.parse(limits.cool_off_until!))}`);
    expect(screen.queryByTestId('play')).toBeNull();
    const sell = screen.getAllByTestId(/^inv-sell-/)[0];
    const before = Number(screen.getByTestId('balance').dataset.value);
    await act(async () => {
      fireEvent.click(sell);
    });
    await waitFor(() => expect(Number(screen.getByTestId('balance').dataset.value)).toBeGreaterThan(before), wait);
    await screen.findByTestId('play-excluded', {}, wait);
  });
});

describe('a game past a limit', () => {
  it("shows the server's refusal, naming what is left and when it resets", async () => {
    const p = await fullPlayer(server);
    as(p);
    await api(p, 'POST', '/api/account/limits', { kind: 'stake', period: 'day', amount: '0.01' });
    await renderPage(server);
    await screen.findByTestId('choose-all', {}, wait);
    // The cheapest usable item (the list is dearest first) has a target at twice its price.
    const cheapest = screen
      .getAllByTestId(/^inv-item-/)
      .filter((c) => !c.classList.contains('cell--locked'))
      .at(-1)!;
    await act(async () => {
      fireEvent.click(cheapest);
    });
    await click('multiplier-2');
    await waitFor(() => expect(screen.getByTestId('play').getAttribute('aria-disabled')).toBe('false'), wait);
    await click('play');
    const notice = await screen.findByTestId('error-notice', {}, wait);
    const limits = await api<LimitsResponse>(p, 'GET', '/api/account/limits');
    const resets = `${limits.limits[0].resets_at.slice(0, 16).replace('T', ' ')} UTC`;
    expect(notice.textContent).toContain(
      messages.en.limit_reached
        .replace('{limit}', messages.en.limit_stake_day)
        .replace('{left}', '$0.01')
        .replace('{resets}', resets),
    );
    // Nothing was played: the stake is still the player's, and Play is offered again.
    expect(limits.limits[0].used).toBe(0);
    await waitFor(() => expect(screen.getByTestId('play').getAttribute('aria-busy')).toBe('false'), wait);
  });
});

describe('the account settings page', () => {
  it('starts a break only after the confirmation, shows its end, and the upgrades page follows', async () => {
    const p = await fullPlayer(server);
    as(p);
    window.history.pushState(null, '', '/en/account/settings');
    await renderPage(server);
    await screen.findByTestId('cool-off', {}, wait);
    await click('cool-off-7d');
    await click('cool-off-start');
    const confirm = await screen.findByTestId('cool-off-confirm');
    expect(confirm.textContent).toContain(accountEn.coolOff.confirmTitle.replace('{{period}}', '7 days'));
    expect(document.activeElement).toBe(confirm);
    // Cancel changes nothing.
    await click('cool-off-cancel');
    expect((await api<LimitsResponse>(p, 'GET', '/api/account/limits')).cool_off_until).toBeNull();
    await click('cool-off-start');
    await click('cool-off-confirm-yes');
    const status = await screen.findByTestId('cool-off-status', {}, wait);
    const saved = await api<LimitsResponse>(p, 'GET', '/api/account/limits');
    expect(status.dataset.until).toBe(saved.cool_off_until);
    expect(status.textContent).toContain(when(Date.parse(saved.cool_off_until!)));
    // Only longer breaks are offered now.
    expect(screen.queryByTestId('cool-off-24h')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByText(/Back to upgrades/));
    });
    await screen.findByTestId('play-excluded', {}, wait);
  });

  it('shows a limit with its use and reset, and a raise waiting 24 hours', async () => {
    const p = await fullPlayer(server);
    as(p);
    window.history.pushState(null, '', '/en/account/settings');
    await renderPage(server);
    const card = await screen.findByTestId('limit-loss-week', {}, wait);
    expect(within(card).getByTestId('limit-loss-week-none')).toBeTruthy();
    await act(async () => {
      fireEvent.change(within(card).getByTestId('limit-loss-week-input'), { target: { value: '5,50' } });
    });
    await click('limit-loss-week-save');
    await waitFor(() => expect(within(card).getByTestId('limit-loss-week-amount').dataset.value).toBe('5.5'), wait);
    expect(within(card).getByTestId('limit-loss-week-used').dataset.value).toBe('0');
    await act(async () => {
      fireEvent.change(within(card).getByTestId('limit-loss-week-input'), { target: { value: '9' } });
    });
    await click('limit-loss-week-save');
    const pending = await within(card).findByTestId('limit-loss-week-pending', {}, wait);
    const saved = (await api<LimitsResponse>(p, 'GET', '/api/account/limits')).limits[0];
    expect(saved).toMatchObject({ amount: 5.5, pending_amount: 9 });
    expect(pending.textContent).toBe(`Rises to $9.00 on ${when(Date.parse(saved.pending_at!))}`);
    expect(within(card).getByTestId('limit-loss-week-amount').dataset.value).toBe('5.5');
  });

  it("shows the server's message for a bad amount", async () => {
    const p = await fullPlayer(server);
    as(p);
    window.history.pushState(null, '', '/en/account/settings');
    await renderPage(server);
    const card = await screen.findByTestId('limit-stake-day', {}, wait);
    await act(async () => {
      fireEvent.change(within(card).getByTestId('limit-stake-day-input'), { target: { value: '-3' } });
    });
    await click('limit-stake-day-save');
    expect((await within(card).findByRole('alert', {}, wait)).textContent).toBe(messages.en.limit_amount_invalid);
  });
});

describe('the statistics page', () => {
  it("shows the server's figures for the player's games, and links the biggest win to its verifier", async () => {
    const p = await fullPlayer(server);
    as(p);
    const fair = { app: server.app, db: server.db, player: { cookie: `sid=${p.sid}` } } as unknown as FairServer;
    const rolls = [await playGame(fair), await playGame(fair)];
    const stats = await api<StatsResponse>(p, 'GET', '/api/account/stats');
    expect(stats.total.games).toBe(2);
    window.history.pushState(null, '', '/en/account/stats');
    await renderPage(server);
    await screen.findByTestId('stats-total', {}, wait);
    for (const period of ['day', 'week', 'month', 'total'] as const) {
      expect(screen.getByTestId(`stats-${period}-games`).textContent).toBe(String(stats[period].games));
      for (const f of ['stake', 'won', 'net'] as const)
        expect(screen.getByTestId(`stats-${period}-${f}`).textContent).toBe(fmt.money(stats[period][f]));
    }
    expect(screen.getByTestId('stats-csv').getAttribute('href')).toBe('/api/account/stats.csv');
    if (stats.biggest_win) {
      expect(rolls).toContain(stats.biggest_win.roll_id);
      expect(screen.getByTestId('stats-biggest-check').getAttribute('href')).toBe(
        `/en/provably_fair/roll_verifier/${stats.biggest_win.roll_id}`,
      );
    } else {
      expect(screen.getByTestId('stats-biggest').textContent).toContain(accountEn.stats.noWin);
    }
  });
});
