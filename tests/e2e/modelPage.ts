/**
 * The browser side of the model-based suite: players made through the real API, the network's part of a path
 * arranged (which session a page load runs in; a dropped connection for an error transition), the model's
 * events done with the page's documented test ids, and each resting state checked in the DOM. Nothing answers
 * in the server's place: requests reach the real server or are aborted.
 */
import { expect, request as playwrightRequest, type BrowserContext, type Page, type Route } from '@playwright/test';
import pg from 'pg';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { IndexResponse } from '../../src/api/contract.ts';
import { toMinor } from '../../src/domain/money.ts';
import { cheapestAtLeast, multiplierMinPrice } from '../../src/domain/multiplier.ts';
import { MODEL_DOTA, PG_E2E } from '../../playwright.config.ts';
import { LOCKED_ID, TOP_ID } from '../machines/fixtures.ts';
import { BP_COOKIE_NAME, expectedBpScreen, type BpScreen } from '../ui/page/bpScreen.ts';
import { controlOf, modelTarget, screenOf } from '../ui/page/uiModel.ts';
import { freshName } from './helpers.ts';

/** The CS server on PostgreSQL: the only one whose database a test may arrange (an empty inventory). */
export const MODEL_BASE = `http://127.0.0.1:${PG_E2E.port}`;
/** The walk's own Dota server (embedded PGlite), for the paths through the BP controls. */
export const DOTA_BASE = `http://127.0.0.1:${MODEL_DOTA.port}`;

/** Where each effect of the chart talks to the server (the request a dropped connection fails). */
export const URL_OF: Record<string, string> = {
  loadPage: '/api/upgrade/index',
  reloadIndex: '/api/upgrade/index',
  reloadAfterGame: '/api/upgrade/index',
  sell: '/api/inventory/sell',
  sellItem: '/api/inventory/sell',
  signOut: '/api/auth/logout',
  play: '/api/upgrade/upgrade_items',
  signIn: '/api/auth/login',
};

/** A registered player and its session cookie. */
export interface Player {
  username: string;
  password: string;
  cookie: Parameters<BrowserContext['addCookies']>[0][number];
}

/**
 * Registers a player through the API of the server at `base` (demo mode: a starter pack with a type_prize 13
 * item); `empty` then marks every item sold, which only the PostgreSQL server's database allows.
 */
export async function makePlayer(base: string, kind: 'full' | 'empty'): Promise<Player> {
  if (kind === 'empty' && base !== MODEL_BASE)
    throw new Error(`an empty inventory can be arranged on ${MODEL_BASE} only, not ${base}`);
  const api = await playwrightRequest.newContext({ baseURL: base });
  const username = freshName(`mb${kind[0]}`);
  const password = 'model-pass-1';
  const res = await api.post('/api/auth/register', { form: { username, password, age_confirmed: '1' } });
  expect(res.status(), await res.text()).toBe(200);
  const cookie = (await api.storageState()).cookies.find((c) => c.name === 'sid');
  await api.dispose();
  if (!cookie) throw new Error('register gave no sid cookie');
  if (kind === 'empty') {
    // The starter pack holds unsellable type_prize 13 items, so no player can empty it through the page.
    const db = new pg.Client({ connectionString: PG_E2E.url });
    await db.connect();
    await db.query(
      `update inventory_items set state = 'sold' where user_id = (select id from users where username = $1)`,
      [username],
    );
    await db.end();
  }
  return { username, password, cookie };
}

type Kind = 'full' | 'empty' | null;

/** Which session a load answer in the model stands for. */
export function sessionKind(e: EventObject): Kind | undefined {
  const out = (e as { output?: { user: unknown; index?: { inventory: unknown[] | null } } }).output;
  if (!out || typeof out !== 'object' || !('index' in out)) return undefined;
  if (out.user === null) return null;
  return (out.index?.inventory?.length ?? 0) > 0 ? 'full' : 'empty';
}

/** The server's random draw (a roll, a starter pack) cannot follow the path: try again with fresh players. */
export class Retry extends Error {}

