/**
 * The upgrades page as a player meets it in Chromium, on the defects a demanding player found: offline at Play,
 * focus after Clear, the skip link on a phone, the live strip on phones (prices whole, names in the links'
 * accessible names, the empty sentence whole), and the hint that says where a balance comes from.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { IndexResponse, UpgradeResponse } from '../../src/api/contract.ts';
import { chancePercent, chanceThousandths } from '../../src/domain/chance.ts';
import { toMinor } from '../../src/domain/money.ts';
import { createFormatters } from '../../src/site/format.ts';
import en from '../../src/i18n/en.json' with { type: 'json' };
import ru from '../../src/i18n/ru.json' with { type: 'json' };
import { registerApi } from './api.ts';
import { baseOf, freshName, registerThroughPage, usableItems, type Site } from './helpers.ts';

const WORDS = { cs: en, dota: en, ru } as const;
const MONEY = {
  cs: createFormatters({ lang: 'en', currency: 'USD', chanceDecimals: 3 }),
  ru: createFormatters({ lang: 'ru', currency: 'RUB', chanceDecimals: 1 }),
} as const;

/** Whether an element's text is cut: wider than its box, or past its parent link's right edge. */
async function cut(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.flatMap((el) => {
      const box = el.getBoundingClientRect();
      const link = el.closest('a, section')!.getBoundingClientRect();
      const over =
        el.scrollWidth > el.clientWidth + 1 || box.right > link.right + 0.5 || box.bottom > link.bottom + 0.5;
      return over ? [`${el.textContent} (${Math.round(box.right)} > ${Math.round(link.right)})`] : [];
    }),
  );
}

/**
 * A game with a dear target (the 15 dearest items against the dearest target the chance floor allows, up to 1,000
 * times the stake): the strip then shows a long price such as "664 012,80 ₽".
 */
