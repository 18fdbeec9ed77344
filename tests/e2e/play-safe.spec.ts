/**
 * Play safe in Chromium against the real server, on the CS site (en) and the Russian one: a break started on the
 * settings page makes the server refuse Play with its end time, and the page then says when play is possible
 * again; a loss limit set on the settings page refuses the game that would pass it with what is left, tied to the
 * games played; the statistics page equals the player's history; the reality check appears after its interval
 * (the page's clock moved forward) and never while a game is under way. axe on each new screen at 1440 and 320 px.
 */
import { expect, test, type Page } from '@playwright/test';
import type { LimitsResponse, StatsResponse } from '../../src/api/accountContract.ts';
import type { HistoryGame, HistoryResponse, IndexResponse, RollResponse } from '../../src/api/contract.ts';
import { toMajor, toMinor } from '../../src/domain/money.ts';
import { formatDateTime } from '../../src/site/dateTime.ts';
import { createFormatters } from '../../src/site/format.ts';
import { messages } from '../../server/messages.ts';
import { holdClock, reflowProblems, wcagViolations } from './a11yCheck.ts';
import { registerApi } from './api.ts';
import { baseOf, freshName } from './helpers.ts';

// The page's CSP refuses the script axe injects.
test.use({ bypassCSP: true });

const SITES = {
  cs: { lang: 'en', currency: 'USD', fmt: createFormatters({ lang: 'en', currency: 'USD', chanceDecimals: 3 }) },
  ru: { lang: 'ru', currency: 'RUB', fmt: createFormatters({ lang: 'ru', currency: 'RUB', chanceDecimals: 3 }) },
} as const;

/** The account pages' link back to the upgrades page. */
const BACK = { en: 'Back to upgrades', ru: 'Назад к апгрейдам' };

/** A time as the server's messages write it (server/services/play-safe.ts messageTime). */
const minutesUtc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
/** An amount as the server's messages write it (messageMoney). */
const messageMoney = (lang: 'en' | 'ru', currency: string, major: number) =>
  new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { style: 'currency', currency }).format(major);

/** axe and reflow on the page as it stands, at 1440 and 320 CSS px. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  for (const width of [1440, 320]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 740 });
    expect(await wcagViolations(page), `${what} at ${width} px`).toEqual([]);
    expect(await reflowProblems(page), `${what} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The finished game's panel: the CS site's own, or the win or loss panel of the Russian site. */
const resultPanel = (page: Page) =>
  page.locator('[data-testid="result-panel"], [data-testid="win-panel"], [data-testid="loss-panel"]');

/** The player's usable items, cheapest first, as the index answers them. */
async function usableByPrice(page: Page, base: string) {
  const index = (await (await page.request.post(`${base}/api/upgrade/index`)).json()) as IndexResponse;
  return (index.inventory ?? []).filter((i) => i.type_prize !== 13).sort((a, b) => a.price - b.price);
}

/** Chooses one item (found with the left search) and the target a multiplier button finds for it. */
async function choose(page: Page, item: { id: number; name: string }, multiplier: number): Promise<void> {
  await page.getByTestId('search-left').fill(item.name);
  await page.getByTestId(`inv-item-${item.id}`).click();
  await page.getByTestId(`multiplier-${multiplier}`).click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-disabled', 'false');
}

/** Every game of the player's history (all pages). */
async function history(page: Page, base: string): Promise<HistoryGame[]> {
  const out: HistoryGame[] = [];
  for (let n = 0; ; n++) {
    const h = (await (await page.request.get(`${base}/api/provably_fair/history?page=${n}`)).json()) as HistoryResponse;
    out.push(...h.games);
    if (n + 1 >= h.pages) return out;
  }
}

const sumMinor = (games: HistoryGame[], f: (g: HistoryGame) => number) => games.reduce((t, g) => t + toMinor(f(g)), 0);

