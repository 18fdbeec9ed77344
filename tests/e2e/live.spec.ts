/**
 * The live feed in Chromium: a game played in one tab shows in another tab's strip (that game's roll, item and
 * picture) and that tab reloads its inventory; the strip's link opens the verifier, which checks that very game;
 * the fast-spin toggle spins the same real roll in 1.5 s and is saved for 365 days; the strip at three widths on
 * the three variants (screenshots kept as artifacts).
 */
import { expect, test, type Page } from '@playwright/test';
import type { UpgradeResponse } from '../../src/api/contract.ts';
import { playApiGame, registerApi } from './api.ts';
import { attachScreenshot, baseOf, freshName, idOf, registerThroughPage, usableItems, type Site } from './helpers.ts';

const LANG: Record<Site, string> = { cs: 'en', dota: 'en', ru: 'ru' };

/** Stakes the first usable item, picks the cheapest target that makes a game possible, plays; the server's answer. */
async function playThroughPage(page: Page): Promise<{ answer: UpgradeResponse; staked: number }> {
  const cell = usableItems(page).first();
  const staked = await idOf(cell);
  await cell.click();
  await page.getByTestId('multiplier-2').click();
  await expect(page.getByTestId('play')).toBeEnabled();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/upgrade/upgrade_items'));
  await page.getByTestId('play').click();
  return { answer: (await (await answer).json()) as UpgradeResponse, staked };
}

test("cs: a game in one tab shows in the other tab's strip and updates its inventory", async ({ context }) => {
  const base = baseOf('cs');
  const player = await context.newPage();
  await registerThroughPage(player, base, freshName('live'));
  const other = await context.newPage();
  const stream = other.waitForResponse((r) => new URL(r.url()).pathname === '/api/live');
  await other.goto(`${base}/upgrades/`);
  // The browser takes the feed gzipped, inflating each batch as it comes (what the rest of this test sees).
  expect((await stream).headers()['content-encoding']).toBe('gzip');
  // Both tabs list the same items in the same order: the one the player stakes is on the other tab's first page.
  const staking = await idOf(usableItems(player).first());
  await expect(other.getByTestId(`inv-item-${staking}`)).toHaveCount(1);

  const { answer, staked } = await playThroughPage(player);
  expect(staked).toBe(staking);
  expect(answer.status).toBe(true);
  const rollId = answer.provably_fair.roll_id;

  // The other tab: the game in its strip, the staked item gone from its inventory without a reload of the page.
  const card = other.locator(`[data-testid="live-game"][data-roll-id="${rollId}"]`);
  await expect(card).toHaveCount(1);
  await expect(other.getByTestId(`inv-item-${staked}`)).toHaveCount(0);
  const rollRecord = await (await other.request.get(`${base}/api/provably_fair/roll/${rollId}`)).json();
  const target = (await (await other.request.post(`${base}/api/upgrade/index`)).json()).uitems.find(
    (i: { name: string }) => i.name === answer.item,
  );
  await expect(card.locator('.live__name')).toHaveText(answer.item);
  await expect(card.locator('img')).toHaveAttribute('src', target.image);
  expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
    true,
  );
  await expect(card.locator('..')).toHaveClass(rollRecord.success === 1 ? /live__item--win/ : /live__item--loss/);
  if (answer.success === 1 && answer.vinLastItemId)
    await expect(other.getByTestId(`inv-item-${answer.vinLastItemId}`)).toHaveCount(1);
  await expect(other.getByTestId('bonus-balance')).toHaveAttribute('data-value', String(answer.bonus_balance));

  // The player's own strip shows the game only once their wheel has landed.
  await expect(player.getByTestId('result-panel')).toBeVisible();
  await expect(player.locator(`[data-testid="live-game"][data-roll-id="${rollId}"]`)).toHaveCount(1);
});

