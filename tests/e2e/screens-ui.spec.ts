/**
 * Screenshots of the states the page's numbers, pictures and layout show, on each site at 1440, 390 and 320 px,
 * saved under test-results/screens/ for a person to look at (CI keeps them as artifacts). Each state is reached as a
 * player would, and checked for what it must show before it is saved.
 */
import { expect, test, type Page } from '@playwright/test';
import { baseOf, freshName, registerThroughPage, usableItems } from './helpers.ts';

const WIDTHS = [1440, 390, 320] as const;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** Every width: the page as it is now, and on narrow screens the targets' tab too. */
async function shootWidths(page: Page, site: string, state: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    await shoot(page, `${site}-${state}-${width}`);
    if (width < 1200) {
      await page.getByTestId('tab-right').click();
      await expect(page.getByTestId('grid-right')).toBeVisible();
      await expect(page.getByTestId('grid-left')).toBeHidden();
      await shoot(page, `${site}-${state}-${width}-targets`);
      await page.getByTestId('tab-left').click();
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const site of ['cs', 'dota', 'ru'] as const) {
  test(`${site}: screenshots of selecting, result, seeds and load error`, async ({ page, browser }) => {
    const base = baseOf(site);
    await page.setViewportSize({ width: 1440, height: 900 });
    await registerThroughPage(page, base, freshName(`shot${site}`));

    await page.getByTestId('sort-left').click();
    await usableItems(page).first().click();
    await page.getByTestId('multiplier-2').click();
    await page.getByTestId('mirror').click();
    await expect(page.getByTestId('mirror')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('win-range')).toBeVisible();
    // Only the button the multiplier reads is highlighted.
    const on = page.locator('[data-testid^="multiplier-"][aria-pressed="true"]');
    await expect(on).toHaveCount((await page.getByTestId('multiplier').textContent()) === 'x2' ? 1 : 0);
    await page.waitForTimeout(1200); // the counters' 1 s animation, so the shot shows the settled figures
    await shootWidths(page, site, 'selecting');

    await page.getByTestId('play').click();
    await expect(page.locator('.result')).toBeVisible({ timeout: 30_000 });
    await shootWidths(page, site, 'result');
    await page.getByTestId('return').click();

    await page.getByTestId('fair-seeds').locator('summary').click();
    await expect(page.getByTestId('seed-panel')).toBeVisible();
    await shootWidths(page, site, 'seeds');

    // The index call failing: the error screen in the site's language.
    const visitor = await browser.newPage();
    await visitor.route('**/api/upgrade/index', (route) => route.abort('failed'));
    for (const width of [1440, 390] as const) {
      await visitor.setViewportSize({ width, height: 844 });
      await visitor.goto(`${base}/upgrades/`);
      await expect(visitor.getByTestId('load-error')).toBeVisible();
      await shoot(visitor, `${site}-load-error-${width}`);
    }
    await visitor.close();
  });
}
