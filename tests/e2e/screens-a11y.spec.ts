/**
 * Screenshots of each state on each site at 1440, 390 and 320 px (400 % zoom of 1280 x 1024), saved under
 * test-results/screens/ (and attached to the report) for a person to look at: layout, reflow, the focus ring.
 * Each shot shows the focused element in view, as the player would see it.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { holdClock } from './a11yCheck.ts';
import { StateWalk, type StateName } from './a11yStates.ts';
import { baseOf } from './helpers.ts';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
  { width: 320, height: 256 },
] as const;

/** Saves the state at every size, then puts the first size back. */
async function shoot(page: Page, testInfo: TestInfo, site: string, state: StateName): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => {
      const active = document.activeElement;
      if (active && active !== document.body) active.scrollIntoView({ block: 'center' });
    });
    const path = `test-results/screens/${site}-${state}-${size.width}.png`;
    await page.screenshot({ path, animations: 'disabled' });
    await testInfo.attach(`${site}-${state}-${size.width}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize(SIZES[0]);
}

for (const site of ['cs', 'dota', 'ru'] as const) {
  test(`${site}: screenshots of each state at 1440, 390 and 320 px`, async ({ page }, testInfo) => {
    test.setTimeout(900_000);
    await page.setViewportSize(SIZES[0]);
    await page.clock.install();
    const walk = new StateWalk(page, baseOf(site), site);
    await walk.signedOut();
    await shoot(page, testInfo, site, 'signed-out');
    await walk.signIn();
    await shoot(page, testInfo, site, 'selecting');
    await walk.stake();
    await page.getByTestId('play').focus();
    await shoot(page, testInfo, site, 'staked');
    await walk.spin();
    await holdClock(page);
    await shoot(page, testInfo, site, 'spinning');
    await page.clock.resume();
    await walk.landed();
    await walk.back();
    for (const outcome of ['win', 'loss'] as const) {
      await walk.playFor(outcome);
      await shoot(page, testInfo, site, outcome);
      await walk.back();
    }
    await walk.notice();
    await shoot(page, testInfo, site, 'notice');
    await walk.seeds();
    await page.getByTestId('seed-nonce').scrollIntoViewIfNeeded();
    await page.getByTestId('fair-seeds').locator('summary').focus();
    await shoot(page, testInfo, site, 'seeds');
    await walk.verifier();
    await shoot(page, testInfo, site, 'verifier');
    await expect(page.locator('h1')).toHaveCount(1);
  });
}
