/** What the page bench does on the page: load it, pick a stake and a target, play a game, type a search. */
import type { Browser, Locator, Page } from '@playwright/test';
import type { BenchData } from '../lib/prepare.ts';
import { SPIN_END_MARK } from '../../src/canvas/spinMarks.ts';
import { PROBES, signedInContext, throttled } from './browser.ts';

/** Cookies that switch BP mode and sound off, as the page's own toggles would. */
export const PLAIN_PREFS = { BP_CHECKBOX_IS_CHECKED: '0', dont_play_sound_Upgrades: '1' };

/** BP mode off, sound as a new player has it (on): a measured spin plays its ticks (one track per spin) and outcome. */
export const SPIN_PREFS = { BP_CHECKBOX_IS_CHECKED: '0' };

/**
 * A page in a fresh signed-in context with the probes (and any further init scripts) installed and the CPU throttled,
 * opened at /upgrades/ until the target grid shows items. Its context is `page.context()`.
 */
export async function openProbedPage(
  browser: Browser,
  baseUrl: string,
  sessionCookie: string,
  prefs: Record<string, string>,
  ...initScripts: string[]
): Promise<Page> {
  const context = await signedInContext(browser, baseUrl, sessionCookie, prefs);
  const page = await context.newPage();
  for (const script of [PROBES, ...initScripts]) await page.addInitScript(script);
  await throttled(page);
  await openPage(page, baseUrl);
  return page;
}

/** Opens /upgrades/ and waits until the target grid shows items the player can pick (the page has loaded). */
export async function openPage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/upgrades/`);
  await page
    .locator('[data-testid^="target-item-"]:not([disabled])')
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 });
}

/**
 * Waits until the page has finished its start-up work, as a player who looks at the page before typing would
 * find it: no network for 500 ms (the first screen's pictures have arrived), then two idle periods in a row that
 * the browser gave in full (nothing else queued on the main thread). Capped at 15 s.
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
 * Clicks `target` until `done` shows (3 tries of 5 s). Clicked right after the page changed (fast-forwarded games),
 * a click can land on the sticky header, which sticks while Playwright scrolls the element into view: a player
 * would click again, and so does this.
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
export const CLOCK_STEP_MS = 400;

/** Clicks Play and waits for the result panel; `fastForward` jumps the page clock over the spin. */
export async function playGame(page: Page, fastForward: boolean): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/upgrade/upgrade_items'));
  // The wheel's last landing before this game (its end mark is replaced by each landing).
  const landedBefore = fastForward
    ? 0
    : await page.evaluate(`performance.getEntriesByName('${SPIN_END_MARK}', 'mark')[0]?.startTime ?? -1`);
  await page.getByTestId('play').click();
  const res = await answered.catch(async (err: Error) => {
    // What the page showed instead of a game, for whoever reads the report.
    await page.screenshot({ path: 'reports/bench-play-failure.png' }).catch(() => {});
    throw err;
  });
  if (res.status() !== 200) throw new Error(`upgrade answered ${res.status()}: ${await res.text()}`);
  const panel = page
    .getByTestId('result-panel')
    .or(page.getByTestId('win-panel'))
    .or(page.getByTestId('loss-panel'))
    .first();
  if (fastForward) {
    // The spin (5 s) and the pause before the panel (0.5 s) are timers and tweens on the page clock. Each step
    // stays under GSAP's lag smoothing (a tick more than 500 ms after the last counts as 33 ms): 1 s steps moved
    // the spin by 33 ms each, so it ran in real time.
    for (let i = 0; i < 40 && !(await panel.isVisible()); i++) await page.clock.fastForward(CLOCK_STEP_MS);
  } else {
    // In real time, the spin is awaited through the wheel's own landing mark: a PerformanceObserver in the page,
    // so nothing runs there until it lands. Playwright's waitFor polls the page on every animation frame, which
    // put Playwright's own script into the spin's measured frames.
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
  await panel.waitFor({ state: 'visible', timeout: 30_000 });
}

/** What the search bench types into the target search, one key at a time. */
export const TYPED = 'StatTrak AK-47 Redline';
const BACKSPACES = 8;
/** How many keys one typing session presses (and the probes time). */
export const TYPED_KEYS = TYPED.length + BACKSPACES;

/**
 * Clicks the target search and types the bench's search into it: TYPED, then 8 backspaces, 150 ms apart (about a
 * fast typist's pace), then waits a second for the last key's settle render. The probes (bench/page/browser.ts)
 * time each key.
 */
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
