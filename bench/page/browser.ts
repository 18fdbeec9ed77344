/** Chromium for the page bench: launch, signed-in contexts, CPU throttling and heap through CDP, the probes. */
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';

/** CPU slowdown (Emulation.setCPUThrottlingRate): 4x, roughly a mid-range phone; BENCH_CPU_THROTTLE for another. */
export const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
if (!(CPU_THROTTLE >= 1))
  throw new Error(`BENCH_CPU_THROTTLE must be a number >= 1, not ${process.env.BENCH_CPU_THROTTLE}`);

/** Launches the Debian Chromium headless, with the flags that work on this machine kind. */
export function launch(): Promise<Browser> {
  const flags = 'headless no-sandbox disable-gpu disable-quic no-first-run disable-background-networking';
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: `${flags} disable-component-update disable-sync`.split(' ').map((f) => `--${f}`),
  });
}

/** A fresh context (cold cache) at a desktop viewport, with the session cookie (`name=value`) and extra cookies. */
export async function freshContext(
  browser: Browser,
  baseUrl: string,
  session?: string,
  extra: Record<string, string> = {},
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cookies = [...(session ? [session.split('=') as [string, string]] : []), ...Object.entries(extra)];
  const domain = new URL(baseUrl).hostname;
  await context.addCookies(
    cookies.map(([name, value], i) => ({ name, value, domain, path: '/', httpOnly: !!session && i === 0 })),
  );
  return context;
}

/** Throttles the page's CPU; returns its CDP session. */
export async function throttled(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  return cdp;
}

/** JS heap in use after a full garbage collection, in bytes. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.enable');
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/** An LCP candidate as the probes keep it (time, element, area, the start of its text). */
export type LcpCandidate = { t: number; el: string; size: number; text: string };

/** What the probes (PROBES) have recorded in the page so far. */
export interface Probed {
  lcp: number;
  lcpElement: string;
  lcpAll: LcpCandidate[];
  fcp: number;
  ready: number;
  cls: number;
  commits: number;
  keys: number[];
  sounds: { createOscillator: number; createBufferSource: number };
}

/** Reads the probes' record from the page. */
export const readProbes = (page: Page): Promise<Probed> =>
  page.evaluate(() => (window as unknown as { __bench: Probed }).__bench);

/**
 * Installed before any page script: LCP, FCP and CLS observers, a key-to-painted-result probe on the target
 * search, a React DevTools hook stand-in that counts commits (production React calls it too), and the sound
 * sources the page makes (a spin's sound ran).
 */
export const PROBES = `(() => {
  const w = window;
  w.__bench = { lcp: 0, lcpElement: '', lcpAll: [], fcp: 0, ready: 0, cls: 0, commits: 0, keys: [], sounds: { createOscillator: 0, createBufferSource: 0 } };
  if (w.AudioContext) {
    const proto = w.AudioContext.prototype;
    for (const name of ['createOscillator', 'createBufferSource']) {
      const create = proto[name];
      proto[name] = function () { w.__bench.sounds[name]++; return create.call(this); };
    }
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.__bench.lcp = e.startTime;
      w.__bench.lcpElement = e.element ? e.element.tagName + '.' + e.element.className : '';
      w.__bench.lcpAll.push({ t: Math.round(e.startTime), el: w.__bench.lcpElement, size: e.size, text: e.element ? (e.element.textContent || '').slice(0, 40) : '' });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__bench.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) w.__bench.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject() { return 1; },
    onCommitFiberRoot() { w.__bench.commits++; }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };
  // Key press to painted result: the keydown's timestamp to the first frame in which the right grid is not
  // aria-busy, plus one message so the time is taken after that frame's paint.
  const grid = () => document.querySelector('[data-testid="grid-right"]');
  const after = (done) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => done(performance.now());
    ch.port2.postMessage(0);
  };
  // Ready: the first frame painted with enabled target cells (the first screen shows them disabled until the
  // page has booted), from navigation start.
  const ready = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="grid-right"] [data-testid^="target-item"]:not([disabled])')) return;
    ready.disconnect();
    requestAnimationFrame(() => after((now) => { w.__bench.ready = now; }));
  });
  ready.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  document.addEventListener('keydown', (e) => {
    const target = e.target;
    if (!(target instanceof HTMLElement) || target.dataset.testid !== 'search-right') return;
    const t0 = e.timeStamp;
    const frame = () => {
      const g = grid();
      if (g && g.getAttribute('aria-busy') === 'true') return requestAnimationFrame(frame);
      after((now) => { w.__bench.keys.push(now - t0); });
    };
    requestAnimationFrame(frame);
  }, true);
})();`;