/** One attempt at one path in one fresh browser context. */
export class ModelPage {
  private readonly players: Partial<Record<'full' | 'empty', Player>> = {};
  private roles = new Map<number, number>();
  private targetId: number | null = null;
  /** The inventory ids as the left side lists them (all pages), read from the page once needed. */
  private shown: { id: number; locked: boolean }[] | null = null;
  private shownAll = false;

  constructor(
    readonly page: Page,
    readonly base: string,
    readonly expectsLoss: boolean,
  ) {}

  /** The player of a kind, registered once per attempt. */
  async player(kind: 'full' | 'empty'): Promise<Player> {
    return (this.players[kind] ??= await makePlayer(this.base, kind));
  }

  /** Makes the browser's session the one a load answer needs, now (before the action that starts the load). */
  async useSession(kind: Kind): Promise<void> {
    await this.page.context().clearCookies({ name: 'sid' });
    if (kind) await this.page.context().addCookies([(await this.player(kind)).cookie]);
  }

  /**
   * Makes the session change once the answer to `url` has arrived and before the page sees it: as if the player
   * signed in elsewhere between two requests. The request itself reaches the real server unchanged.
   */
  async sessionAfter(url: string, kind: Kind): Promise<void> {
    if (kind) await this.player(kind);
    await this.page.route(
      (u) => u.pathname === url,
      async (route: Route) => {
        const response = await route.fetch();
        await this.useSession(kind);
        await route.fulfill({ response });
      },
      { times: 1 },
    );
  }

  /** Drops the connection of the next request to `url` (a network failure, not an answer). */
  async failNext(url: string): Promise<void> {
    await this.page.route(
      (u) => u.pathname === url,
      (route) => route.abort('failed'),
      { times: 1 },
    );
  }

  /** Clicks a control by test id. */
  async click(testId: string): Promise<void> {
    await this.page.getByTestId(testId).click();
  }

  /** The left list as shown, read page by page from the first until it holds `enough` (all pages if never). */
  private async readShown(
    enough: (list: { id: number; locked: boolean }[]) => boolean,
  ): Promise<{ id: number; locked: boolean }[]> {
    if (this.shown && (enough(this.shown) || this.shownAll)) return this.shown;
    await this.toPage(0);
    const out: { id: number; locked: boolean }[] = [];
    for (let guard = 0; guard < 20; guard++) {
      out.push(
        ...(await this.page.locator('[data-testid^="inv-item-"]').evaluateAll((els) =>
          els.map((el) => ({
            id: Number(el.getAttribute('data-testid')!.split('-').pop()),
            locked: el.classList.contains('cell--locked'),
          })),
        )),
      );
      if (enough(out)) break;
      const next = this.page.getByTestId('page-next-left');
      if (!(await next.isVisible()) || !(await next.isEnabled())) {
        this.shownAll = true;
        break;
      }
      await this.click('page-next-left');
      await expect(this.page.getByTestId('page-pos-left')).toHaveText(new RegExp(`^${guard + 2}\\s*/`));
    }
    return (this.shown = out);
  }

  /** The left side's page (0-based) as the pager shows it. */
  private async currentPage(): Promise<number> {
    const pos = this.page.getByTestId('page-pos-left');
    if (!(await pos.isVisible())) return 0;
    return Number(((await pos.textContent()) ?? '1').split('/')[0].trim()) - 1;
  }

  private async toPage(want: number): Promise<void> {
    for (let guard = 0; guard < 20; guard++) {
      const at = await this.currentPage();
      if (at === want) return;
      await this.click(at < want ? 'page-next-left' : 'page-prev-left');
      await expect.poll(() => this.currentPage()).not.toBe(at);
    }
  }

  /**
   * The inventory id playing a model item's role. The model's inventory lists a locked item, then 16 usable ones
   * by falling price (ids TOP_ID..TOP_ID+15), as the page lists a player's; so role k is the (k - TOP_ID + 1)th
   * usable cell as shown, and LOCKED_ID any locked cell.
   */
  private async roleId(modelId: number): Promise<number> {
    if (!this.roles.has(modelId)) {
      const has = (l: { id: number; locked: boolean }[]) =>
        modelId === LOCKED_ID ? l.some((c) => c.locked) : l.filter((c) => !c.locked).length > modelId - TOP_ID;
      const list = await this.readShown(has);
      const usable = list.filter((c) => !c.locked);
      const id = modelId === LOCKED_ID ? list.find((c) => c.locked)?.id : usable[modelId - TOP_ID]?.id;
      if (id === undefined) throw new Error(`no inventory item for model role ${modelId}`);
      this.roles.set(modelId, id);
    }
    return this.roles.get(modelId)!;
  }

