/**
 * What the screen shows is the data: on each site, every inventory and target cell draws its own item's picture
 * (from the index answer) and it has loaded, also after a price filter, a search and clearing them; the counters
 * never show a figure outside the range they move through; the first game's panel follows the wheel's landing
 * after the spec's pause; the ru site spells every number in Russian.
 */
import { expect, test, type Page } from '@playwright/test';
import type { IndexResponse } from '../../src/api/contract.ts';
import { baseOf, freshName, registerThroughPage, usableItems, type Site } from './helpers.ts';

/** Every cell of a grid: its item id and picture address, once the picture has loaded (each scrolled into view). */
async function shownPictures(page: Page, prefix: 'inv-item-' | 'target-item-') {
  const cells = page.locator(`[data-testid^="${prefix}"]`);
  await expect(cells.first()).toBeVisible();
  const out: { id: number; src: string }[] = [];
  for (const cell of await cells.all()) {
    await cell.scrollIntoViewIfNeeded();
    const img = cell.locator('img');
    // A lazy picture is asked for once near the viewport: wait for it to arrive.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 20_000 })
      .toBe(true);
    out.push({
      id: Number((await cell.getAttribute('data-testid'))!.slice(prefix.length)),
      src: await img.evaluate((el: HTMLImageElement) => el.currentSrc),
    });
  }
  return out;
}

/** Checks that each cell of both grids shows its own item's picture, as the index answer gives it. */
async function expectOwnPictures(page: Page, base: string, index: IndexResponse) {
  const pictures = new Map<string, string>();
  for (const i of index.inventory ?? []) pictures.set(`inv-item-${i.id}`, new URL(i.image, base).href);
  for (const i of index.uitems) pictures.set(`target-item-${i.id}`, new URL(i.image, base).href);
  for (const prefix of ['inv-item-', 'target-item-'] as const) {
    const shown = await shownPictures(page, prefix);
    expect(shown.length).toBeGreaterThan(0);
    for (const cell of shown) expect(cell.src, `${prefix}${cell.id}`).toBe(pictures.get(`${prefix}${cell.id}`));
  }
}

