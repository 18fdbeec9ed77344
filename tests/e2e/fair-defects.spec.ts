/**
 * The provably fair screens in Chromium, as a keyboard player meets them: focus after Rotate seeds, a history
 * "Verify" link and "Back to upgrades"; no sideways scrolling at 320 px on the verifier and the history (cs, ru);
 * Russian numbers with decimal commas on the history, the verifier and the audit; the audit's own title and the
 * return chart's table.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AuditResponse } from '../../src/api/auditContract.ts';
import { baseOf, freshName, type Site } from './helpers.ts';
import { playApiGame, registerApi } from './api.ts';

const LANG: Record<Site, 'en' | 'ru'> = { cs: 'en', dota: 'en', ru: 'ru' };

/** A new player with `games` games on the active seed, and the last game's roll id. */
async function playerWithGames(page: Page, site: Site, games: number): Promise<string> {
  const base = baseOf(site);
  await registerApi(page.request, base, freshName(`fd${site}`));
  let rollId = '';
  for (let i = 0; i < games; i++) rollId = (await playApiGame(page.request, base)).provably_fair.roll_id;
  return rollId;
}

/** Opens the seeds and history disclosure under the wheel and waits for both panels. */
async function openSeeds(page: Page, site: Site) {
  await page.goto(`${baseOf(site)}/upgrades/`);
  await page.getByTestId('fair-seeds').locator('summary').click();
  await expect(page.getByTestId('seed-current-hash')).toBeVisible();
  await expect(page.getByTestId('history-game').first()).toBeVisible();
}

/** What has focus: its tag, test id and text, or BODY. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? { tag: el.tagName, id: el.id, testId: el.getAttribute('data-testid'), text: el.textContent } : null;
  });

/** The page's widest content against the viewport: more means sideways scrolling. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Elements inside `selector` that end right of the viewport (what would scroll the page sideways). */
const pastEdge = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const edge = document.documentElement.clientWidth;
    return [...document.querySelectorAll(`${sel}, ${sel} *`)]
      .filter((el) => el.getBoundingClientRect().right > edge + 0.5)
      .map(
        (el) =>
          `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}: ${el.textContent?.slice(0, 40)}`,
      );
  }, selector);

