/**
 * The balance in the stake, in Chromium against the real server: a player sells an item (the only way a new player
 * gets a balance), then plays a balance-only game and a game of an item plus balance to the end. Each number on
 * screen is tied to the game the server settled: the stake shown is the roll's recorded stake, the header's balance
 * is the answer's, and the debit is exactly the amount staked. The field at three widths on the three variants.
 */
import { expect, test, type Page } from '@playwright/test';
import type { IndexResponse, RollResponse, UpgradeResponse } from '../../src/api/contract.ts';
import { toMinor } from '../../src/domain/money.ts';
import { formatTypedAmount } from '../../src/site/amount.ts';
import { createFormatters } from '../../src/site/format.ts';
import { attachScreenshot, baseOf, freshName, idOf, registerThroughPage, usableItems, type Site } from './helpers.ts';

const FORMAT = {
  cs: createFormatters({ lang: 'en', currency: 'USD', chanceDecimals: 3 }),
  dota: createFormatters({ lang: 'en', currency: 'USD', chanceDecimals: 1 }),
  ru: createFormatters({ lang: 'ru', currency: 'RUB', chanceDecimals: 3 }),
};

/** Sells the player's dearest usable item through the API; the new balance in minor units. */
async function sellDearest(page: Page, base: string): Promise<{ balance: number; sold: number }> {
  const index = (await (await page.request.post(`${base}/api/upgrade/index`)).json()) as IndexResponse;
  const items = (index.inventory ?? []).filter((i) => i.type_prize !== 13).sort((a, b) => b.price - a.price);
  for (const item of items) {
    const res = await page.request.post(`${base}/api/inventory/sell`, { form: { id: String(item.id) } });
    if (res.ok()) return { balance: toMinor(((await res.json()) as { balance: number }).balance), sold: item.id };
  }
  throw new Error('no item could be sold');
}

/** The header's balance in minor units. */
async function shownBalance(page: Page): Promise<number> {
  return toMinor(Number(await page.getByTestId('balance').getAttribute('data-value')));
}

/** Plays what is chosen (fast spin on) to its result panel; the server's answer and its roll record. */
async function playToEnd(
  page: Page,
  base: string,
  balanceStake: number,
): Promise<{ answer: UpgradeResponse; roll: RollResponse }> {
  await expect(page.getByTestId('play')).toHaveAttribute('aria-disabled', 'false');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/upgrade/upgrade_items'));
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/upgrade/upgrade_items'));
  await page.getByTestId('play').click();
  const form = new URLSearchParams((await sent).postData() ?? '');
  const answer = (await (await answered).json()) as UpgradeResponse;
  expect(answer.status, JSON.stringify(answer)).toBe(true);
  await expect(page.getByTestId('result-panel')).toBeVisible({ timeout: 30_000 });
  const roll = (await (
    await page.request.get(`${base}/api/provably_fair/roll/${answer.provably_fair.roll_id}`)
  ).json()) as RollResponse;
  // What the page sent is what it showed: the amount in the field, in the API's major units.
  expect(form.get('balance_stake')).toBe((balanceStake / 100).toFixed(2));
  return { answer, roll };
}