  /**
   * Shows the left page holding a model item, clicks it, then shows again the page the model is on: the model keeps
   * a page only for `user.page`, and finding a role may have read every page.
   */
  async pickItem(modelId: number): Promise<void> {
    const before = await this.currentPage();
    const id = await this.roleId(modelId);
    const list = await this.readShown((l) => l.some((c) => c.id === id));
    await this.toPage(Math.floor(list.findIndex((c) => c.id === id) / 15));
    await this.click(`inv-item-${id}`);
    await this.toPage(before);
  }

  /** The left page the model was on before the last sale (read before finding the item moves the pager). */
  private pageBeforeSale = 0;

  /** Shows the left page holding a model item, then presses its sell button. */
  async sellItem(modelId: number): Promise<void> {
    this.pageBeforeSale = await this.currentPage();
    const id = await this.roleId(modelId);
    const list = await this.readShown((l) => l.some((c) => c.id === id));
    await this.toPage(Math.floor(list.findIndex((c) => c.id === id) / 15));
    await this.click(`inv-sell-${id}`);
  }

  /** After a refused sale, shows again the page the model is on. */
  async afterRefusedSale(): Promise<void> {
    await this.toPage(this.pageBeforeSale);
  }

  /** The server's index answer for the browser's player, as the page loads it. */
  private async index(): Promise<IndexResponse> {
    return (await (await this.page.request.post(`${this.base}/api/upgrade/index`)).json()) as IndexResponse;
  }

  /** The real stake (minor units) of model items, by the prices in an index answer. */
  private async stakeOf(index: IndexResponse, modelIds: number[]): Promise<number> {
    const ids = await Promise.all(modelIds.map((m) => this.roleId(m)));
    return ids.reduce((t, id) => t + toMinor(index.inventory!.find((i) => i.id === id)!.price), 0);
  }

  /** A target just above the stake (a likely win) or 50x it (a likely loss), found with the search box, clicked. */
  async pickTarget(stakedModelIds: number[]): Promise<void> {
    const index = await this.index();
    if (this.targetId === null) {
      const stake = await this.stakeOf(index, stakedModelIds.length ? stakedModelIds : [TOP_ID]);
      const target = modelTarget(index.uitems, stake, this.expectsLoss);
      if (!target) throw new Retry(`no catalogue item is dearer than the stake (${stake} minor units)`);
      this.targetId = target.id;
    }
    const cell = this.page.getByTestId(`target-item-${this.targetId}`);
    if (!(await cell.isVisible()))
      await this.page.getByTestId('search-right').fill(index.uitems.find((i) => i.id === this.targetId)!.name);
    await cell.click();
  }

  /**
   * Whether a multiplier button finds a target on the real server: the cheapest catalogue item at or above the
   * real stake x the multiplier (src/machines/selection.ts). The model's fixture always has one, but a starter
   * pack is drawn at random, and about 3 % of them hold an item dearer than half the catalogue's dearest.
   */
  async multiplierFinds(stakedModelIds: number[], multiplier: number): Promise<boolean> {
    const index = await this.index();
    return (
      cheapestAtLeast(index.uitems, multiplierMinPrice(await this.stakeOf(index, stakedModelIds), multiplier)) !== null
    );
  }

  /** Does a player's (or the wheel's) part of a model event; answers and timers arrive by themselves. */
  async perform(
    e: EventObject & Record<string, unknown>,
    next: EventObject | undefined,
    staked: number[],
  ): Promise<void> {
    const control = controlOf(e);
    if (control) return this.click(control);
    switch (e.type) {
      case 'user.pickItem':
        return this.pickItem(e.id as number);
      case 'user.sellItem':
        return this.sellItem(e.id as number);
      case 'user.pickTarget':
        return this.pickTarget(staked);
      case 'user.setFilter':
        return this.page.getByTestId('search-right').fill((e.patch as { text: string }).text);
      case 'user.setMaxLevels':
        return this.page.getByTestId('max-levels').fill(e.value == null ? '' : String(e.value));
      case 'user.signIn': {
        // The answer the path expects decides the credentials: refused, or the player the next load shows.
        const kind = next?.type === 'xstate.error.actor.signIn' ? undefined : 'full';
        const who = kind ? await this.player(kind) : { username: 'nobody-here', password: 'wrong-password' };
        await this.page.getByTestId('sign-in-username').fill(who.username);
        await this.page.getByTestId('sign-in-password').fill(who.password);
        return this.click('sign-in-submit');
      }
      default:
        return undefined;
    }
  }

