// What the page bench does on the page: load it, pick a stake and a target, play a game, type a search.
import type { Browser, Locator, Page } from '@playwright/test';
import { SPIN_END_MARK } from '../../src/canvas/spinMarks.ts';
import { BP_COOKIE, SOUND_COOKIE } from '../../src/machines/prefs.ts';
import type { BenchData } from '../lib/prepare.ts';
import { freshContext, PROBES, throttled } from './browser.ts';

/** BP mode and sound off, as the page's own toggles would save them. */
export const PLAIN_PREFS = { [BP_COOKIE]: '0', [SOUND_COOKIE]: '1' };
/** BP mode off, sound on as a new player has it: a measured spin plays its ticks and outcome. */
export const SPIN_PREFS = { [BP_COOKIE]: '0' };
/** What the search bench types into the target search, one key at a time, before 8 backspaces. */
export const TYPED = 'StatTrak AK-47 Redline';

/** A page in a fresh signed-in context with the probes installed and the CPU throttled, opened at `path`. */
export async function openProbedPage(browser: Browser, url: string, session: string, prefs = {}, path = '/upgrades/') {
  const page = await (await freshContext(browser, url, session, prefs)).newPage();
  await page.addInitScript(PROBES);
  await throttled(page);
  if (path === '/upgrades/') await openPage(page, url);
  else await page.goto(`${url}${path}`);
  return page;
}

/** Opens /upgrades/ and waits until the target grid shows items the player can pick. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/upgrades/`);
  const target = page.locator('[data-testid^="target-item-"]:not([disabled])').first();
  await target.waitFor({ state: 'visible', timeout: 60_000 });
}

/** Waits as a player who reads before typing: network idle, then two full idle periods in a row (at most 15 s). */
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

// Clicks until `done` shows (3 tries of 5 s): right after a change a click can land on the sticky header.
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
  const item = page.getByTestId('grid-left').locator('[data-testid^="inv-item-"][aria-pressed="false"]').first();
  const id = await item.getAttribute('data-testid');
  await clickUntil(page.getByTestId(id!), page.locator(`[data-testid="${id}"][aria-pressed="true"]`));
  const target = page.getByTestId(`target-item-${data.targetId}`);
  if ((await target.getAttribute('aria-pressed')) !== 'true')
    await clickUntil(target, page.locator(`[data-testid="target-item-${data.targetId}"][aria-pressed="true"]`));
  await page.locator('[data-testid="play"]:not([disabled])').waitFor({ timeout: 30_000 });
}

/** Clicks Play and waits for the result panel; `fastForward` jumps the installed page clock over the spin. */
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
    // Steps under GSAP's lag-smoothing threshold (500 ms), so the tween keeps up.
    for (let i = 0; i < 40 && !(await panel.first().isVisible()); i++) await page.clock.fastForward(400);
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

/** Notes when the next result panel shows (`__panelAt`); PANEL_AFTER_LANDING reads it against the landing mark. */
export const WATCH_PANEL = `new MutationObserver((_, o) => {
  if (!document.querySelector('.result[data-testid$="-panel"]')) return;
  window.__panelAt = performance.now();
  o.disconnect();
}).observe(document.body, { childList: true, subtree: true })`;
export const PANEL_AFTER_LANDING = `__panelAt - performance.getEntriesByName('${SPIN_END_MARK}', 'mark').at(-1).startTime`;

/** Types TYPED into the target search, then 8 backspaces, 150 ms apart (a fast typist); the probes time each key. */
export async function typeBenchSearch(page: Page): Promise<void> {
  await page.getByTestId('search-right').click();
  await page.keyboard.type(TYPED, { delay: 150 });
  for (let i = 0; i < 8; i++) await page.keyboard.press('Backspace', { delay: 150 });
  await page.waitForTimeout(1000);
}

/** Returns from the result panel (the page reloaded the inventory on its own after the game). */
export async function returnFromGame(page: Page): Promise<void> {
  const button = page.getByTestId('return');
  await clickUntil(button, button, 'detached');
  await button.waitFor({ state: 'detached', timeout: 30_000 });
  await page.locator('[data-testid="play"]').waitFor();
}
