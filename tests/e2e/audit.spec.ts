/**
 * The fairness audit page in Chromium on the cs (English) and ru (Russian) variants: after real games played
 * through the API, the page's figures, band table, chart rows and return-over-time points are the API's, the
 * window switch refetches, the page says how many games wait for their seed, and the verifier links to it.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AuditResponse } from '../../src/api/auditContract.ts';
import { attachScreenshot, baseOf, freshName } from './helpers.ts';
import { playApiGame, registerApi } from './api.ts';

const CASES = [
  { site: 'cs', lang: 'en', locale: 'en-US' },
  { site: 'ru', lang: 'ru', locale: 'ru-RU' },
] as const;

/** The API's audit once the rollup has had time to run: the answer the page must show. */
async function apiAudit(page: Page, base: string, window: string): Promise<AuditResponse> {
  const res = await page.request.get(`${base}/api/provably_fair/audit?window=${window}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as AuditResponse;
}

/** The page shows exactly this answer: figures, band rows, chart rows and the series. */
async function expectShows(page: Page, api: AuditResponse, locale: string) {
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  await expect(page.getByTestId('audit-figures')).toHaveAttribute('data-window', api.window);
  await expect(page.getByTestId('audit-games')).toHaveAttribute('data-value', String(api.games));
  await expect(page.getByTestId('audit-games').locator('dd')).toHaveText(integer.format(api.games));
  await expect(page.getByTestId('audit-wins').locator('dd')).toHaveText(integer.format(api.wins));
  await expect(page.getByTestId('audit-stake')).toHaveAttribute('data-value', String(api.stake_minor));
  await expect(page.getByTestId('audit-payout')).toHaveAttribute('data-value', String(api.payout_minor));
  await expect(page.getByTestId('audit-rtp').locator('dd')).toHaveText(percent.format(api.rtp!));
  await expect(page.getByTestId('audit-expected-rtp').locator('dd')).toHaveText(percent.format(api.expected_rtp!));
  await expect(page.getByTestId('audit-unrevealed')).toHaveAttribute('data-value', String(api.unrevealed_games));
  if (api.unrevealed_games > 0)
    await expect(page.getByTestId('audit-unrevealed')).toContainText(integer.format(api.unrevealed_games));
  for (const [i, b] of api.bands.entries()) {
    const row = page.getByTestId(`audit-band-${i}`);
    await expect(row.locator('[data-col=games]')).toHaveText(integer.format(b.games));
    await expect(row.locator('[data-col=wins]')).toHaveText(integer.format(b.wins));
    await expect(row.locator('[data-col=range]')).toHaveText(`${integer.format(b.low)}–${integer.format(b.high)}`);
    const bar = page.getByTestId(`audit-bar-${i}`);
    await expect(bar).toHaveAttribute('data-games', String(b.games));
    await expect(bar).toHaveAttribute('data-wins', String(b.wins));
    // A band with games is drawn: its range bar and its dot.
    await expect(bar.locator('svg rect.audit-range')).toHaveCount(b.games > 0 ? 1 : 0);
    await expect(bar.locator('svg circle')).toHaveCount(b.games > 0 ? 1 : 0);
  }
  await expect(page.getByTestId('audit-series-chart')).toHaveAttribute('data-points', String(api.series.length));
}

for (const c of CASES) {
  test(`${c.site}: the audit page shows the API's figures, chart and the games waiting for their seed`, async ({
    page,
  }, testInfo) => {
    const base = baseOf(c.site);
    await registerApi(page.request, base, freshName(`au${c.site}`));
    for (let i = 0; i < 4; i++) await playApiGame(page.request, base);
    // The rollup adds games about every second; the figures are the same before and after it, so no wait is needed.
    await page.goto(`${base}/${c.lang}/provably_fair/audit`);
    await expect(page.getByTestId('audit-page')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', c.lang);
    await expectShows(page, await apiAudit(page, base, '24h'), c.locale);
    const unrevealed = await apiAudit(page, base, '24h');
    expect(unrevealed.unrevealed_games).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId('audit-bands-chart')).toBeVisible();

    await page.getByTestId('audit-window-all').click();
    await expect(page.getByTestId('audit-window-all')).toHaveAttribute('aria-pressed', 'true');
    await expectShows(page, await apiAudit(page, base, 'all'), c.locale);

    // Rotating reveals the seed: its games are exported and no longer counted as waiting.
    expect((await page.request.post(`${base}/api/provably_fair/rotate`)).status()).toBe(200);
    // The figures may be up to AUDIT_CACHE_MS old.
    await expect
      .poll(async () => (await apiAudit(page, base, 'all')).unrevealed_games)
      .toBeLessThanOrEqual(unrevealed.unrevealed_games - 4);
    await page.reload();
    await page.getByTestId('audit-window-all').click();
    const after = await apiAudit(page, base, 'all');
    expect(after.unrevealed_games).toBe(unrevealed.unrevealed_games - 4);
    await expectShows(page, after, c.locale);

    for (const width of [1440, 390, 320]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      // Every figure of the bands table is on screen, not behind a scroll (a phone stacks each band).
      const cut = await page
        .getByTestId('audit-bands-table')
        .locator('th, td')
        .evaluateAll((cells) => cells.filter((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5).length);
      expect(cut, `bands table cells cut at ${width} px`).toBe(0);
      await attachScreenshot(page, testInfo, `audit-${c.site}-${width}`);
    }
  });
}

test('the roll verifier links to the audit page', async ({ page }) => {
  await page.goto(`${baseOf('cs')}/en/provably_fair/roll_verifier/`);
  await page.getByTestId('audit-link').click();
  await expect(page).toHaveURL(/\/en\/provably_fair\/audit$/);
  await expect(page.getByTestId('audit-bands-chart').or(page.getByTestId('audit-empty'))).toBeVisible();
});