test.describe('the balance in the stake', () => {
  test('cs: a balance-only game and a mixed one, played to the end', async ({ page }, testInfo) => {
    const base = baseOf('cs');
    const fmt = FORMAT.cs;
    await registerThroughPage(page, base, freshName('bal'));
    const { balance } = await sellDearest(page, base);
    await page.reload();
    await expect(page.getByTestId('balance')).toHaveText(fmt.money(balance / 100));
    await page.getByTestId('fast-spin').click();

    // Balance only: half of it, the multiplier picks a target twice that.
    const half = Math.floor(balance / 2);
    await page.getByTestId('balance-50').click();
    await expect(page.getByTestId('balance-stake')).toHaveValue(formatTypedAmount(half, 'en'));
    await expect(page.getByTestId('stake-total')).toHaveText(fmt.money(half / 100));
    await page.getByTestId('multiplier-2').click();
    await attachScreenshot(page, testInfo, 'balance-only-chosen');
    const first = await playToEnd(page, base, half);
    expect(toMinor(first.roll.stake)).toBe(half);
    expect(toMinor(first.answer.balance)).toBe(balance - half);
    await expect(page.getByTestId('stake-total')).toHaveText(fmt.money(half / 100));
    await expect(page.getByTestId('balance')).toHaveText(fmt.money(first.answer.balance));
    await page.getByTestId('return').click();
    await expect(page.getByTestId('balance-stake')).toHaveValue('');
    await expect(page.getByTestId('stake-total')).toHaveText(fmt.money(0));

    // Mixed: one item plus a typed amount.
    const left = await shownBalance(page);
    expect(left).toBe(balance - half);
    const cell = usableItems(page).first();
    const itemId = await idOf(cell);
    const index = (await (await page.request.post(`${base}/api/upgrade/index`)).json()) as IndexResponse;
    const itemPrice = toMinor(index.inventory!.find((i) => i.id === itemId)!.price);
    await cell.click();
    const typed = Math.min(left, 100);
    await page.getByTestId('balance-stake').fill((typed / 100).toFixed(2));
    await expect(page.getByTestId('stake-total')).toHaveText(fmt.money((itemPrice + typed) / 100));
    await page.getByTestId('multiplier-2').click();
    const second = await playToEnd(page, base, typed);
    expect(toMinor(second.roll.stake)).toBe(itemPrice + typed);
    expect(toMinor(second.answer.balance)).toBe(left - typed);
    await expect(page.getByTestId('balance')).toHaveText(fmt.money(second.answer.balance));
    await expect(page.getByTestId(`inv-item-${itemId}`)).toHaveCount(0);
    await attachScreenshot(page, testInfo, 'mixed-result');
  });

  test('cs: an amount over the balance or a typo is named and stakes nothing', async ({ page }) => {
    const base = baseOf('cs');
    const fmt = FORMAT.cs;
    await registerThroughPage(page, base, freshName('balx'));
    const { balance } = await sellDearest(page, base);
    await page.reload();
    const field = page.getByTestId('balance-stake');
    // The field keeps what was typed (no splice): the stake shown is the one that would be played, none.
    await field.fill(String(balance));
    await expect(field).toHaveValue(String(balance));
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('stake-total')).toHaveText(fmt.money(0));
    await expect(page.locator('#balance-stake-hint')).toHaveText(
      `More than your balance of ${fmt.money(balance / 100)}: stake less to play.`,
    );
    await field.fill((balance / 100).toFixed(2));
    await expect(page.getByTestId('stake-total')).toHaveText(fmt.money(balance / 100));
    await field.blur();
    await expect(field).toHaveValue(formatTypedAmount(balance, 'en'));
    await field.fill('1.234');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // A typo stakes nothing: the stake shown is the one that would be played.
    await expect(page.getByTestId('stake-total')).toHaveText(fmt.money(0));
    await expect(page.locator('#balance-stake-hint')).toHaveText('Enter an amount like 2.50.');
  });

  test('a player with no balance sees the field off and how to get one', async ({ page }) => {
    await registerThroughPage(page, baseOf('cs'), freshName('bal0'));
    await expect(page.getByTestId('balance-stake')).toBeDisabled();
    await expect(page.getByTestId('balance-max')).toBeDisabled();
    await expect(page.locator('#balance-stake-hint')).toHaveText(
      'No balance yet: press “Sell for …” under one of your items (or on a won upgrade) to stake from your balance.',
    );
  });

  for (const site of ['cs', 'dota', 'ru'] as const satisfies readonly Site[]) {
    test(`${site}: the field with an amount at 1440, 390 and 320 px`, async ({ page }, testInfo) => {
      const base = baseOf(site);
      const fmt = FORMAT[site];
      await registerThroughPage(page, base, freshName(`bals${site}`));
      const { balance } = await sellDearest(page, base);
      await page.reload();
      const quarter = Math.floor(balance / 4);
      // The ru site's players type a comma.
      await page.getByTestId('balance-stake').fill((quarter / 100).toFixed(2).replace('.', fmt.decimal));
      await expect(page.getByTestId('stake-total')).toHaveText(fmt.money(quarter / 100));
      for (const width of [1440, 390, 320]) {
        await page.setViewportSize({ width, height: 900 });
        const group = page.locator('.balance-stake');
        const box = (await group.boundingBox())!;
        // Nothing of it runs past the screen's edge.
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        for (const id of ['balance-stake', 'balance-25', 'balance-50', 'balance-max']) {
          const b = (await page.getByTestId(id).boundingBox())!;
          expect(b.x + b.width, id).toBeLessThanOrEqual(box.x + box.width + 0.5);
        }
        // The field and what is around it, below the sticky header.
        await group.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        const seen = (await group.boundingBox())!;
        const path = testInfo.outputPath(`balance-${site}-${width}.png`);
        await page.screenshot({ path, clip: { x: 0, y: Math.max(0, seen.y - 80), width, height: seen.height + 160 } });
        await testInfo.attach(`balance-${site}-${width}`, { path, contentType: 'image/png' });
      }
    });
  }
});
