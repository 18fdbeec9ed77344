/**
 * Screenshots of the states a demanding player's report named, on each site at 1440, 390 and 320 px, saved under
 * test-results/shots/ for a person to look at: the inventory's sell buttons and a sale, a stake with no target (no
 * chip lit), an amount typed above the balance, a mixed stake with its lit multiplier, offline at Play, a result,
 * the error screen, the skip link on a phone, the live strip, the history, a game's verifier with its public log
 * line, and the audit.
 * Each state is checked for what it must show before it is saved.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { playApiGame } from './api.ts';
import { baseOf, freshName, registerThroughPage, usableItems, type Site } from './helpers.ts';

const WIDTHS = [1440, 390, 320] as const;
const LANG: Record<Site, 'en' | 'ru'> = { cs: 'en', dota: 'en', ru: 'ru' };

async function shoot(page: Page, name: string, part?: Locator): Promise<void> {
  const path = `test-results/shots/${name}.png`;
  if (part) await part.screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
}

async function atWidths(page: Page, name: string, widths: readonly number[], part?: () => Locator) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    // Layout and the counters' 1 s animation settle before the picture.
    await page.waitForTimeout(1200);
    await shoot(page, `${name}-${width}`, part?.());
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe.configure({ timeout: 900_000 });

for (const site of ['cs', 'dota', 'ru'] as const) {
  test(`${site}: screenshots of the balance field, multipliers, sale, offline, result, error, strip, fair pages`, async ({
    page,
    context,
  }) => {
    const base = baseOf(site);
    const lang = LANG[site];
    await page.setViewportSize({ width: 1440, height: 900 });
    await registerThroughPage(page, base, freshName(`shots${site}`));

    // The inventory's own sell buttons, then a sale through one: the balance it feeds and the notice.
    await atWidths(page, `${site}-sell-buttons`, WIDTHS, () => page.locator('#panel-left'));
    // The cheapest shown: the balance stays below the 99,999 typed further down on every site.
    const cheapest = usableItems(page).last();
    const soldId = (await cheapest.getAttribute('data-testid'))!.replace('inv-item-', '');
    await page.getByTestId(`inv-sell-${soldId}`).click();
    await expect(page.getByTestId(`inv-item-${soldId}`)).toHaveCount(0);
    await expect(page.getByTestId('balance')).not.toHaveAttribute('data-value', '0');
    await expect(page.getByTestId('balance-stake')).toBeFocused();
    await atWidths(page, `${site}-sold`, WIDTHS);
    await page.getByTestId('notice-close').click();

    // A balance-only stake with no target: the label reads the selected x1.2, no chip is lit.
    const field = page.getByTestId('balance-stake');
    await page.getByTestId('balance-25').click();
    await expect(page.locator('[data-testid^="multiplier-"][aria-pressed="true"]')).toHaveCount(0);
    await atWidths(page, `${site}-no-target`, WIDTHS, () => page.locator('section.game'));

    // An amount above the balance, typed one key at a time beside a staked item and a target: kept as typed, the
    // field says it is too much, the summary stakes the item alone and Play says why it is off.
    await field.fill('');
    await usableItems(page).last().click();
    await page.getByTestId('multiplier-2').click();
    await expect(page.locator('[data-testid^="target-item-"][aria-pressed="true"]')).toHaveCount(1);
    await field.click();
    await field.fill('');
    await field.pressSequentially('99999');
    await expect(field).toHaveValue('99999');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('play-blocked')).toBeVisible();
    await atWidths(page, `${site}-balance-over`, WIDTHS);
    await atWidths(page, `${site}-balance-over-field`, WIDTHS, () => page.locator('.balance-stake'));
    await atWidths(page, `${site}-balance-over-game`, WIDTHS, () => page.locator('section.game'));

    // A mixed stake: the cheapest item shown and a quarter of the balance, x2 chosen and lit.
    await field.fill('');
    await page.getByTestId('balance-25').click();
    await page.getByTestId('multiplier-2').click();
    await expect(page.getByTestId('multiplier-2')).toHaveAttribute('aria-pressed', 'true');
    // The cheapest target at twice the stake or more: x2 or above it, as the catalogue's prices fall (Dota's
    // levels-only list is sparse), and the label is that target over the whole stake.
    await expect(page.getByTestId('multiplier')).toHaveAttribute('data-value', /^(?!1\.|0)\d/);
    const ratio = Number(await page.getByTestId('multiplier').getAttribute('data-value'));
    const stakeShown = Number(await page.getByTestId('stake-total').getAttribute('data-value'));
    const targetShown = Number(await page.getByTestId('target-price').getAttribute('data-value'));
    expect(Math.abs(ratio - targetShown / stakeShown)).toBeLessThan(0.01);
    await expect(page.locator('[data-testid^="target-item-"][aria-pressed="true"]')).toHaveCount(1);
    await atWidths(page, `${site}-mixed-stake`, WIDTHS);
    await atWidths(page, `${site}-mixed-stake-game`, WIDTHS, () => page.locator('section.game'));

    // Offline at Play: the page's own notice, nothing staked, the selection kept.
    await context.setOffline(true);
    await page.getByTestId('play').click();
    await expect(page.getByTestId('error-notice')).toBeVisible();
    await expect(page.getByTestId('load-error')).toHaveCount(0);
    await atWidths(page, `${site}-offline`, WIDTHS);
    await context.setOffline(false);
    await expect(page.getByTestId('play')).toHaveAttribute('aria-disabled', 'false', { timeout: 20_000 });

    // A game through the page, fast: its result, from which Sign out now works (checked in play-defects).
    await page.getByTestId('fast-spin').click();
    await page.getByTestId('play').click();
    await expect(
      page.locator('[data-testid=result-panel], [data-testid=win-panel], [data-testid=loss-panel]'),
    ).toBeVisible({
      timeout: 30_000,
    });
    await atWidths(page, `${site}-result`, WIDTHS);
    await page.getByTestId('return').click();

    // The error screen under the header, whose Sign out now works.
    await page.route('**/api/upgrade/index', (route) => route.abort('connectionfailed'));
    await page.getByTestId('clear').click();
    await expect(page.getByTestId('load-error')).toBeVisible();
    await atWidths(page, `${site}-error`, WIDTHS);
    await page.unroute('**/api/upgrade/index');
    await page.getByTestId('retry').click();
    await expect(page.getByTestId('play')).toBeVisible();

    // The skip link on a phone shows the targets tab.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('skip-right-title').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#right-title')).toBeFocused();
    await atWidths(page, `${site}-skip-targets`, [390, 320]);

    // A game played, so the strip, the history and the verifier have one to show.
    const game = await playApiGame(page.request, base);
    const rollId = game.provably_fair.roll_id;
    await page.reload();
    await expect(page.locator(`[data-testid="live-game"][data-roll-id="${rollId}"]`)).toHaveCount(1);
    await atWidths(page, `${site}-live`, WIDTHS, () => page.getByTestId('live-strip'));

    await page.getByTestId('fair-seeds').locator('summary').click();
    await expect(page.getByTestId('history-game').first()).toBeVisible();
    await atWidths(page, `${site}-history`, WIDTHS, () => page.getByTestId('fair-seeds'));

    await page.goto(`${base}/${lang}/provably_fair/roll_verifier/${rollId}`);
    await expect(page.getByTestId('verify-game')).toBeVisible();
    await expect(page.getByTestId('log-inclusion')).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
    await atWidths(page, `${site}-verifier`, WIDTHS);

    await page.goto(`${base}/${lang}/provably_fair/audit`);
    await page.getByTestId('audit-window-all').click();
    await expect(page.getByTestId('audit-figures')).toHaveAttribute('data-window', 'all');
    await expect(page.getByTestId('audit-series-table')).toBeVisible();
    await expect(page.getByTestId('audit-log')).toBeVisible();
    await atWidths(page, `${site}-audit`, WIDTHS);
    await atWidths(page, `${site}-audit-log`, WIDTHS, () => page.getByTestId('audit-log'));
    await atWidths(page, `${site}-audit-series`, WIDTHS, () => page.locator('.audit-series'));
  });
}