test("cs: the strip's link opens the verifier, which checks that game", async ({ page }) => {
  const base = baseOf('cs');
  await registerApi(page.request, base, freshName('livev'));
  await page.goto(`${base}/upgrades/`);
  await expect(page.getByTestId('live-strip')).toBeVisible();
  const game = await playApiGame(page.request, base);
  const rollId = game.provably_fair.roll_id;
  const link = page.locator(`[data-testid="live-game"][data-roll-id="${rollId}"]`);
  await expect(link).toHaveCount(1);
  await link.click();
  await expect(page).toHaveURL(`${base}/en/provably_fair/roll_verifier/${rollId}`);
  await expect(page.getByTestId('verify-game')).toBeVisible();
  await expect(page.getByTestId('verify-result')).toHaveAttribute('data-ok', 'true');
});

test('cs: a player who hides their name shows as "Hidden" in the strip', async ({ page }) => {
  const base = baseOf('cs');
  const name = freshName('hid');
  await registerThroughPage(page, base, name);
  const toggle = page.getByTestId('live-hide-name');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const game = await playApiGame(page.request, base);
  const card = page.locator(`[data-testid="live-game"][data-roll-id="${game.provably_fair.roll_id}"]`);
  await expect(card.locator('.live__who')).toContainText('Hidden');
  await expect(card).not.toContainText(name);
  await page.reload();
  await expect(page.getByTestId('live-hide-name')).toHaveAttribute('aria-pressed', 'true');
});

test('cs: fast spin spins the real roll in 1.5 s, and is saved for 365 days', async ({ page, context }) => {
  const base = baseOf('cs');
  await registerThroughPage(page, base, freshName('fast'));
  const fast = page.getByTestId('fast-spin');
  await expect(fast).toHaveAttribute('aria-pressed', 'false');
  const wheel = page.locator('[data-testid="wheel-pixi"], [data-testid="wheel-placeholder"]').first();
  await expect(wheel).toHaveAttribute('data-spin-ms', '5000');
  await fast.click();
  await expect(fast).toHaveAttribute('aria-pressed', 'true');
  await expect(wheel).toHaveAttribute('data-spin-ms', '1500');
  const cookie = (await context.cookies()).find((c) => c.name === 'fast_spin_Upgrades');
  expect(cookie?.value).toBe('1');
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);

  await page.reload();
  await expect(page.getByTestId('fast-spin')).toHaveAttribute('aria-pressed', 'true');
  const { answer } = await playThroughPage(page);
  await expect(page.getByTestId('result-panel')).toBeVisible();
  // The landing is the server's roll: the panel tells that game's outcome.
  await expect(page.getByTestId('result-panel')).toHaveAttribute('data-outcome', answer.success === 1 ? 'win' : 'loss');
});

for (const site of ['cs', 'dota', 'ru'] as const) {
  test(`${site}: the strip at 1440, 390 and 320 px`, async ({ page }, testInfo) => {
    const base = baseOf(site);
    await registerApi(page.request, base, freshName(`shot${site}`));
    const games: UpgradeResponse[] = [];
    // More cards than a phone's row holds: what is out of view must stay inside the strip's own scrolling row.
    for (let i = 0; i < 8; i++) games.push(await playApiGame(page.request, base));
    for (const width of [1440, 390, 320]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/upgrades/`);
      const strip = page.getByTestId('live-strip');
      await expect(strip.locator(`[data-roll-id="${games[7].provably_fair.roll_id}"]`)).toHaveCount(1);
      // Newest first, and the page never scrolls sideways (only the strip's own row does).
      const first = await strip.getByTestId('live-game').first().getAttribute('data-roll-id');
      expect(first).toBe(games[7].provably_fair.roll_id);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expect(strip.getByRole('heading')).toHaveText(site === 'ru' ? 'Апгрейды в эфире' : 'Live upgrades');
      expect(await strip.getByTestId('live-game').first().getAttribute('href')).toBe(
        `/${LANG[site]}/provably_fair/roll_verifier/${games[7].provably_fair.roll_id}`,
      );
      await attachScreenshot(page, testInfo, `live-${site}-${width}`);
      const path = testInfo.outputPath(`strip-${site}-${width}.png`);
      await page.screenshot({ path, clip: { x: 0, y: 0, width, height: 260 } });
    }
  });
}