test.describe('focus goes to the next control or heading, never the document', () => {
  test('after Rotate seeds (keyboard): the revealed seed heading, and the history has refreshed', async ({ page }) => {
    const rollId = await playerWithGames(page, 'cs', 1);
    await openSeeds(page, 'cs');
    const game = page.locator(`[data-testid=history-game][data-roll-id="${rollId}"]`);
    await expect(game.getByTestId('history-check')).toHaveAttribute('data-ok', 'pending');
    await expect(page.getByText('No seed revealed yet. Rotate your seeds to reveal the active one.')).toBeVisible();

    await page.getByTestId('seed-rotate').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('seed-revealed')).toBeVisible();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H3', text: 'Revealed server seed' });
    // No reload: the game ticks and its seed is listed.
    await expect(game.getByTestId('history-check')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('history-seed')).toHaveCount(1);
  });

  test('after Change client seed: the revealed seed heading', async ({ page }) => {
    await playerWithGames(page, 'ru', 1);
    await openSeeds(page, 'ru');
    await page.getByTestId('seed-client-input').fill('мой-сид');
    await page.getByTestId('seed-client-save').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H3', text: 'Раскрытый серверный сид' });
    await expect(page.getByTestId('history-seed')).toHaveCount(1);
  });

  test('after a history Verify link: the verifier heading, with no page load', async ({ page }) => {
    const rollId = await playerWithGames(page, 'cs', 1);
    await openSeeds(page, 'cs');
    const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
    await page.locator(`[data-testid=history-game][data-roll-id="${rollId}"]`).getByTestId('history-verify').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/en/provably_fair/roll_verifier/${rollId}$`));
    await expect(page.getByTestId('verify-game')).toBeVisible();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', text: 'Roll verifier' });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(marker);
  });

  test('after Back to upgrades: the upgrades page heading', async ({ page }) => {
    const rollId = await playerWithGames(page, 'cs', 1);
    await page.goto(`${baseOf('cs')}/en/provably_fair/roll_verifier/${rollId}`);
    await expect(page.getByTestId('verify-game')).toBeVisible();
    await page.getByRole('link', { name: 'Back to upgrades' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/upgrades\/$/);
    await expect(page.getByTestId('play')).toBeVisible();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', id: 'page-heading' });
  });
});

for (const site of ['cs', 'ru'] as const) {
  test.describe(`${site} at 320 px`, () => {
    test.use({ viewport: { width: 320, height: 720 } });

    test('the verifier with a game does not scroll sideways', async ({ page }) => {
      const rollId = await playerWithGames(page, site, 1);
      await page.goto(`${baseOf(site)}/${LANG[site]}/provably_fair/roll_verifier/${rollId}`);
      await expect(page.getByTestId('verify-game')).toBeVisible();
      await expect(page.locator('#fair-game-heading')).toContainText(rollId);
      expect(await pastEdge(page, '.fair-route')).toEqual([]);
      expect(await overflow(page)).toBe(0);
    });

    test("the audit's band and return tables neither scroll sideways nor cut a figure", async ({ page }) => {
      const base = baseOf(site);
      await registerApi(page.request, base, freshName(`fdaud${site}`));
      await playApiGame(page.request, base);
      await page.goto(`${base}/${LANG[site]}/provably_fair/audit`);
      await page.getByTestId('audit-window-all').click();
      await expect(page.getByTestId('audit-series-table')).toBeVisible();
      for (const table of ['audit-bands-table', 'audit-series-table']) {
        // The table's own box (inside its scrolling wrap): nothing wider than the wrap, nothing past the screen.
        const wrap = page.getByTestId(table).locator('xpath=..');
        expect(await wrap.evaluate((w) => w.scrollWidth - w.clientWidth), table).toBe(0);
        expect(await pastEdge(page, `[data-testid=${table}]`), table).toEqual([]);
        const cutCells = await page
          .getByTestId(table)
          .locator('th, td')
          .evaluateAll((cells) =>
            cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent ?? ''),
          );
        expect(cutCells, table).toEqual([]);
      }
      expect(await overflow(page)).toBe(0);
    });

    test('the seeds and history, with a revealed seed, do not scroll sideways', async ({ page }) => {
      await playerWithGames(page, site, 2);
      await openSeeds(page, site);
      await page.getByTestId('seed-rotate').click();
      await expect(page.getByTestId('history-seed')).toHaveCount(1);
      await expect(page.getByTestId('history-check').first()).toHaveAttribute('data-ok', 'true');
      // The panels only: the live strip above is checked by its own suite.
      expect(await pastEdge(page, '[data-testid=fair-seeds]')).toEqual([]);
    });
  });
}

test.describe('ru numbers use decimal commas on every fair page', () => {
  // A digit, a dot, a digit: an English decimal, which a Russian reader takes for thousands.
  const DOT_DECIMAL = /\d\.\d/;
  // Russian dates are written with dots (28.11.2026): not numbers in the sense above.
  const text = async (page: Page, selector: string) =>
    (await page.locator(selector).first().innerText()).replace(/\d{2}\.\d{2}\.\d{4}/g, 'DATE');

  test('history, verifier and audit', async ({ page }) => {
    const rollId = await playerWithGames(page, 'ru', 2);
    await openSeeds(page, 'ru');
    const row = page.getByTestId('history-game').first();
    // The chance in the ru site's one decimal, as the play page shows it; the roll in its three.
    await expect(row.locator('td.fair-number').first()).toHaveText(/^\d{1,2},\d\u00a0%$/);
    await expect(row.locator('td.fair-number').nth(1)).toHaveText(/^\d{1,2},\d{3}$/);
    expect(await text(page, '[data-testid=history] tbody')).not.toMatch(DOT_DECIMAL);

    await page.goto(`${baseOf('ru')}/ru/provably_fair/roll_verifier/${rollId}`);
    await expect(page.getByTestId('verify-game')).toBeVisible();
    await expect(page.getByTestId('verify-chance')).toHaveText(/^\d{1,2},\d\u00a0%$/);
    await expect(page.getByTestId('verify-direction')).toHaveText(/ \d{1,2},\d( |$)/);
    await expect(page.getByTestId('verify-rules')).toHaveText(/^коэффициент выплаты 0,\d+, шанс от 0,1\u00a0% до /);
    expect(await text(page, '[data-testid=verify-game] dl')).not.toMatch(DOT_DECIMAL);

    await page.goto(`${baseOf('ru')}/ru/provably_fair/audit`);
    await page.getByTestId('audit-window-all').click();
    await expect(page.getByTestId('audit-figures')).toHaveAttribute('data-window', 'all');
    await expect(page.getByTestId('audit-series-table')).toBeVisible();
    for (const part of ['.audit-figures', '.audit-bands', '.audit-series'])
      expect(await text(page, part)).not.toMatch(DOT_DECIMAL);
  });
});

test('the audit page has its own title and a table beside the return chart', async ({ page }) => {
  const base = baseOf('cs');
  await registerApi(page.request, base, freshName('fdaudit'));
  await playApiGame(page.request, base);
  await page.goto(`${base}/en/provably_fair/audit`);
  await page.getByTestId('audit-window-all').click();
  await expect(page.getByTestId('audit-figures')).toHaveAttribute('data-window', 'all');
  await expect(page).toHaveTitle('Fairness audit · Upgrades CS');
  const api = (await (await page.request.get(`${base}/api/provably_fair/audit?window=all`)).json()) as AuditResponse;
  const table = page.getByRole('table', { name: 'Return to player over time' });
  await expect(table.getByTestId('audit-series-row')).toHaveCount(api.series.length);
  await expect(table.getByTestId('audit-series-row').first().locator('[data-col=games]')).toHaveText(
    new Intl.NumberFormat('en-US').format(api.series[0].games),
  );
});
