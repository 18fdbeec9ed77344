import { beforeEach, describe, expect, it, vi } from 'vitest';

async function fresh() {
  vi.resetModules();
  return import('../../../src/ui/firstScreen.ts');
}

/** An image element whose `complete` the test controls (jsdom loads no pictures). */
function picture(root: HTMLElement, complete: boolean): HTMLImageElement {
  const img = document.createElement('img');
  Object.defineProperty(img, 'complete', { value: complete });
  root.append(img);
  return img;
}

let settledAt: number | null;
beforeEach(() => {
  vi.useFakeTimers();
  settledAt = null;
  document.body.innerHTML = '';
});

describe('afterFirstScreen', () => {
  it('waits for the pictures on screen when marked, then for an idle moment', async () => {
    const { afterFirstScreen, markFirstScreen } = await fresh();
    void afterFirstScreen().then(() => (settledAt = Date.now()));
    const root = document.createElement('div');
    document.body.append(root);
    picture(root, true);
    const pending = picture(root, false);
    markFirstScreen(root);
    await vi.advanceTimersByTimeAsync(500);
    expect(settledAt).toBeNull();
    pending.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(1_100);
    expect(settledAt).not.toBeNull();
  });

  it('does not wait for ever on a picture that never settles', async () => {
    const { afterFirstScreen, markFirstScreen } = await fresh();
    void afterFirstScreen().then(() => (settledAt = Date.now()));
    picture(document.body, false);
    markFirstScreen();
    await vi.advanceTimersByTimeAsync(1_900);
    expect(settledAt).toBeNull();
    await vi.advanceTimersByTimeAsync(1_200);
    expect(settledAt).not.toBeNull();
  });

  it('stays pending until the page marks it', async () => {
    const { afterFirstScreen } = await fresh();
    void afterFirstScreen().then(() => (settledAt = Date.now()));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settledAt).toBeNull();
  });
});
