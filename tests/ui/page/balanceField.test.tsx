/**
 * The balance field as a player types into it, on the real server's cs and ru sites: the amount staked is the one
 * the summary shows, a typo stakes nothing and says so, an amount over the balance stakes all of it and says how
 * much that is, and each site spells the amount its own way.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import en from '../../../src/i18n/en.json';
import ru from '../../../src/i18n/ru.json';
import { credit } from '../../../server/services/wallet.ts';
import { createFormatters } from '../../../src/site/format.ts';
import { variantFrom } from '../../../src/site/variant.ts';
import { currentAnnouncement } from '../../../src/ui/announce/store.ts';
import { startPageServer, type PageServer } from './pageServer.ts';
import { fullPlayer, FULL_PLAYER_BALANCE } from './players.ts';
import { renderPage } from './renderPage.tsx';

/** 2,000.00 more than a full player's: enough for an amount with a thousands separator. */
const EXTRA = 200_000;
const BALANCE = FULL_PLAYER_BALANCE + EXTRA;

afterEach(() => cleanup());

const field = () => screen.getByTestId('balance-stake') as HTMLInputElement;
const staked = () => Number(screen.getByTestId('stake-total').dataset.value);
const type = (value: string) =>
  act(async () => {
    fireEvent.change(field(), { target: { value } });
  });

for (const [site, words, spelt] of [
  ['cs', en, { typed: '1234.5', shown: '1234.50', all: '2005.00' }],
  ['ru', ru, { typed: '1 234,5', shown: '1234,50', all: '2005,00' }],
] as const) {
  describe(`the balance field (${site})`, () => {
    let server: PageServer;
    beforeAll(async () => {
      server = await startPageServer(site);
      const player = await fullPlayer(server);
      const me = await server.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: `sid=${player.sid}` },
      });
      const { currency } = await server.site();
      await server.db.transaction((tx) =>
        credit(tx, { userId: me.json().user.id, currency, amountMinor: EXTRA, kind: 'grant' }),
      );
      server.jar.set('sid', player.sid);
    }, 120_000);
    afterAll(() => server?.close());

    it('stakes what is typed, in the way the site writes amounts', async () => {
      await renderPage(server);
      await waitFor(() => expect(field().disabled).toBe(false), { timeout: 10_000 });
      await type(spelt.typed);
      await waitFor(() => expect(staked()).toBe(1234.5));
      expect(field().value).toBe(spelt.typed);
      await act(async () => {
        fireEvent.blur(field());
      });
      expect(field().value).toBe(spelt.shown);
    });

    it('stakes nothing on a typo, and says what it takes', async () => {
      await renderPage(server);
      await waitFor(() => expect(field().disabled).toBe(false), { timeout: 10_000 });
      await type('12');
      await waitFor(() => expect(staked()).toBe(12));
      await type('12.345');
      await waitFor(() => expect(staked()).toBe(0));
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText(words.balanceStake.invalid)).toBeTruthy();
      await waitFor(() => expect(currentAnnouncement()).toBe(words.balanceStake.invalid));
    });

    it('stakes the whole balance for more than it, and says how much that is', async () => {
      await renderPage(server);
      await waitFor(() => expect(field().disabled).toBe(false), { timeout: 10_000 });
      await type('99999');
      await waitFor(() => expect(staked()).toBe(BALANCE / 100));
      expect(field().value).toBe(spelt.all);
      const money = createFormatters(variantFrom(await server.site())).money(BALANCE / 100);
      await waitFor(() => expect(currentAnnouncement()).toContain(money));
      await act(async () => {
        fireEvent.click(screen.getByTestId('balance-50'));
      });
      await waitFor(() => expect(staked()).toBe(BALANCE / 200));
    });
  });
}