for (const site of ['cs', 'ru'] as const) {
  const { lang, currency, fmt } = SITES[site];
  const base = baseOf(site);
  const msg = messages[lang];

  test.describe(`${site}: play safe`, () => {
    test('a break started on the settings page: Play is refused with its end time, then not offered', async ({
      page,
    }) => {
      await registerApi(page.request, base, freshName('ps'));
      await page.goto(`${base}/upgrades/`);
      const [cheapest] = await usableByPrice(page, base);
      await choose(page, cheapest, 2);

      // In another tab the player starts a 24-hour break, after the confirmation step.
      const tab = await page.context().newPage();
      await tab.goto(`${base}/upgrades/`);
      await tab.getByTestId('header-settings').click();
      await expect(tab.getByTestId('cool-off')).toBeVisible();
      await expectAccessible(tab, 'settings');
      await tab.getByTestId('cool-off-24h').click();
      await tab.getByTestId('cool-off-start').click();
      await expect(tab.getByTestId('cool-off-confirm')).toBeFocused();
      await expectAccessible(tab, 'settings, confirming a break');
      await tab.getByTestId('cool-off-confirm-yes').click();
      const status = tab.getByTestId('cool-off-status');
      await expect(status).toBeVisible();
      const limits = (await (await page.request.get(`${base}/api/account/limits`)).json()) as LimitsResponse;
      const until = limits.cool_off_until!;
      await expect(status).toHaveAttribute('data-until', until);
      await expect(status).toContainText(formatDateTime(lang, Date.parse(until)));
      await expectAccessible(tab, 'settings, a break running');
      await tab.close();

      // The first tab still offers Play; the server refuses the game, naming the end of the break.
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/upgrade/upgrade_items'));
      await page.getByTestId('play').click();
      const refusal = await answered;
      expect(refusal.status()).toBe(403);
      const body = (await refusal.json()) as { msg: string; until: string };
      expect(body).toEqual({ status: false, msg: msg.self_excluded.replace('{until}', minutesUtc(until)), until });
      await expect(page.getByTestId('error-notice')).toContainText(body.msg);
      // Then the page says when play is possible again, instead of offering Play; the item is still the player's.
      const note = page.getByTestId('play-excluded');
      await expect(note).toContainText(formatDateTime(lang, Date.parse(until)));
      // Play's button is gone: focus came to the note, not the document.
      await expect(note).toBeFocused();
      await expect(page.getByTestId('play')).toHaveCount(0);
      expect((await usableByPrice(page, base)).some((i) => i.id === cheapest.id)).toBe(true);
      await page.getByTestId('notice-close').click();
      await expectAccessible(page, 'upgrades during a break');
    });

    test('a loss limit refuses the game that would pass it, with what is left; the statistics equal the history', async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await registerApi(page.request, base, freshName('pl'));
      const items = await usableByPrice(page, base);
      // One and a half times the cheapest item: the first game fits, a loss leaves less than any item.
      const limitMinor = Math.floor((toMinor(items[0].price) * 3) / 2);
      await page.goto(`${base}/${lang}/account/settings`);
      // Typed as a player of the site would: a decimal comma on the Russian one.
      const typed = toMajor(limitMinor).toFixed(2);
      await page.getByTestId('limit-loss-day-input').fill(lang === 'ru' ? typed.replace('.', ',') : typed);
      await page.getByTestId('limit-loss-day-save').click();
      await expect(page.getByTestId('limit-loss-day-amount')).toHaveAttribute(
        'data-value',
        String(toMajor(limitMinor)),
      );
      await expect(page.getByTestId('limit-loss-day-used')).toHaveAttribute('data-value', '0');

      await page.getByRole('link', { name: BACK[lang] }).click();
      await page.getByTestId('fast-spin').click();
      // Games of the cheapest item left against a target ten times dearer (most are lost) until one is refused.
      let refused: { msg: string; left: number; resets_at: string } | null = null;
      for (let n = 0; n < 12 && !refused; n++) {
        const [item] = await usableByPrice(page, base);
        await choose(page, item, 10);
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/upgrade/upgrade_items'));
        await page.getByTestId('play').click();
        const res = await answered;
        if (res.status() === 403) {
          refused = await res.json();
          break;
        }
        expect(res.status(), await res.text()).toBe(200);
        await expect(resultPanel(page)).toBeVisible({ timeout: 30_000 });
        await page.getByTestId('return').click();
      }
      expect(refused, 'no game was refused in 12').not.toBeNull();
      // What is left is the limit less today's stakes net of the value won, by the player's own history.
      const games = await history(page, base);
      const usedMinor = sumMinor(games, (g) => g.stake) - sumMinor(games, (g) => (g.success ? g.target_price : 0));
      const leftMinor = Math.max(0, limitMinor - usedMinor);
      expect(refused!.left).toBe(toMajor(leftMinor));
      expect(refused!.msg).toBe(
        msg.limit_reached
          .replace('{limit}', msg.limit_loss_day)
          .replace('{left}', messageMoney(lang, currency, toMajor(leftMinor)))
          .replace('{resets}', minutesUtc(refused!.resets_at)),
      );
      await expect(page.getByTestId('error-notice')).toContainText(refused!.msg);
      await expect(page.getByTestId('play')).toHaveAttribute('aria-busy', 'false');

      // The settings show the same use; the statistics the same games.
      await page.getByTestId('header-settings').click();
      await expect(page.getByTestId('limit-loss-day-used')).toHaveAttribute('data-value', String(toMajor(usedMinor)));
      await page.getByTestId('header-stats').click();
      await expect(page.getByTestId('stats-total')).toBeVisible();
      const stakeMinor = sumMinor(games, (g) => g.stake);
      const wonMinor = sumMinor(games, (g) => (g.success ? g.target_price : 0));
      for (const period of ['day', 'total'] as const) {
        await expect(page.getByTestId(`stats-${period}-games`)).toHaveAttribute('data-value', String(games.length));
        await expect(page.getByTestId(`stats-${period}-stake`)).toHaveText(fmt.money(toMajor(stakeMinor)));
        await expect(page.getByTestId(`stats-${period}-won`)).toHaveText(fmt.money(toMajor(wonMinor)));
        await expect(page.getByTestId(`stats-${period}-net`)).toHaveText(fmt.money(toMajor(wonMinor - stakeMinor)));
      }
      const wins = games.filter((g) => g.success).sort((a, b) => b.target_price - a.target_price);
      if (wins.length > 0)
        await expect(page.getByTestId('stats-biggest-check')).toHaveAttribute(
          'href',
          `/${lang}/provably_fair/roll_verifier/${wins[0].roll_id}`,
        );
      else await expect(page.getByTestId('stats-biggest-check')).toHaveCount(0);
      const stats = (await (await page.request.get(`${base}/api/account/stats`)).json()) as StatsResponse;
      expect(stats.total.games).toBe(games.length);
      await expectAccessible(page, 'statistics');
      await page.getByTestId('footer-responsible').click();
      await expect(page.getByTestId('responsible-page')).toBeVisible();
      await expectAccessible(page, 'responsible play');
    });

    test('the reality check shows after its interval, never during a game, with the session', async ({ page }) => {
      test.setTimeout(300_000);
      await page.clock.install();
      await registerApi(page.request, base, freshName('pr'));
      await page.goto(`${base}/${lang}/account/settings`);
      // The choice shows once the server has saved it.
      await page.getByTestId('reality-15').click();
      await expect(page.getByTestId('reality-15')).toBeChecked();
      await page.getByRole('link', { name: BACK[lang] }).click();
      await page.getByTestId('fast-spin').click();
      // Whether the dialog was ever in the page while a game was under way (any DOM change is looked at).
      await page.evaluate(() => {
        const w = window as unknown as { shownDuringGame: boolean };
        w.shownDuringGame = false;
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="reality-check"]') && document.querySelector('[aria-busy="true"]'))
            w.shownDuringGame = true;
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      const rolls: RollResponse[] = [];
      const play = async () => {
        const [item] = await usableByPrice(page, base);
        await choose(page, item, 2);
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/upgrade/upgrade_items'));
        await page.getByTestId('play').click();
        const body = (await (await answered).json()) as { provably_fair: { roll_id: string } };
        rolls.push(
          (await (
            await page.request.get(`${base}/api/provably_fair/roll/${body.provably_fair.roll_id}`)
          ).json()) as RollResponse,
        );
      };
      await play();
      await expect(resultPanel(page)).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('return').click();
      // 14 of the 15 minutes: nothing yet.
      await page.clock.fastForward('14:00');
      await expect(page.getByTestId('reality-check')).toHaveCount(0);
      // The check falls due while the second game is under way (the clock held so the spin waits): it waits for
      // the game's end.
      await holdClock(page);
      await play();
      await expect(page.getByTestId('play')).toHaveAttribute('aria-busy', 'true');
      await page.clock.fastForward('02:00');
      await expect(page.getByTestId('play')).toHaveAttribute('aria-busy', 'true');
      await expect(page.getByTestId('reality-check')).toHaveCount(0);
      await page.clock.resume();
      await expect(resultPanel(page)).toBeVisible({ timeout: 30_000 });
      const dialog = page.getByTestId('reality-check');
      await expect(dialog).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { shownDuringGame: boolean }).shownDuringGame)).toBe(
        false,
      );
      await expect(page.getByTestId('reality-keep')).toBeFocused();
      // The session's figures are these two games', as the server recorded them.
      const stakeMinor = rolls.reduce((t, r) => t + toMinor(r.stake), 0);
      const wonMinor = rolls.reduce((t, r) => t + (r.success ? toMinor(r.target_price) : 0), 0);
      await expect(page.getByTestId('reality-games')).toHaveAttribute('data-value', '2');
      await expect(page.getByTestId('reality-stake')).toHaveText(fmt.money(toMajor(stakeMinor)));
      await expect(page.getByTestId('reality-net')).toHaveText(fmt.money(toMajor(wonMinor - stakeMinor)));
      await expect(page.getByTestId('reality-time')).toContainText(/1[67]/);
      await expectAccessible(page, 'reality check');
      // Escape keeps playing; Stop (next time) leads to the limits.
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await page.clock.fastForward('15:01');
      await expect(dialog).toBeVisible();
      await page.getByTestId('reality-stop').click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/account/settings#limits$`));
      await expect(page.locator('#limits-title')).toBeFocused();
    });
  });
}
