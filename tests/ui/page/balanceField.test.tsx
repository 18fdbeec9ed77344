/**
 * The balance field as a player types into it, on the real server's cs and ru sites: the amount staked is the one
 * the summary shows, a typo stakes nothing and says so, an amount over the balance is kept as typed, stakes
 * nothing and says so, and each site spells the amount its own way.
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
/** Types one key at a time, each onto what the field shows after the last (as a player's keys land). */
const typeKeys = async (keys: string) => {
  await type('');
  for (const key of keys) await type(field().value + key);
};
const blur = () =>
  act(async () => {
    fireEvent.blur(field());
  });

for (const [site, words, spelt] of [
  [
    'cs',
    en,
    {
      typed: '1234.5',
      shown: '1,234.50',
      all: '2,005.00',
      grouped: '1,234.50',
      half: '.5',
      halfShown: '0.50',
      other: '1.234,5',
    },
  ],
  [
    'ru',
    ru,
    {
      typed: '1 234,5',
      all: '2\u00a0005,00',
      shown: '1\u00a0234,50',
      grouped: '1 234.50',
      half: ',5',
      halfShown: '0,50',
      other: '1.234,5',
    },
  ],
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
      await blur();
      expect(field().value).toBe(spelt.shown);
    });

    it('keeps every key typed, one at a time, and takes the way the site groups and writes decimals', async () => {
      await renderPage(server);
      await waitFor(() => expect(field().disabled).toBe(false), { timeout: 10_000 });
      await typeKeys(spelt.typed);
      expect(field().value).toBe(spelt.typed);
      expect(staked()).toBe(1234.5);
      expect(field().getAttribute('aria-invalid')).toBeNull();
      await typeKeys(spelt.grouped);
      expect(field().value).toBe(spelt.grouped);
      expect(staked()).toBe(1234.5);
      await blur();
      expect(field().value).toBe(spelt.shown);
      await typeKeys(spelt.half);
      expect(field().value).toBe(spelt.half);
      expect(staked()).toBe(0.5);
      await blur();
      expect(field().value).toBe(spelt.halfShown);
      // Another language's grouping is a typo here, not some other amount.
      await typeKeys(spelt.other);
      expect(field().value).toBe(spelt.other);
      expect(field().getAttribute('aria-invalid')).toBe('true');
    });

    it('keeps an amount above the balance as typed, says so, and Play says the balance is short', async () => {
      await renderPage(server);
      await waitFor(() => expect(field().disabled).toBe(false), { timeout: 10_000 });
      const money = createFormatters(variantFrom(await server.site())).money(BALANCE / 100);
      const over = words.balanceStake.over.replace('{{amount}}', money);
      const cell = screen.getAllByTestId(/^inv-item-/).find((c) => !c.classList.contains('cell--locked'))!;
      await act(async () => {
        fireEvent.click(cell);
      });
      const itemPrice = staked();
      expect(itemPrice).toBeGreaterThan(0);
      await act(async () => {
        fireEvent.click(screen.getAllByTestId(/^target-item-/).at(-1)!);
      });
      await typeKeys('99999');
      expect(field().value).toBe('99999');
      // The summary shows what can be staked: the item, not the refused amount.
      expect(staked()).toBe(itemPrice);
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByTestId('balance-stake-hint').textContent).toBe(over);
      await waitFor(() => expect(currentAnnouncement()).toBe(over));
      expect(screen.getByTestId('play').getAttribute('aria-disabled')).toBe('true');
      expect(screen.getByTestId('play-blocked').textContent).toBe(words.playBlocked.balance_insufficient);
      // Back within the balance, key by key: Play is on again.
      for (let i = 0; i < 4; i++) await type(field().value.slice(0, -1));
      expect(field().value).toBe('9');
      await waitFor(() => expect(staked()).toBe(Math.round((itemPrice + 9) * 100) / 100));
      expect(screen.queryByTestId('play-blocked')?.textContent ?? '').not.toBe(words.playBlocked.balance_insufficient);
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

    it('quick buttons stake a share of the balance', async () => {
      await renderPage(server);
      await waitFor(() => expect(field().disabled).toBe(false), { timeout: 10_000 });
      await act(async () => {
        fireEvent.click(screen.getByTestId('balance-50'));
      });
      await waitFor(() => expect(staked()).toBe(BALANCE / 200));
      await act(async () => {
        fireEvent.click(screen.getByTestId('balance-max'));
      });
      await waitFor(() => expect(staked()).toBe(BALANCE / 100));
      expect(field().value).toBe(spelt.all);
    });
  });
}
