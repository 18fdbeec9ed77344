/** Shared steps of the browser suites: the variants' servers, sign-up through the page, one game. */
import { expect, type Page, type TestInfo } from '@playwright/test';
import { VARIANTS } from '../../playwright.config.ts';

export type Site = keyof typeof VARIANTS;

/** Base URL of a variant's server. */
export function baseOf(site: Site): string {
  return `http://127.0.0.1:${VARIANTS[site].port}`;
}

/** A username no earlier run has taken. */
export function freshName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Registers a new player through the page's own sign-in form (demo mode gives a starter pack). */
export async function registerThroughPage(
  page: Page,
  base: string,
  username: string,
  password = 'e2e-pass-1',
): Promise<void> {
  await page.goto(`${base}/upgrades/`);
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await page.getByTestId('sign-in-mode').click();
  await page.getByTestId('sign-in-username').fill(username);
  await page.getByTestId('sign-in-password').fill(password);
  await page.getByTestId('sign-in-age').check();
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('user-name')).toHaveText(username);
  await expect(usableItems(page).first()).toBeVisible();
}

/** Inventory cells that can be staked (type_prize 13 cells are rendered locked). */
export function usableItems(page: Page) {
  return page.locator('[data-testid^="inv-item-"]:not(.cell--locked)');
}

/** The numeric id in a cell's test id. */
export async function idOf(cell: ReturnType<Page['locator']>): Promise<number> {
  const testId = await cell.getAttribute('data-testid');
  return Number(testId?.split('-').pop());
}

/** Current tickets in the header. */
export async function tickets(page: Page): Promise<number> {
  return Number(await page.getByTestId('bonus-balance').getAttribute('data-value'));
}

/** Saves a full-page screenshot as a test artifact. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