/** Records the text of each counter in every animation frame until `stop()`; returns the samples per test id. */
async function sampleCounters(page: Page, ids: string[]) {
  await page.evaluate((ids) => {
    const w = window as unknown as { __samples: Record<string, string[]>; __sampling: boolean };
    w.__samples = Object.fromEntries(ids.map((id) => [id, []]));
    w.__sampling = true;
    const frame = () => {
      for (const id of ids) w.__samples[id].push(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '');
      if (w.__sampling) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, ids);
  return async () =>
    page.evaluate(() => {
      const w = window as unknown as { __samples: Record<string, string[]>; __sampling: boolean };
      w.__sampling = false;
      return w.__samples;
    });
}

/** A figure as the site spells it, back to a number (ru: '1 234,50 ₽', '79,7 %'; en: '$1,234.50', '79.7%'). */
function parseFigure(text: string, site: Site): number {
  const digits = site === 'ru' ? text.replace(/[^\d,-]/g, '').replace(',', '.') : text.replace(/[^\d.-]/g, '');
  return Number(digits);
}

/** How each site spells a money figure and a percent. */
const SPELLING: Record<Site, { money: RegExp; percent: RegExp }> = {
  cs: { money: /^\$\d{1,3}(,\d{3})*\.\d{2}$/, percent: /^\d+\.\d{3}%$/ },
  dota: { money: /^\$\d{1,3}(,\d{3})*\.\d{2}$/, percent: /^\d+\.\d%$/ },
  ru: { money: /^\d{1,3}(\u00a0\d{3})*,\d{2}\u00a0₽$/, percent: /^\d+,\d\u00a0%$/ },
};

for (const site of ['cs', 'dota', 'ru'] as const) {
  test(`${site}: every picture is its item's, counters stay in range, the panel follows the landing`, async ({
    page,
  }) => {
    const base = baseOf(site);
    await page.setViewportSize({ width: 1440, height: 900 });
    await registerThroughPage(page, base, freshName(`scr${site}`));
    const index = (await (await page.request.post(`${base}/api/upgrade/index`)).json()) as IndexResponse;
    expect(index.inventory!.length).toBeGreaterThan(0);

    await expectOwnPictures(page, base, index);
    // A price filter, then a search, then both cleared: the cells on show are other items, each with its picture.
    const prices = index.uitems.map((i) => i.price).sort((a, b) => a - b);
    const min = prices[Math.floor(prices.length / 2)];
    await page.getByTestId('min-price-right').fill(String(min));
    await expectOwnPictures(page, base, index);
    const word = /\p{L}{3,}/u.exec(index.uitems[index.uitems.length - 1].name)![0];
    await page.getByTestId('search-right').fill(word);
    await page.getByTestId('search-left').fill(/\p{L}{3,}/u.exec(index.inventory![0].name)![0]);
    await expectOwnPictures(page, base, index);
    await page.getByTestId('min-price-right').fill('');
    await page.getByTestId('search-right').fill('');
    await page.getByTestId('search-left').fill('');
    await expectOwnPictures(page, base, index);

    // Counters from zero to the selection's figures, sampled every frame.
    await page.getByTestId('sort-left').click();
    const stop = await sampleCounters(page, ['stake-total', 'chance', 'target-price']);
    const stake = usableItems(page).first();
    await stake.click();
    await page.getByTestId('multiplier-2').click();
    const chosen = page.locator('[data-testid^="target-item-"][aria-pressed="true"]');
    await expect(chosen).toHaveCount(1);
    // The button that chose the target is the one lit, whatever ratio the target's price makes.
    const pressed = page.locator('[data-testid^="multiplier-"][aria-pressed="true"]');
    await expect(pressed).toHaveCount(1);
    await expect(pressed).toHaveAttribute('data-testid', 'multiplier-2');
    // The chosen target keeps its picture.
    const chosenId = Number((await chosen.getAttribute('data-testid'))!.replace('target-item-', ''));
    await expect(chosen.locator('img')).toHaveJSProperty(
      'currentSrc',
      new URL(index.uitems.find((i) => i.id === chosenId)!.image, base).href,
    );
    await expect(page.getByTestId('play')).toBeEnabled();
    // Past both counters' durations (1 s, 0.9 s): the figures have settled.
    await page.waitForFunction(() => {
      const w = window as unknown as { __samples: Record<string, string[]> };
      const s = w.__samples['stake-total'];
      return s.length > 90 && s.slice(-30).every((x) => x === s[s.length - 1]);
    });
    const samples = await stop();
    for (const [id, texts] of Object.entries(samples)) {
      const values = texts.map((x) => parseFigure(x, site));
      const [from, to] = [values[0], values[values.length - 1]];
      const [lo, hi] = [Math.min(from, to), Math.max(from, to)];
      expect(to, id).toBeGreaterThan(0);
      for (const [k, v] of values.entries()) expect(v, `${id} frame ${k}: ${texts[k]}`).toBeGreaterThanOrEqual(lo);
      for (const [k, v] of values.entries()) expect(v, `${id} frame ${k}: ${texts[k]}`).toBeLessThanOrEqual(hi);
      const spelling = id === 'chance' ? SPELLING[site].percent : SPELLING[site].money;
      for (const text of new Set(texts)) expect(text, id).toMatch(spelling);
    }

    // The first game of this page load: its panel shows the spec's 0.5 s after the wheel's landing mark.
    const shownChance = await page.getByTestId('chance').textContent();
    await page.evaluate(() => {
      const w = window as unknown as { __panelAt: number | null };
      w.__panelAt = null;
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid$="-panel"].result')) return;
        w.__panelAt = performance.now();
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('play').click();
    await page.waitForFunction(() => (window as unknown as { __panelAt: number | null }).__panelAt !== null, null, {
      timeout: 30_000,
    });
    const delay = await page.evaluate(() => {
      const landed = performance.getEntriesByName('upgrades:wheel-spin-end')[0].startTime;
      return (window as unknown as { __panelAt: number }).__panelAt - landed;
    });
    // The pause is a 500 ms timer, so the panel never comes sooner. The spec's +-0.15 s is a figure of `npm run
    // bench` (a loaded CI box delays timers by a second or more): here the upper bound only catches a panel that
    // waits for something else (a lazy chunk's reveal took 0.9 s). The measured delay is reported.
    test.info().annotations.push({ type: 'panel after landing (ms)', description: delay.toFixed(0) });
    expect(delay).toBeGreaterThanOrEqual(480);
    expect(delay).toBeLessThanOrEqual(3000);

    // The chance does not change when the result shows, and every figure follows the site's spelling.
    await expect(page.getByTestId('chance')).toHaveText(shownChance!);
    const rollText = await page.locator('[data-testid="result-roll"], .result__roll .num').first().textContent();
    expect(rollText!.trim()).toMatch(site === 'ru' ? /^\d+,\d{3}$/ : /^\d+\.\d{3}$/);
    const range = await page.getByTestId('win-range').textContent();
    // The win line speaks the site's chance decimals (3 on cs, 1 on dota and ru); the roll always 3.
    expect(range).toMatch({ cs: /\d+\.\d{3}\b/, dota: /\d+\.\d\b/, ru: /\d+,\d\b/ }[site]);
    if (site === 'ru') {
      // No figure spelt the English way (a dot between digits) in the numbers around the wheel and the result.
      for (const text of await page
        .locator('.summary, .summary__range, .mult, .result__price, .result__roll')
        .allInnerTexts())
        expect(text).not.toMatch(/\d\.\d/);
    }
  });
}
