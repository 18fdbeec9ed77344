/**
 * Sign in through Steam on the page: a server of its own (the built one, as `npm run serve` runs it) whose
 * STEAM_OPENID_URL and STEAM_API_URL are a fake Steam on loopback, so the browser really travels to the provider
 * and back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { STEAM_E2E } from '../../playwright.config.ts';
import { startFakeSteam, type FakeSteam } from '../helpers/fake-steam.ts';
import { usableItems } from './helpers.ts';

const PORT = STEAM_E2E.port;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = '.e2e-data/steam';

let fake: FakeSteam;
let server: ChildProcess;
let exited: Promise<unknown>;

test.beforeAll(async () => {
  fake = await startFakeSteam();
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    env: {
      ...process.env,
      SITE: 'cs',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DEMO_MODE: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: BASE,
      STEAM_OPENID_URL: fake.endpoint,
      STEAM_API_URL: fake.apiUrl,
      STEAM_API_KEY: 'e2e-key',
      STEAM_AVATAR_ORIGINS: fake.apiUrl,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  exited = new Promise((resolve) => server.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(`${BASE}/upgrades/`)) resolve();
    });
    void exited.then(() => reject(new Error(`the Steam e2e server exited:\n${out}`)));
  });
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await exited;
  await fake?.close();
});

test('a player signs in through Steam from the sign-in area and lands on the page with their Steam name', async ({
  page,
}) => {
  fake.players.set(fake.steamId, { personaname: 'Браузерный Гейб', avatarfull: fake.avatarUrl('gabe') });
  await page.goto(`${BASE}/upgrades/`);
  const area = page.getByTestId('sign-in');
  await expect(area).toBeVisible();
  // The Steam button leads the area: the first link or button in it, above the username form.
  const steam = area.getByTestId('steam-sign-in');
  await expect(area.locator('a, button').first()).toHaveAttribute('data-testid', 'steam-sign-in');
  await expect(steam).toHaveText('Sign in through Steam');
  const steamBox = (await steam.boundingBox())!;
  const formBox = (await area.getByTestId('sign-in-form').boundingBox())!;
  expect(steamBox.y + steamBox.height).toBeLessThanOrEqual(formBox.y);

  const checksBefore = fake.checks;
  await steam.click();
  await page.waitForURL(`${BASE}/upgrades/`);
  expect(fake.checks).toBe(checksBefore + 1);

  // The header names and pictures the player Steam named (the picture loaded under the page's CSP), and the
  // inventory is this account's starter pack.
  await expect(page.getByTestId('user-name')).toHaveText('Браузерный Гейб');
  const avatar = page.getByTestId('user-avatar');
  await expect(avatar).toHaveAttribute('src', fake.avatarUrl('gabe'));
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(usableItems(page).first()).toBeVisible();
  const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
  expect(me.user).toMatchObject({ name: 'Браузерный Гейб', avatar: fake.avatarUrl('gabe') });
  for (const width of [1440, 390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByTestId('header').screenshot({ path: `test-results/screens/steam-header-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  const index = await page.evaluate(async () => (await fetch('/api/upgrade/index', { method: 'POST' })).json());
  const ids: number[] = index.inventory.map((i: { id: number }) => i.id);
  expect(ids).toHaveLength(30);
  const shown = await page
    .locator('[data-testid^="inv-item-"]')
    .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-testid')!.split('-').pop())));
  expect(shown.length).toBeGreaterThan(0);
  expect(ids).toEqual(expect.arrayContaining(shown));
});

test('a Steam sign-in the provider does not confirm leaves the player signed out', async ({ page }) => {
  fake.verdict = 'invalid';
  try {
    await page.goto(`${BASE}/upgrades/`);
    await page.getByTestId('steam-sign-in').click();
    await expect(page.locator('body')).toContainText('Steam did not confirm this sign-in');
    await page.goto(`${BASE}/upgrades/`);
    await expect(page.getByTestId('sign-in')).toBeVisible();
  } finally {
    fake.verdict = 'verify';
  }
});
