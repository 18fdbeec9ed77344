/**
 * Issue 4, end to end: a game played through the API is verified on the roll verifier page in Chromium:
 * pending while its seed is secret, three ticks once the seed is rotated, and a cross after the test changes
 * the recorded roll in the database. The page works on every variant's address.
 */
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { PG_E2E } from '../../playwright.config.ts';
import { baseOf, freshName, type Site } from './helpers.ts';
import { playApiGame, registerApi } from './api.ts';

const LANG: Record<Site, string> = { cs: 'en', dota: 'en', ru: 'ru' };

for (const site of ['cs', 'dota', 'ru'] as const) {
  test(`${site}: a game verifies in the browser, pending before the seed is revealed and ticks after`, async ({
    page,
  }) => {
    const base = baseOf(site);
    await registerApi(page.request, base, freshName(`vf${site}`));
    const game = await playApiGame(page.request, base);
    const url = `${base}/${LANG[site]}/provably_fair/roll_verifier/${game.provably_fair.roll_id}`;

    await page.goto(url);
    await expect(page.getByTestId('verify-game')).toBeVisible();
    await expect(page.getByTestId('verify-seed-hash')).toHaveAttribute('data-ok', 'pending');
    await expect(page.getByTestId('verify-result')).toHaveAttribute('data-ok', 'true');

    expect((await page.request.post(`${base}/api/provably_fair/rotate`)).status()).toBe(200);
    await page.reload();
    for (const check of ['verify-seed-hash', 'verify-roll', 'verify-result']) {
      await expect(page.getByTestId(check)).toHaveAttribute('data-ok', 'true');
    }
    await expect(page.getByTestId('verify-summary')).toHaveAttribute('data-state', 'ok');
  });
}

test('cs on PostgreSQL: a tampered roll in the database shows a cross', async ({ page }) => {
  const base = `http://127.0.0.1:${PG_E2E.port}`;
  await registerApi(page.request, base, freshName('tamper'));
  const game = await playApiGame(page.request, base);
  expect((await page.request.post(`${base}/api/provably_fair/rotate`)).status()).toBe(200);
  const url = `${base}/en/provably_fair/roll_verifier/${game.provably_fair.roll_id}`;
  await page.goto(url);
  await expect(page.getByTestId('verify-roll')).toHaveAttribute('data-ok', 'true');

  const db = new pg.Client({ connectionString: PG_E2E.url });
  await db.connect();
  try {
    const { rowCount } = await db.query('UPDATE games SET roll = (roll + 1) % 100000 WHERE roll_id = $1', [
      game.provably_fair.roll_id,
    ]);
    expect(rowCount).toBe(1);
  } finally {
    await db.end();
  }
  await page.reload();
  await expect(page.getByTestId('verify-roll')).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('verify-summary')).toHaveAttribute('data-state', 'fail');
});

test('the hand form verifies typed inputs with no server call', async ({ page }) => {
  await page.goto(`${baseOf('cs')}/en/provably_fair/roll_verifier/`);
  // The page shell loads the header's user and the index at boot; only what the form does afterwards counts.
  await page.waitForLoadState('networkidle');
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) calls.push(r.url());
  });
  const form = page.getByTestId('verify-form');
  await form.locator('[name=serverSeed]').fill('0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80');
  await form.locator('[name=clientSeed]').fill('lucky-player');
  await form.locator('[name=nonce]').fill('1');
  await form.locator('[name=chance]').fill('24.709');
  await form.locator('select[name=rollUnder]').selectOption('1');
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('verify-form-result')).toHaveAttribute('data-roll', '24.708');
  await expect(page.getByTestId('verify-form-result')).toHaveAttribute('data-win', 'true');
  expect(calls).toEqual([]);
});