async function playDearGame(request: APIRequestContext, base: string, decimals: number): Promise<UpgradeResponse> {
  const index = (await (await request.post(`${base}/api/upgrade/index`)).json()) as IndexResponse;
  const items = (index.inventory ?? []).filter((i) => i.type_prize !== 13).sort((a, b) => b.price - a.price);
  const stake = items.slice(0, 15);
  const stakeMinor = stake.reduce((s, i) => s + toMinor(i.price), 0);
  const target = index.uitems
    .filter((i) => i.type_prize !== 13 && toMinor(i.price) > stakeMinor && toMinor(i.price) <= stakeMinor * 500)
    .sort((a, b) => b.price - a.price)[0];
  const chance = chancePercent(chanceThousandths(stakeMinor, toMinor(target.price)), decimals);
  const { token } = (await (await request.get(`${base}/api/token?purpose=caseopen`)).json()) as { token: string };
  const form = new URLSearchParams({ uniq_item: String(target.id), upgrade_front_chance: String(chance) });
  for (const item of stake) form.append('inventory_items[]', String(item.id));
  form.append('roll_under', '1');
  form.append('token', token);
  const res = await request.post(`${base}/api/upgrade/upgrade_items`, {
    data: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as UpgradeResponse;
}

// The shared machine can be slow to serve the first screen: a load, not a defect.
test.describe.configure({ timeout: 300_000 });

test.describe('the live strip on phones', () => {
  test('ru, cs: the empty sentence is whole at 390 and 320 (before any game is played)', async ({ page }) => {
    for (const site of ['ru', 'cs'] as const) {
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${baseOf(site)}/upgrades/`);
        const empty = page.locator('.live__empty');
        await expect(empty).toHaveText(WORDS[site].live.empty);
        expect(await cut(page, '.live__empty'), `${site} ${width}`).toEqual([]);
      }
    }
  });

  for (const site of ['ru', 'cs'] as const) {
    test(`${site}: prices are whole and links name the item and the player at 390 and 320`, async ({ page }) => {
      const base = baseOf(site);
      const name = freshName('strip');
      await registerApi(page.request, base, name);
      const game = await playDearGame(page.request, base, 3);
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${base}/upgrades/`);
        const link = page.locator(`[data-testid="live-game"][data-roll-id="${game.provably_fair.roll_id}"]`);
        await expect(link).toHaveCount(1);
        // What the eye sees: the price whole, no card cut; what a screen reader hears: item and player too.
        expect(await cut(page, '.live__price'), `${site} ${width}`).toEqual([]);
        const accessible = await link.evaluate((a) => a.textContent ?? '');
        expect(accessible).toContain(game.item);
        await expect(link).toHaveAccessibleName(new RegExp(escape(game.item)));
        await expect(link).toHaveAccessibleName(new RegExp(escape(name)));
      }
    });
  }
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Stakes the first usable item and picks the cheapest target dearer than it through the x1.2 button. */
async function choose(page: Page): Promise<string> {
  const cell = usableItems(page).first();
  const id = (await cell.getAttribute('data-testid'))!;
  await cell.click();
  await page.getByTestId('multiplier-1.2').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-disabled', 'false');
  return id;
}

for (const site of ['cs', 'ru'] as const satisfies readonly Site[]) {
  test(`${site}: offline at Play keeps the page and the selection, says nothing was staked once back`, async ({
    page,
    context,
  }) => {
    const base = baseOf(site);
    const words = WORDS[site];
    await registerThroughPage(page, base, freshName('offline'));
    const staked = await choose(page);
    const target = await page.locator('[data-testid^="target-item-"][aria-pressed="true"]').getAttribute('data-testid');
    await context.setOffline(true);
    await page.getByTestId('play').click();
    await expect(page.getByTestId('error-notice')).toHaveText(new RegExp(escape(words.notice.connectionLost)));
    await expect(page.getByTestId('announcer')).toHaveText(words.a11y.stopped);
    await expect(page.getByTestId('load-error')).toHaveCount(0);
    await expect(page.getByTestId(staked)).toHaveAttribute('aria-pressed', 'true');

    await context.setOffline(false);
    await expect(page.getByTestId('error-notice')).toHaveText(new RegExp(escape(words.notice.gameNotPlayed)));
    await expect(page.getByTestId('load-error')).toHaveCount(0);
    await expect(page.getByTestId(staked)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId(target!)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('play')).toHaveAttribute('aria-disabled', 'false');
    await expect(page.getByTestId('sign-out')).not.toHaveAttribute('aria-disabled', 'true');
    // Played again, it is played: the server answers and the wheel spins.
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/upgrade/upgrade_items'));
    await page.getByTestId('play').click();
    expect(((await (await answered).json()) as UpgradeResponse).status).toBe(true);
  });
}

test('cs: focus goes on from Clear to the first item to stake, not to the page', async ({ page }) => {
  const base = baseOf('cs');
  await registerThroughPage(page, base, freshName('clear'));
  await choose(page);
  await page.getByTestId('clear').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('staked-count')).toHaveText(
    en.inventory.staked.replace('{{count}}', '0').replace('{{max}}', '15'),
  );
  const first = await usableItems(page).first().getAttribute('data-testid');
  await expect(page.getByTestId(first!)).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
});

test('cs, ru: on a phone, "Skip to the targets" shows the targets tab and focuses its heading', async ({ page }) => {
  for (const site of ['cs', 'ru'] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseOf(site)}/upgrades/`);
    await expect(page.getByTestId('tab-left')).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#panel-right')).toBeHidden();
    await page.getByTestId('skip-right-title').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('tab-right')).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#panel-right')).toBeVisible();
    await expect(page.locator('#right-title')).toBeFocused();
    await page.getByTestId('skip-left-title').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('tab-left')).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#left-title')).toBeFocused();
  }
});

test('cs, ru: without a balance, the hint says where a balance comes from', async ({ page }) => {
  for (const site of ['cs', 'ru'] as const) {
    const words = WORDS[site];
    await registerThroughPage(page, baseOf(site), freshName('hint'));
    await expect(page.getByTestId('balance')).toHaveAttribute('data-value', '0');
    const hint = page.getByTestId('balance-stake-hint');
    await expect(hint).toHaveText(words.balanceStake.none);
    // It names the result panel's own sell button.
    expect(words.balanceStake.none).toContain(words.actions.sell.replace(' {{price}}', ''));
    await page.getByTestId('sign-out').click();
    await expect(page.getByTestId('sign-in')).toBeVisible();
  }
});

for (const site of ['cs', 'ru'] as const) {
  test(`${site}: an item's own sell button sells it by keyboard: the balance rises by its server price, it leaves`, async ({
    page,
  }) => {
    const base = baseOf(site);
    const words = WORDS[site];
    const fmt = MONEY[site];
    await registerThroughPage(page, base, freshName('sellinv'));
    const before = Number(await page.getByTestId('balance').getAttribute('data-value'));
    // The second usable item: the sale must take that one, not whichever comes first.
    const cell = usableItems(page).nth(1);
    const id = Number((await cell.getAttribute('data-testid'))!.replace('inv-item-', ''));
    const listed = (await (await page.request.post(`${base}/api/upgrade/index`)).json()) as IndexResponse;
    const item = listed.inventory!.find((i) => i.id === id)!;
    const price = fmt.money(item.price);

    const sell = page.getByTestId(`inv-sell-${id}`);
    await expect(sell).toHaveText(words.actions.sell.replace('{{price}}', price));
    // A screen reader hears the price and which item.
    await expect(sell).toHaveAccessibleName(
      words.actions.sellItem.replace('{{price}}', price).replace('{{item}}', item.name),
    );
    await sell.focus();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/inventory/sell'));
    await page.keyboard.press('Enter');
    const answer = await answered;
    expect(answer.status()).toBe(200);
    const { balance } = (await answer.json()) as { balance: number };
    // The server priced the sale: the balance rose by exactly the item's catalogue price.
    expect(toMinor(balance)).toBe(toMinor(before) + toMinor(item.price));
    await expect(page.getByTestId('balance')).toHaveAttribute('data-value', String(balance));
    await expect(page.getByTestId(`inv-item-${id}`)).toHaveCount(0);
    await expect(page.getByTestId('error-notice')).toHaveText(
      new RegExp(escape(words.notice.sold.replace('{{balance}}', fmt.money(balance)))),
    );
    // Focus goes on to the balance the sale fed, which now says what it holds.
    await expect(page.getByTestId('balance-stake')).toBeFocused();
    await expect(page.getByTestId('balance-stake-hint')).toHaveText(
      words.balanceStake.available.replace('{{amount}}', fmt.money(balance)),
    );
    const after = (await (await page.request.post(`${base}/api/upgrade/index`)).json()) as IndexResponse;
    expect(after.inventory!.some((i) => i.id === id)).toBe(false);
  });
}

