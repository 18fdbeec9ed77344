/** axe-core on the page as it stands, and the checks of reflow at 320 CSS px. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { WCAG_TAGS } from './a11yStates.ts';

/** The WCAG 2.2 A/AA violations on the page, one line per rule with the elements that break it. */
export async function wcagViolations(page: Page, held = false): Promise<string[]> {
  const run = new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  if (held) {
    // The page's clock is paused (a spin held mid-way): axe's own timers need it to move, a millisecond at a time.
    // The clock is the context's, and axe closes a blank page of its own as it finishes: a tick may fail then;
    // a failure of the page itself still fails `run`.
    let done = false;
    void run.finally(() => (done = true)).catch(() => undefined);
    while (!done) await page.clock.runFor(1).catch(() => undefined);
  }
  const result = await run;
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Pauses the page's clock (installed with page.clock.install before the page loaded) a moment from now: the page's
 * time runs on while the pause is asked for, so a busy machine may need a later moment.
 */
export async function holdClock(page: Page): Promise<void> {
  for (const ahead of [200, 800, 2000]) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (e) {
      if (!String(e).includes('to the past')) throw e;
    }
  }
  throw new Error('the page clock ran past every pause asked for');
}

/** What breaks reflow: sideways scrolling, header parts outside the viewport. */
export async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      problems.push(`scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of document.querySelectorAll<HTMLElement>('.header *')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5))
        problems.push(`header part outside: ${el.className || el.tagName} ${box.left}..${box.right}`);
    }
    return problems;
  });
}

/** Whether two elements' boxes overlap on screen. */
export async function overlap(page: Page, a: string, b: string): Promise<boolean> {
  return page.evaluate(
    ([sa, sb]) => {
      const ra = document.querySelector(sa)!.getBoundingClientRect();
      const rb = document.querySelector(sb)!.getBoundingClientRect();
      return ra.left < rb.right && rb.left < ra.right && ra.top < rb.bottom && rb.top < ra.bottom;
    },
    [a, b] as const,
  );
}

/** Whether an element is entirely inside the viewport. */
export async function inView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => {
    const r = document.querySelector(s)!.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  }, selector);
}
