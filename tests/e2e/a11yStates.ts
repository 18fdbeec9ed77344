/**
 * Walks the page through the states the accessibility suites check (signed out, selecting, staked, spinning, win,
 * loss, notice, seeds panel, verifier) on a real server, as a player does: through the page's own controls. The
 * server draws each roll, so a win or a loss is played for until it comes (a cheap target mostly wins, a dear one
 * mostly loses).
 */
import { expect, type Page } from '@playwright/test';
import type { UpgradeResponse } from '../../src/api/contract.ts';
import { freshName, idOf, usableItems, type Site } from './helpers.ts';

/** The states, in the order one walk reaches them. */
export const STATES = [
  'signed-out',
  'selecting',
  'staked',
  'spinning',
  'win',
  'loss',
  'notice',
  'seeds',
  'verifier',
] as const;
export type StateName = (typeof STATES)[number];

/** Games played at most for one outcome. */
const MAX_GAMES = 25;

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules of axe-core. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The result panel of a finished game, on any site. */
export const resultPanel = (page: Page) =>
  page.locator('[data-testid="result-panel"], [data-testid="win-panel"], [data-testid="loss-panel"]');

/** One player's walk through the states on one site. */
export class StateWalk {
  /** The last game's roll id (for the verifier). */
  rollId: string | null = null;

  constructor(
    readonly page: Page,
    readonly base: string,
    readonly site: Site,
  ) {}

  /** A visitor on the page, its lists loaded (the first screen's cells enabled). */
  async signedOut(): Promise<void> {
    await this.page.goto(`${this.base}/upgrades/`);
    await expect(this.page.getByTestId('sign-in')).toBeVisible();
    await expect(this.page.locator('[data-testid^="target-item-"]').first()).toBeEnabled();
  }

  /** Registers a new player through the form; waits for the inventory. */
  async signIn(): Promise<void> {
    await this.page.getByTestId('sign-in-mode').click();
    await this.page.getByTestId('sign-in-username').fill(freshName(`a11y${this.site}`));
    await this.page.getByTestId('sign-in-password').fill('a11y-pass-1');
    await this.page.getByTestId('sign-in-age').check();
    await this.page.getByTestId('sign-in-submit').click();
    await expect(usableItems(this.page).first()).toBeVisible();
    // Cheapest first, so a target at any multiplier exists.
    await this.page.getByTestId('sort-left').click();
  }

  /** Stakes the first usable item and picks a target through a multiplier button. */
  async stake(multiplier: '1.2' | '2' | '10' = '2'): Promise<void> {
    const cell = usableItems(this.page).first();
    await cell.click();
    await expect(cell).toHaveAttribute('aria-pressed', 'true');
    await this.page.getByTestId(`multiplier-${multiplier}`).click();
    await expect(this.page.locator('[data-testid^="target-item-"][aria-pressed="true"]')).toHaveCount(1);
    await expect(this.page.getByTestId('play')).toBeEnabled();
  }

  /** Presses Play and waits for the spin; returns the server's answer. */
  async spin(): Promise<UpgradeResponse> {
    const answer = this.page.waitForResponse((r) => r.url().endsWith('/api/upgrade/upgrade_items'));
    await this.page.getByTestId('play').click();
    const body = (await (await answer).json()) as UpgradeResponse;
    expect(body.status, JSON.stringify(body)).toBe(true);
    this.rollId = body.provably_fair.roll_id;
    return body;
  }

  /** Waits for the finished game's panel. */
  async landed(): Promise<void> {
    await expect(resultPanel(this.page)).toBeVisible({ timeout: 30_000 });
  }

  /** Back from a result panel to choosing. */
  async back(): Promise<void> {
    await this.page.getByTestId('return').click();
    await expect(resultPanel(this.page)).toHaveCount(0);
  }

  /** Plays until the outcome is `want`; the page is left showing that result. */
  async playFor(want: 'win' | 'loss'): Promise<void> {
    for (let game = 0; game < MAX_GAMES; game++) {
      await this.stake(want === 'win' ? '1.2' : '10');
      const body = await this.spin();
      await this.landed();
      if ((body.success === 1) === (want === 'win')) return;
      await this.back();
    }
    throw new Error(`no ${want} in ${MAX_GAMES} games`);
  }

  /** A notice: a multiplier with nothing staked asks for a stake first. */
  async notice(): Promise<void> {
    await this.page.getByTestId('multiplier-2').click();
    await expect(this.page.getByTestId('error-notice')).toBeVisible();
  }

  /** The seeds-and-history disclosure, opened and loaded. */
  async seeds(): Promise<void> {
    const seeds = this.page.getByTestId('fair-seeds');
    await seeds.locator('summary').click();
    await expect(seeds.getByTestId('seed-nonce')).toBeVisible();
  }

  /** The roll verifier of the last game. */
  async verifier(): Promise<void> {
    if (!this.rollId) throw new Error('no game played yet');
    const lang = this.site === 'ru' ? 'ru' : 'en';
    await this.page.goto(`${this.base}/${lang}/provably_fair/roll_verifier/${this.rollId}`);
    await expect(this.page.locator('h1')).toBeVisible();
    await expect(this.page.getByTestId('verify-loading')).toHaveCount(0);
  }

  /** Clicks the first usable inventory cell (for tests that need its id). */
  async firstUsableId(): Promise<number> {
    return idOf(usableItems(this.page).first());
  }
}
