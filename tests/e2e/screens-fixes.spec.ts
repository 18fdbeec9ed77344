/**
 * Screenshots of the states a demanding player's report named, on each site at 1440, 390 and 320 px, saved under
 * test-results/shots/ for a person to look at: an amount typed above the balance, a mixed stake with its lit
 * multiplier, the live strip on phones, the history, a game's verifier with its public log line, and the audit.
 * Each state is checked for what it must show before it is saved.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { IndexResponse } from '../../src/api/contract.ts';
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

test.describe.configure({ timeout: 300_000 });

for (const site of ['cs', 'dota', 'ru'] as const) {
  test(`${site}: screenshots of the balance field, multipliers, live strip, history, verifier and audit`, async ({
    page,
  }) => {
    const base = baseOf(site);
    const lang = LANG[site];
    await page.setViewportSize({ width: 1440, height: 900 });
    await registerThroughPage(page, base, freshName(`shots${site}`));

    // A balance: the only way a new player gets one is selling an item.
    const index = (await (await page.request.post(`${base}/api/upgrade/index`)).json()) as IndexResponse;
    const items = (index.inventory ?? []).filter((i) => i.type_prize !== 13).sort((a, b) => b.price - a.price);
    let sold = false;
    for (const item of items) {
      if ((await page.request.post(`${base}/api/inventory/sell`, { form: { id: String(item.id) } })).ok()) {
        sold = true;
        break;
      }
    }
    expect(sold).toBe(true);
    await page.reload();
    await expect(page.getByTestId('balance')).not.toHaveAttribute('data-value', '0');

    // An amount above the balance, typed one key at a time: kept as typed, the field says it is too much.
    const field = page.getByTestId('balance-stake');
    await field.click();
    await field.pressSequentially('99999');
    await expect(field).toHaveValue('99999');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await atWidths(page, `${site}-balance-over`, WIDTHS);
    await atWidths(page, `${site}-balance-over-field`, WIDTHS, () => page.locator('.balance-stake'));

    // A mixed stake: the cheapest item shown and a quarter of the balance, x2 chosen and lit.
    await field.fill('');
    await usableItems(page).last().click();
    await page.getByTestId('balance-25').click();
    await page.getByTestId('multiplier-2').click();
    await expect(page.getByTestId('multiplier-2')).toHaveAttribute('aria-pressed', 'true');
    // The dearer target nearest twice the stake: x2 or a hair above it, as the catalogue's prices fall.
    await expect(page.getByTestId('multiplier')).toHaveAttribute('data-value', /^2(\.0\d)?$/);
    await expect(page.locator('[data-testid^="target-item-"][aria-pressed="true"]')).toHaveCount(1);
    await atWidths(page, `${site}-mixed-stake`, WIDTHS);
    await atWidths(page, `${site}-mixed-stake-game`, WIDTHS, () => page.locator('section.game'));

    // A game played, so the strip, the history and the verifier have one to show.
    const game = await playApiGame(page.request, base);
    const rollId = game.provably_fair.roll_id;
    await page.reload();
    await expect(page.locator(`[data-testid="live-game"][data-roll-id="${rollId}"]`)).toHaveCount(1);
    await atWidths(page, `${site}-live`, [390, 320], () => page.getByTestId('live-strip'));

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
