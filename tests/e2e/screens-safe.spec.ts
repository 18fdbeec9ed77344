/**
 * Screenshots of the play-safe screens on each site at 1440, 390 and 320 px, saved under test-results/screens/ for a
 * person to look at: the settings (as opened, confirming a break, with a limit waiting for its raise), the statistics,
 * the responsible-play page, the upgrades page during a break, and the reality check's dialog.
 */
import { expect, test, type Page } from '@playwright/test';
import { playApiGame, registerApi } from './api.ts';
import { baseOf, freshName } from './helpers.ts';

const WIDTHS = [1440, 390, 320] as const;
const LANG = { cs: 'en', dota: 'en', ru: 'ru' } as const;

async function shootWidths(page: Page, site: string, state: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    await page.screenshot({ path: `test-results/screens/${site}-${state}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const site of ['cs', 'dota', 'ru'] as const) {
  test(`${site}: screenshots of the play-safe screens`, async ({ page }) => {
    test.setTimeout(300_000);
    const base = baseOf(site);
    const lang = LANG[site];
    await page.clock.install();
    await page.setViewportSize({ width: 1440, height: 900 });
    await registerApi(page.request, base, freshName(`shs${site}`));
    await playApiGame(page.request, base);
    await playApiGame(page.request, base);

    await page.goto(`${base}/${lang}/account/settings`);
    await expect(page.getByTestId('limit-loss-day')).toBeVisible();
    await shootWidths(page, site, 'settings');

    await page.getByTestId('limit-loss-week-input').fill('5');
    await page.getByTestId('limit-loss-week-save').click();
    await expect(page.getByTestId('limit-loss-week-amount')).toHaveAttribute('data-value', '5');
    await page.getByTestId('limit-loss-week-input').fill('25');
    await page.getByTestId('limit-loss-week-save').click();
    await expect(page.getByTestId('limit-loss-week-pending')).toBeVisible();
    await page.getByTestId('cool-off-30d').click();
    await page.getByTestId('cool-off-start').click();
    await expect(page.getByTestId('cool-off-confirm')).toBeVisible();
    await shootWidths(page, site, 'settings-confirm');

    await page.getByTestId('header-stats').click();
    await expect(page.getByTestId('stats-total-games')).toHaveAttribute('data-value', '2');
    await shootWidths(page, site, 'stats');

    await page.getByTestId('footer-responsible').click();
    await expect(page.getByTestId('responsible-help')).toBeVisible();
    await shootWidths(page, site, 'responsible');

    // The reality check: 15 minutes, one game through the page, the clock moved past the interval.
    await page.goto(`${base}/${lang}/account/settings`);
    await page.getByTestId('reality-15').click();
    await expect(page.getByTestId('reality-15')).toBeChecked();
    await page.goto(`${base}/upgrades/`);
    await page.getByTestId('fast-spin').click();
    const index = await (await page.request.post(`${base}/api/upgrade/index`)).json();
    const cheapest = (index.inventory as { id: number; name: string; price: number; type_prize: number }[])
      .filter((i) => i.type_prize !== 13)
      .sort((a, b) => a.price - b.price)[0];
    await page.getByTestId('search-left').fill(cheapest.name);
    await page.getByTestId(`inv-item-${cheapest.id}`).click();
    await page.getByTestId('multiplier-2').click();
    await expect(page.getByTestId('play')).toHaveAttribute('aria-disabled', 'false');
    await page.getByTestId('play').click();
    await expect(page.locator('.result')).toBeVisible({ timeout: 30_000 });
    await page.clock.fastForward('15:30');
    await expect(page.getByTestId('reality-check')).toBeVisible();
    await shootWidths(page, site, 'reality-check');
    await page.keyboard.press('Escape');

    // A break: the upgrades page says until when instead of Play.
    await page.goto(`${base}/${lang}/account/settings`);
    await page.getByTestId('cool-off-7d').click();
    await page.getByTestId('cool-off-start').click();
    await page.getByTestId('cool-off-confirm-yes').click();
    await expect(page.getByTestId('cool-off-status')).toBeVisible();
    await shootWidths(page, site, 'settings-break');
    await page.goto(`${base}/upgrades/`);
    await expect(page.getByTestId('play-excluded')).toBeVisible();
    await shootWidths(page, site, 'excluded');
  });
}