test.describe('Sign out', () => {
  test('cs: works on the result of a game', async ({ page }) => {
    const base = baseOf('cs');
    await registerThroughPage(page, base, freshName('outres'));
    await page.getByTestId('fast-spin').click();
    await choose(page);
    await page.getByTestId('play').click();
    await expect(page.getByTestId('result-panel')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('sign-out').click();
    await expect(page.getByTestId('sign-in')).toBeVisible();
    await expect(page.getByTestId('result-panel')).toHaveCount(0);
    await expect(page.getByTestId('stake-total')).toHaveAttribute('data-value', '0');
    const me = (await (await page.request.get(`${base}/api/auth/me`)).json()) as { user: unknown };
    expect(me.user).toBeNull();
  });

  test('ru: works on the error screen', async ({ page }) => {
    const base = baseOf('ru');
    await registerThroughPage(page, base, freshName('outerr'));
    // The reload after Clear gets no answer: the error screen, under the header.
    await page.route('**/api/upgrade/index', (route) => route.abort('connectionfailed'));
    await page.getByTestId('clear').click();
    await expect(page.getByTestId('load-error')).toBeVisible();
    await page.unroute('**/api/upgrade/index');
    await expect(page.getByTestId('sign-out')).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('sign-out').click();
    await expect(page.getByTestId('sign-in')).toBeVisible();
    await expect(page.getByTestId('load-error')).toHaveCount(0);
    const me = (await (await page.request.get(`${base}/api/auth/me`)).json()) as { user: unknown };
    expect(me.user).toBeNull();
  });
});

for (const site of ['cs', 'ru'] as const) {
  test(`${site}: keys typed one at a time stay as typed, above the balance too, and stake only what is covered`, async ({
    page,
  }) => {
    const base = baseOf(site);
    const words = WORDS[site];
    const fmt = MONEY[site];
    await registerThroughPage(page, base, freshName('keys'));
    // A balance from the cheapest item shown, sold through its own button.
    const cheapest = usableItems(page).last();
    const soldId = (await cheapest.getAttribute('data-testid'))!.replace('inv-item-', '');
    await page.getByTestId(`inv-sell-${soldId}`).click();
    await expect(page.getByTestId(`inv-item-${soldId}`)).toHaveCount(0);
    await expect(page.getByTestId('balance')).not.toHaveAttribute('data-value', '0');
    const balance = Number(await page.getByTestId('balance').getAttribute('data-value'));
    const field = page.getByTestId('balance-stake');

    // The sequences: 99999 on both sites, and each site's own grouping and decimal sign.
    const typed = site === 'ru' ? ['99999', '1 234,5', ',5'] : ['99999', '1,234.50', '.5'];
    for (const keys of typed) {
      const amount = Number(keys.replace(/[\s,]/g, (c) => (c === ',' && site === 'ru' ? '.' : '')));
      await field.fill('');
      await field.pressSequentially(keys);
      await expect(field).toHaveValue(keys);
      const over = toMinor(amount) > toMinor(balance);
      if (over) {
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByTestId('balance-stake-hint')).toHaveText(
          words.balanceStake.over.replace('{{amount}}', fmt.money(balance)),
        );
        // Nothing is staked from the balance: the summary does not show the refused amount.
        await expect(page.getByTestId('stake-total')).toHaveAttribute('data-value', '0');
      } else {
        expect(await field.getAttribute('aria-invalid')).toBeNull();
        await expect(page.getByTestId('stake-total')).toHaveAttribute('data-value', String(amount));
      }
    }
  });
}

test('ru: at 320 px the drawn wheel of a chosen game fits inside its panel, after a resize too', async ({ page }) => {
  const base = baseOf('ru');
  await registerThroughPage(page, base, freshName('wheel320'));
  await choose(page);
  /** The right edge of everything the wheel draws, against the game panel's inner edge. */
  const edges = () =>
    page.getByTestId('wheel-figure').evaluate((fig) => {
      const panel = fig.closest('section')!;
      const inner = panel.getBoundingClientRect().right - parseFloat(getComputedStyle(panel).paddingRight);
      const right = Math.max(...[fig, ...fig.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right));
      return { right: Math.round(right), inner: Math.round(inner) };
    });
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(async () => {
        const e = await edges();
        return e.right <= e.inner;
      }, `${width}`)
      .toBe(true);
  }
  await page.reload();
  await choose(page);
  const e = await edges();
  expect(e.right).toBeLessThanOrEqual(e.inner);
});