  /** What the BP controls, the saved checkbox and the right grid show now (Dota). */
  private async shownBpScreen(): Promise<BpScreen> {
    const levels = this.page.getByTestId('max-levels');
    const present = (await levels.count()) > 0;
    const pager = this.page.getByTestId('page-pos-right');
    return {
      checked: await this.page.getByTestId('bp-mode').isChecked(),
      maxLevels: present ? await levels.inputValue() : null,
      placeholder: present ? await levels.getAttribute('placeholder') : null,
      cookie: (await this.page.context().cookies(this.base)).find((c) => c.name === BP_COOKIE_NAME)?.value ?? null,
      targetIds: await this.page
        .getByTestId('grid-right')
        .locator('[data-testid^="target-item-"]')
        .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-testid')!.split('-').pop()))),
      pager: (await pager.count()) > 0 ? ((await pager.textContent()) ?? '').trim() : null,
    };
  }

  /**
   * Checks a resting state in the DOM: its screen, the notice, the play button's state, the toggles; on the Dota
   * site the BP checkbox, max levels, the saved checkbox and the targets BP mode leaves (bpScreen.ts); on the CS
   * site that there are no BP controls. `events` led to `s`.
   */
  async check(s: AnyMachineSnapshot, events: EventObject[]): Promise<void> {
    const c = s.context as {
      notice: unknown;
      rollUnder: number | boolean;
      sound: boolean;
      user: unknown;
      inventory: unknown[];
      staked: unknown[];
      site: { bpMode: boolean; resultPanel: string };
    };
    const shown = screenOf(s);
    if (shown) await expect(this.page.getByTestId(shown)).toBeVisible();
    const v = JSON.stringify(s.value);
    if (v.includes('result') && !v.includes('selling') && c.site.resultPanel === 'cs') {
      await expect(this.page.getByTestId('result-panel')).toHaveAttribute(
        'data-outcome',
        s.matches({ result: 'win' } as never) ? 'win' : 'loss',
      );
    }
    if (!s.matches('error') && c.site.bpMode) {
      const index = await this.index();
      const want = expectedBpScreen(s, events, index.uitems);
      expect(want.targetIds.length).toBeGreaterThan(0);
      // The grid follows the filters at lower priority (useDeferredValue): poll until it has.
      await expect.poll(() => this.shownBpScreen()).toEqual(want);
    } else if (!c.site.bpMode) {
      await expect(this.page.getByTestId('bp-mode')).toHaveCount(0);
    }
    await expect(this.page.getByTestId('error-notice')).toHaveCount(c.notice === null ? 0 : 1);
    if (s.matches('playing')) await expect(this.page.getByTestId('play')).toHaveAttribute('aria-busy', 'true');
    if (s.matches('selecting')) {
      await expect(this.page.getByTestId('play')).not.toHaveAttribute('aria-busy', 'true');
      // The stake as the page counts it (the first number in the line, en and ru), so that a pick the page did not
      // take fails at its own step rather than as a Play button in the wrong state later.
      await expect(this.page.getByTestId('staked-count')).toHaveText(new RegExp(`^\\D*${c.staked.length}\\D`));
      // The button is enabled exactly when the chart accepts user.play (a stake and a pricier target).
      if (s.can({ type: 'user.play' })) await expect(this.page.getByTestId('play')).toBeEnabled();
      else await expect(this.page.getByTestId('play')).toBeDisabled();
      await expect(this.page.getByTestId('mirror')).toHaveAttribute('aria-pressed', String(!c.rollUnder));
      await expect(this.page.getByTestId('sound')).toHaveAttribute('aria-pressed', String(c.sound));
    }
  }
}
