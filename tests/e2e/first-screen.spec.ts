/**
 * Issue 6 (LCP on every site variant): the server's first screen shows the targets' first page with its pictures
 * before any script runs, its cells and the filters disabled; the page then hydrates those very elements (no
 * hydration error, no re-render from nothing) and enables them once its lists have loaded, showing the same page.
 */
import { expect, test } from '@playwright/test';
import { baseOf } from './helpers.ts';

for (const site of ['cs', 'dota', 'ru'] as const) {
  test(`${site}: the first screen's targets, then the same cells hydrated and enabled`, async ({ page }) => {
    const base = baseOf(site);
    // The server renders the targets once its catalogue is loaded: the index call loads it.
    expect((await page.request.post(`${base}/api/upgrade/index`, { data: {} })).ok()).toBe(true);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    // The page's script waits until the first screen has been looked at.
    let release!: () => void;
    const scripts = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scripts;
      await route.continue();
    });
    await page.goto(`${base}/upgrades/`);
    const cells = page.locator('[data-testid="grid-right"] [data-testid^="target-item-"]');
    await expect(cells).toHaveCount(15);
    const before = await cells.evaluateAll((els) =>
      els.map((el) => {
        (el as HTMLElement & { firstScreen?: boolean }).firstScreen = true;
        const img = el.querySelector('img')!;
        return {
          id: el.getAttribute('data-testid'),
          disabled: (el as HTMLButtonElement).disabled,
          src: img.getAttribute('src'),
        };
      }),
    );
    before.forEach((cell, n) => {
      expect(cell.disabled, String(cell.id)).toBe(true);
      // The first four cells' pictures come with the HTML, the others once the page runs.
      if (n < 4) expect(cell.src, String(cell.id)).toMatch(/^\/app\/public\/items\/\d+\.png$/);
      else expect(cell.src, String(cell.id)).toBeNull();
    });
    // The first cells show their pictures before any script has run.
    await expect
      .poll(() =>
        cells
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await expect(page.getByTestId('search-right')).toBeDisabled();

    release();
    await expect(cells.first()).toBeEnabled();
    await expect(page.getByTestId('search-right')).toBeEnabled();
    const after = await cells.evaluateAll((els) =>
      els.map((el) => ({
        id: el.getAttribute('data-testid'),
        hydrated: (el as HTMLElement & { firstScreen?: boolean }).firstScreen === true,
        disabled: (el as HTMLButtonElement).disabled,
      })),
    );
    // The same page of targets, in the same elements (hydrated: React kept the server's nodes), all enabled.
    expect(after.map((c) => c.id)).toEqual(before.map((c) => c.id));
    expect(after.every((c) => c.hydrated && !c.disabled)).toBe(true);
    // The whole list is there now: the pager counts its pages; the cells on screen have their pictures.
    await expect(page.getByTestId('page-pos-right')).toHaveText(/^1 \/ \d+$/);
    await expect(cells.nth(5).locator('img')).toHaveAttribute('src', /^\/app\/public\/items\/\d+\.png$/);
    expect(errors).toEqual([]);
  });
}
