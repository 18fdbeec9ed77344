/**
 * WCAG 2.2 A/AA, measured with axe-core on each state of the page (signed out, selecting, staked, spinning, win,
 * loss, notice, seeds panel, verifier) at 1440 and 390 px, on the three sites; and what axe cannot see: the wheel's
 * name and the live region say this game's numbers, focus follows the game, the page reflows at 320 CSS px.
 */
import { expect, test, type Page } from '@playwright/test';
import type { UpgradeResponse } from '../../src/api/contract.ts';
import { holdClock, inView, overlap, reflowProblems, wcagViolations } from './a11yCheck.ts';
import { resultPanel, STATES, StateWalk, type StateName } from './a11yStates.ts';
import { baseOf, type Site } from './helpers.ts';

// The page's CSP refuses the script axe injects.
test.use({ bypassCSP: true });

/** A roll (a percent figure) as the site's locale writes it with 3 decimals. */
const rollText = (site: Site, roll: number) => (site === 'ru' ? roll.toFixed(3).replace('.', ',') : roll.toFixed(3));

/** Checks the live region and the wheel's name against the server's answer once the result shows. */
async function expectOutcomeSaid(page: Page, site: Site, body: UpgradeResponse): Promise<void> {
  const roll = rollText(site, body.provably_fair.roll);
  const announcer = page.getByTestId('announcer');
  await expect(announcer).toContainText(roll);
  if (body.success === 1) await expect(announcer).toContainText(body.item);
  await expect(page.getByTestId('wheel-figure')).toHaveAttribute('aria-label', new RegExp(roll.replace('.', '\\.')));
  // Focus went from Play into the panel, whose heading is on screen.
  expect(await resultPanel(page).evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
}

/** The widths each state is checked at: the wide layout and the narrow one (tabs for the two lists). */
const WIDTHS = [1440, 390] as const;
const sizeOf = (width: number) => ({ width, height: width > 1000 ? 900 : 844 });

// Every state on every site: they differ in texts, locale, rarities, the BP controls (Dota) and the result panels.
// One walk per site; each state is checked at both widths (the page re-lays itself out, the state stays).
for (const site of ['cs', 'dota', 'ru'] as const) {
  test(`${site} at ${WIDTHS.join(' and ')} px: no WCAG 2.2 A/AA violation in ${STATES.join(', ')}`, async ({
    page,
  }) => {
    // The work of the two walks it replaces (one per width), on a shared 2-core machine.
    test.setTimeout(1_800_000);
    await page.setViewportSize(sizeOf(WIDTHS[0]));
    // A spin is held mid-way by pausing the page's clock while axe looks at it.
    await page.clock.install();
    const walk = new StateWalk(page, baseOf(site), site);
    const found: Record<string, string[]> = {};
    const check = async (state: StateName, held = false) => {
      for (const width of WIDTHS) {
        await page.setViewportSize(sizeOf(width));
        found[`${state} at ${width}`] = await wcagViolations(page, held);
      }
      await page.setViewportSize(sizeOf(WIDTHS[0]));
    };

    await walk.signedOut();
    await check('signed-out');
    await walk.signIn();
    await check('selecting');
    await walk.stake();
    await check('staked');
    const body = await walk.spin();
    await holdClock(page);
    // Play keeps focus through the spin; the wheel's name says the game's chance and winning side.
    await expect(page.getByTestId('play')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('wheel-figure')).toHaveAttribute(
      'aria-label',
      new RegExp(`${rollText(site, body.provably_fair.chance).replace('.', '\\.')}`),
    );
    await check('spinning', true);
    await page.clock.resume();
    await walk.landed();
    await expectOutcomeSaid(page, site, body);
    await walk.back();
    for (const outcome of ['win', 'loss'] as const) {
      const games: UpgradeResponse[] = [];
      const listen = async (r: import('@playwright/test').Response) => {
        if (r.url().endsWith('/api/upgrade/upgrade_items')) games.push((await r.json()) as UpgradeResponse);
      };
      page.on('response', listen);
      await walk.playFor(outcome);
      page.off('response', listen);
      await expect.poll(() => games.length).toBeGreaterThan(0);
      await expectOutcomeSaid(page, site, games[games.length - 1]);
      await check(outcome);
      await walk.back();
    }
    await walk.notice();
    await check('notice');
    await walk.seeds();
    await check('seeds');
    await walk.verifier();
    await expect(page.locator('h1')).toHaveCount(1);
    await check('verifier');
    expect(found).toEqual(Object.fromEntries(STATES.flatMap((s) => WIDTHS.map((w) => [`${s} at ${w}`, []]))));
  });
}

test.describe('reflow at 320 CSS px (400 % zoom of 1280 x 1024)', () => {
  test.use({ viewport: { width: 320, height: 256 } });

  for (const site of ['cs', 'ru'] as const) {
    test(`${site}: no sideways scroll, the result in view, a notice leaves Play visible`, async ({ page }) => {
      test.setTimeout(600_000);
      const walk = new StateWalk(page, baseOf(site), site);
      await walk.signedOut();
      expect(await reflowProblems(page)).toEqual([]);
      await walk.signIn();
      expect(await reflowProblems(page)).toEqual([]);
      await walk.stake();
      expect(await reflowProblems(page)).toEqual([]);
      await walk.spin();
      await walk.landed();
      // The panel scrolled into view with its heading focused.
      await expect(resultPanel(page).locator('h2')).toBeFocused();
      expect(await inView(page, '.result__title')).toBe(true);
      expect(await reflowProblems(page)).toEqual([]);
      await walk.back();
      await walk.notice();
      await page.getByTestId('play').focus();
      expect(await overlap(page, '[data-testid="play"]', '[data-testid="error-notice"]')).toBe(false);
      expect(await reflowProblems(page)).toEqual([]);
    });
  }
});

test('a slow network: the targets say they are loading, the wheel says it waits for the roll', async ({ page }) => {
  test.setTimeout(300_000);
  const base = baseOf('cs');
  // The page's data call held back (as on Slow 3G): the first screen's cells wait, and say so.
  let releaseIndex = () => {};
  const indexHeld = new Promise<void>((resolve) => (releaseIndex = resolve));
  await page.route('**/api/upgrade/index', async (route) => {
    await indexHeld;
    await route.continue();
  });
  await page.goto(`${base}/upgrades/`);
  await expect(page.getByTestId('targets-preview')).toBeVisible();
  await expect(page.locator('section.panel--right')).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('[data-testid^="target-item-"]').first()).toBeDisabled();
  releaseIndex();
  await expect(page.getByTestId('targets-preview')).toHaveCount(0);
  await expect(page.locator('[data-testid^="target-item-"]').first()).toBeEnabled();
  await page.unrouteAll();

  const walk = new StateWalk(page, base, 'cs');
  await walk.signIn();
  await walk.stake();
  // The upgrade request held back: Play keeps focus, the still wheel is busy and says why.
  let releasePlay = () => {};
  const playHeld = new Promise<void>((resolve) => (releasePlay = resolve));
  await page.route('**/api/upgrade/upgrade_items', async (route) => {
    await playHeld;
    await route.continue();
  });
  await page.getByTestId('play').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('wheel-waiting')).toBeVisible();
  await expect(page.getByTestId('wheel-figure')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('wheel-figure')).toHaveAttribute('aria-label', /waiting/);
  await expect(page.getByTestId('announcer')).toContainText('waiting for the roll');
  await expect(page.getByTestId('play')).toBeFocused();
  releasePlay();
  await expect(page.getByTestId('wheel-waiting')).toHaveCount(0);
  await walk.landed();
  await expect(resultPanel(page).locator('h2')).toBeFocused();
});
