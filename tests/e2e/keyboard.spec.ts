/**
 * A whole game with the keyboard alone (sign in, stake, target, multiplier, mirror, play, read the result,
 * return) on each site: every step is a key press, and a sampler reading `document.activeElement` on every frame
 * checks that focus never falls to the document, that Play keeps it through the spin and the result panel takes it.
 */
import { expect, test, type Page } from '@playwright/test';
import type { UpgradeResponse } from '../../src/api/contract.ts';
import { resultPanel } from './a11yStates.ts';
import { baseOf, freshName, type Site } from './helpers.ts';

/** Presses `key` until the focused element matches `selector` (at most `max` presses). */
async function pressUntil(page: Page, key: 'Tab' | 'Shift+Tab', selector: string, max = 150): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} ${max} times never reached ${selector}`);
}

/** Starts recording, on every frame, each moment focus rests on the document body, with what the page showed. */
async function watchFocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { focusDrops: string[] };
    w.focusDrops = [];
    const frame = () => {
      const active = document.activeElement;
      if (!active || active === document.body)
        w.focusDrops.push(`${Math.round(performance.now())} ms: ${document.querySelector('main')?.className ?? ''}`);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const focusDrops = (page: Page) => page.evaluate(() => (window as unknown as { focusDrops: string[] }).focusDrops);

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');

for (const site of ['cs', 'dota', 'ru'] as const satisfies readonly Site[]) {
  test(`${site}: a game with the keyboard alone; focus never falls to the document`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseOf(site)}/upgrades/`);
    await expect(page.locator('[data-testid^="target-item-"]').first()).toBeEnabled();

    // The skip links come first; the sign-in form is reached by Tab.
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('skip-left-title')).toBeFocused();
    await watchFocus(page);
    await pressUntil(page, 'Tab', '[data-testid="sign-in-mode"]');
    await page.keyboard.press('Enter');
    await pressUntil(page, 'Shift+Tab', '[data-testid="sign-in-username"]');
    const name = freshName(`kb${site}`);
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.type('keyboard-pass-1');
    // The 18+ box follows the password; Enter in the password field then submits.
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('sign-in-age')).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');

    // Signed in, focus follows to the first item that can be staked.
    await expect(page.getByTestId('user-name')).toHaveText(name);
    await expect(page.locator('[data-testid^="inv-item-"]:focus')).toHaveCount(1);

    // Cheapest first (the sort toggle is before the cells), then stake the first usable item.
    await pressUntil(page, 'Shift+Tab', '[data-testid="sort-left"]');
    await page.keyboard.press('Enter');
    await pressUntil(page, 'Tab', '[data-testid^="inv-item-"]:not(.cell--locked)');
    const staked = await focusedTestId(page);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId(staked)).toHaveAttribute('aria-pressed', 'true');

    // Dota lists Battle Pass levels only by default, all dearer than x2 of a cheap stake: its checkbox, by key.
    if (site === 'dota') {
      await pressUntil(page, 'Tab', '[data-testid="bp-mode"]');
      await page.keyboard.press('Space');
      await expect(page.getByTestId('bp-mode')).not.toBeChecked();
    }
    // A target by its cell, then a multiplier (which picks the cheapest target at that ratio), then the mirror.
    await pressUntil(page, 'Tab', '[data-testid^="target-item-"]');
    const firstTarget = await focusedTestId(page);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId(firstTarget)).toHaveAttribute('aria-pressed', 'true');
    await pressUntil(page, 'Shift+Tab', '[data-testid="multiplier-2"]');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('multiplier-2')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-testid^="target-item-"][aria-pressed="true"]')).toHaveCount(1);
    await pressUntil(page, 'Tab', '[data-testid="mirror"]');
    await page.keyboard.press('Space');
    await expect(page.getByTestId('mirror')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('wheel-figure')).toHaveAttribute('aria-label', /\d.*\d/);

    // Play; focus stays on it through the spin, then the result's heading takes it.
    await pressUntil(page, 'Tab', '[data-testid="play"]');
    await expect(page.getByTestId('play')).toHaveAttribute('aria-disabled', 'false');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/upgrade/upgrade_items'));
    await page.keyboard.press('Enter');
    const game = (await (await answer).json()) as UpgradeResponse;
    expect(game.status, JSON.stringify(game)).toBe(true);
    expect(game.provably_fair.roll_under).toBe(0);
    await expect(page.getByTestId('play')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('play')).toBeFocused();
    // A second Enter during the spin does nothing (aria-disabled, guarded).
    await page.keyboard.press('Enter');
    const panel = resultPanel(page);
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel.locator('h2')).toBeFocused();

    // Read the result: the heading and the live region say this game's outcome and roll.
    const roll =
      site === 'ru' ? game.provably_fair.roll.toFixed(3).replace('.', ',') : game.provably_fair.roll.toFixed(3);
    await expect(page.getByTestId('announcer')).toContainText(roll);
    if (game.success === 1) await expect(page.getByTestId('announcer')).toContainText(game.item);
    await expect(panel).toHaveAttribute(
      'data-testid',
      site === 'cs' ? 'result-panel' : game.success ? 'win-panel' : 'loss-panel',
    );

    // Return: focus goes on to the next step (an item to stake, Play disabled with nothing staked).
    await pressUntil(page, 'Tab', '[data-testid="return"]');
    await page.keyboard.press('Enter');
    await expect(panel).toHaveCount(0);
    await expect(page.locator('[data-testid^="inv-item-"]:focus, [data-testid="play"]:focus')).toHaveCount(1);

    // A notice: Escape closes it and focus is where it was.
    await pressUntil(page, 'Shift+Tab', '[data-testid="multiplier-2"]');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('error-notice')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('error-notice')).toHaveCount(0);
    await expect(page.getByTestId('multiplier-2')).toBeFocused();

    // Sign out: focus goes to the sign-in button.
    await pressUntil(page, 'Shift+Tab', '[data-testid="sign-out"]');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sign-in-submit')).toBeFocused();

    expect(await focusDrops(page)).toEqual([]);
  });
}
