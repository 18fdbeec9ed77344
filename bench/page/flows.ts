/** What the page bench does on the page: load it, pick a stake and a target, play a game, type a search. */
import type { Browser, Locator, Page } from '@playwright/test';
import type { BenchData } from '../lib/prepare.ts';
import { SPIN_END_MARK } from '../../src/canvas/spinMarks.ts';
import { freshContext, PROBES, throttled } from './browser.ts';

/** Cookies that switch BP mode and sound off, as the page's own toggles would. */
export const PLAIN_PREFS = { BP_CHECKBOX_IS_CHECKED: '0', dont_play_sound_Upgrades: '1' };

/** BP mode off, sound on as a new player has it: a measured spin plays its ticks and outcome. */
export const SPIN_PREFS = { BP_CHECKBOX_IS_CHECKED: '0' };

/**
 * A page in a fresh signed-in context with the probes installed and the CPU throttled, at `path`; /upgrades/ is
 * waited for until the target grid shows items the player can pick. Its context is `page.context()`.
 */
export async function openProbedPage(
  browser: Browser,
  baseUrl: string,
  session: string,
  prefs = {},
  path = '/upgrades/',
) {
  const page = await (await freshContext(browser, baseUrl, session, prefs)).newPage();
  await page.addInitScript(PROBES);
  await throttled(page);
  if (path === '/upgrades/') await openPage(page, baseUrl);
  else await page.goto(`${baseUrl}${path}`);
  return page;
}

/** Opens /upgrades/ and waits until the target grid shows items the player can pick. */
export async function openPage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/upgrades/`);
  const target = page.locator('[data-testid^="target-item-"]:not([disabled])').first();
  await target.waitFor({ state: 'visible', timeout: 60_000 });
}

/**
 * Waits until the page has finished its start-up work, as a player who reads before typing finds it: network idle,
 * then two full idle periods in a row (nothing queued on the main thread). Capped at 15 s.
 */
export async function waitUntilIdle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
  await page.evaluate(`new Promise((resolve) => {
    const cap = setTimeout(resolve, 15000);
    let quiet = 0;
    requestIdleCallback(function step(deadline) {
      quiet = deadline.timeRemaining() >= 45 ? quiet + 1 : 0;
      if (quiet < 2) return requestIdleCallback(step);
      clearTimeout(cap);
      resolve();
    });
  })`);
}

/** Narrows both lists to the bench's stake item and target by their names (the search boxes). */
export async function searchGameItems(page: Page, data: BenchData): Promise<void> {
  await page.getByTestId('search-left').fill(data.stakeName);
  await page.getByTestId('search-right').fill(data.targetName);
  await page.getByTestId(`target-item-${data.targetId}`).waitFor({ state: 'visible' });
}

/**
 * Clicks `target` until `done` shows (3 tries of 5 s): right after the page changed a click can land on the sticky
 * header while Playwright scrolls, and a player would click again.
 */
async function clickUntil(target: Locator, done: Locator, state: 'visible' | 'detached' = 'visible'): Promise<void> {
  for (let i = 0; i < 3 && (await target.count()) > 0; i++) {
    await target.click();
    if (
      await done.waitFor({ state, timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
}

/** Stakes the first listed stake item and picks the target; resolves when Play is enabled. */
export async function pickGame(page: Page, data: BenchData): Promise<void> {
  const grid = page.getByTestId('grid-left');
  const id = await grid.locator('[data-testid^="inv-item-"][aria-pressed="false"]').first().getAttribute('data-testid');
  await clickUntil(page.getByTestId(id!), page.locator(`[data-testid="${id}"][aria-pressed="true"]`));
  const target = page.getByTestId(`target-item-${data.targetId}`);
  if ((await target.getAttribute('aria-pressed')) !== 'true')
    await clickUntil(target, page.locator(`[data-testid="target-item-${data.targetId}"][aria-pressed="true"]`));
  await page.locator('[data-testid="play"]:not([disabled])').waitFor({ timeout: 30_000 });
}

/** A fast-forward step of the page clock: under GSAP's lag-smoothing threshold (500 ms), so a tween keeps up. */
const CLOCK_STEP_MS = 400;

/** Clicks Play and waits for the result panel; `fastForward` jumps the page clock over the spin. */
export async function playGame(page: Page, fastForward: boolean): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/upgrade/upgrade_items'));
  const landedBefore = fastForward
    ? 0
    : await page.evaluate(`performance.getEntriesByName('${SPIN_END_MARK}', 'mark')[0]?.startTime ?? -1`);
  await page.getByTestId('play').click();
  const res = await answered;
  if (res.status() !== 200) throw new Error(`upgrade answered ${res.status()}: ${await res.text()}`);
  const panel = page.locator('[data-testid="result-panel"], [data-testid="win-panel"], [data-testid="loss-panel"]');
  if (fastForward) {
    for (let i = 0; i < 40 && !(await panel.first().isVisible()); i++) await page.clock.fastForward(CLOCK_STEP_MS);
  } else {
    // The wheel's landing mark through an observer in the page: Playwright's waitFor would poll every frame and
    // put its own script into the measured frames.
    await page.evaluate(`new Promise((resolve) => {
      const landed = () => performance.getEntriesByName('${SPIN_END_MARK}', 'mark').some((e) => e.startTime > ${landedBefore});
      if (landed()) return resolve();
      const cap = setTimeout(() => { observer.disconnect(); resolve(); }, 30000);
      const observer = new PerformanceObserver(() => {
        if (!landed()) return;
        observer.disconnect();
        clearTimeout(cap);
        resolve();
      });
      observer.observe({ type: 'mark' });
    })`);
  }
  await panel.first().waitFor({ state: 'visible', timeout: 30_000 });
}

/** What the search bench types into the target search, one key at a time. */
export const TYPED = 'StatTrak AK-47 Redline';
const BACKSPACES = 8;

/** Types TYPED into the target search, then 8 backspaces, 150 ms apart (a fast typist); the probes time each key. */
export async function typeBenchSearch(page: Page): Promise<void> {
  await page.getByTestId('search-right').click();
  await page.keyboard.type(TYPED, { delay: 150 });
  for (let i = 0; i < BACKSPACES; i++) await page.keyboard.press('Backspace', { delay: 150 });
  await page.waitForTimeout(1000);
}

/** Returns from the result panel (the page reloaded the inventory on its own after the game). */
export async function returnFromGame(page: Page): Promise<void> {
  const button = page.getByTestId('return');
  await clickUntil(button, button, 'detached');
  await button.waitFor({ state: 'detached', timeout: 30_000 });
  await page.locator('[data-testid="play"]').waitFor();
}
