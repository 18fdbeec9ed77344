/**
 * Issue 3, end to end: on each site variant, a new player signs up through the page, stakes an item, picks a
 * target with a multiplier button and plays until one win and one loss have been seen. Each game checks the
 * panel, the tickets in the header and the reloaded inventory against the server's answer.
 */
import { expect, test } from '@playwright/test';
import type { UpgradeResponse } from '../../src/api/contract.ts';
import { toMinor } from '../../src/domain/money.ts';
import { ticketsFor } from '../../src/domain/tickets.ts';
import { loadConfig } from '../../server/config.ts';
import {
  attachScreenshot,
  baseOf,
  freshName,
  idOf,
  registerThroughPage,
  tickets,
  usableItems,
  type Site,
} from './helpers.ts';

const MAX_GAMES = 30;

const panelOf: Record<Site, { win: string; loss: string }> = {
  cs: { win: 'result-panel', loss: 'result-panel' },
  dota: { win: 'win-panel', loss: 'loss-panel' },
  ru: { win: 'win-panel', loss: 'loss-panel' },
};

for (const site of ['cs', 'dota', 'ru'] as const) {
  test(`${site}: sign up, stake, pick a target, play until a win and a loss`, async ({ page }, testInfo) => {
    const base = baseOf(site);
    await registerThroughPage(page, base, freshName(`e2e${site}`));
    if (site === 'ru') await expect(page).toHaveURL(`${base}/upgrades/`);
    await expect(page.locator('html')).toHaveAttribute('lang', site === 'ru' ? 'ru' : 'en');

    // A cell's height is given (contain: strict, src/styles/app.css): its content fits, nothing is cut off. Its
    // picture is the server's PNG.
    const cell = page.locator('[data-testid^="target-item-"]').first();
    const room = await cell.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return {
        above: el.querySelector('.cell__price')!.getBoundingClientRect().top - box.top,
        below: box.bottom - el.querySelector('.cell__name')!.getBoundingClientRect().bottom,
        // A flex item: in a cell too short, the picture's box would shrink to make room.
        picture: el.querySelector('.cell__art')!.getBoundingClientRect().height,
      };
    });
    expect(room.above).toBeCloseTo(11, 0); // border 1 + padding 10
    expect(room.below).toBeCloseTo(15, 0); // padding 12 + border 3
    expect(room.picture).toBeCloseTo(72, 0);
    await expect(cell.locator('img')).toHaveAttribute('src', /\/app\/public\/items\/\d+\.png$/);

    // Cheapest items first, so a x2 target always exists on every catalogue.
    await page.getByTestId('sort-left').click();
    const seen = { win: 0, loss: 0 };
    for (let game = 0; game < MAX_GAMES && !(seen.win && seen.loss); game++) {
      const before = await tickets(page);
      const stakeCell = usableItems(page).first();
      const stakeId = await idOf(stakeCell);
      // The server's own price of the stake and the site's ticket step: the tickets this game must earn.
      const index = (await (await page.request.post(`${baseOf(site)}/api/upgrade/index`)).json()) as {
        inventory: { id: number; price: number }[];
      };
      const stakeMinor = toMinor(index.inventory.find((i) => i.id === stakeId)!.price);
      const earns = ticketsFor(stakeMinor, loadConfig({ SITE: site }).ticketStepMinor);
      await stakeCell.click();
      await expect(stakeCell).toHaveAttribute('aria-pressed', 'true');
      await page.getByTestId('multiplier-2').click();
      await expect(page.locator('[data-testid^="target-item-"][aria-pressed="true"]')).toHaveCount(1);
      await expect(page.getByTestId('play')).toBeEnabled();
      const chanceText = (await page.getByTestId('chance').textContent()) ?? '';
      expect(chanceText).toMatch(site === 'cs' ? /\d+\.\d{3}\s?%/ : /\d+[.,]\d\s?%/);

      const answer = page.waitForResponse((r) => r.url().endsWith('/api/upgrade/upgrade_items'));
      await page.getByTestId('play').click();
      const body = (await (await answer).json()) as UpgradeResponse;
      expect(body.status).toBe(true);
      // Real time: the 5 s spin and the 0.5 s pause run as a player sees them.
      await expect(page.getByTestId('play')).toHaveAttribute('aria-busy', 'true');

      const won = body.success === 1;
      const panel = page.getByTestId(won ? panelOf[site].win : panelOf[site].loss);
      await expect(panel).toBeVisible();
      if (site === 'cs') {
        await expect(panel).toHaveAttribute('data-outcome', won ? 'win' : 'loss');
        await expect(page.getByTestId('result-roll')).toContainText(body.provably_fair.roll.toFixed(3));
        await expect(page.getByTestId('roll-check')).toHaveAttribute(
          'href',
          `/en/provably_fair/roll_verifier/${body.provably_fair.roll_id}`,
        );
      } else {
        await expect(page.getByTestId('roll-check')).toHaveCount(0);
      }
      if (won) seen.win++;
      else seen.loss++;

      // Tickets in the header and the reloaded inventory follow the server's answer.
      await expect(page.getByTestId('bonus-balance')).toHaveAttribute('data-value', String(before + body.tickets));
      expect(body.tickets).toBe(earns);
      expect(body.bonus_balance).toBe(before + body.tickets);
      await expect(page.getByTestId(`inv-item-${stakeId}`)).toHaveCount(0);
      if (won) {
        // The won item may sort past the first 15 cells of a random starter pack: find it as a player would.
        await page.getByTestId('search-left').fill(body.item);
        await expect(page.getByTestId(`inv-item-${body.vinLastItemId}`)).toHaveCount(1);
        await page.getByTestId('search-left').fill('');
      }

      if (seen.win + seen.loss === 1) await attachScreenshot(page, testInfo, `${site}-result-1280`);
      await page.getByTestId('return').click();
      await expect(page.getByTestId('play')).toBeDisabled();
    }
    expect(seen.win, 'a win within the games played').toBeGreaterThan(0);
    expect(seen.loss, 'a loss within the games played').toBeGreaterThan(0);

    await attachScreenshot(page, testInfo, `${site}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await attachScreenshot(page, testInfo, `${site}-390`);
  });
}
