// Chromium for the page bench: launch, signed-in contexts, CPU throttling and heap through CDP, the probes.
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

/** A fresh context (cold cache) at a desktop viewport, with the session cookie (`sid=...`, HttpOnly) and prefs. */
export async function freshContext(browser: Browser, url: string, session = '', prefs: Record<string, string> = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const domain = new URL(url).hostname;
  const [name, value] = session.split('=');
  const sid = value ? [{ name, value, domain, path: '/', httpOnly: true }] : [];
  await context.addCookies([
    ...sid,
    ...Object.entries(prefs).map(([name, value]) => ({ name, value, domain, path: '/' })),
  ]);
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

/** What the probes (PROBES) have recorded in the page so far. */
export interface Probed {
  lcp: number;
  lcpElement: string;
  fcp: number;
  cls: number;
  commits: number;
  keys: number[];
  /** Sound sources the page has made (a spin's sound ran). */
  sounds: number;
}

/** Reads the probes' record from the page. */
export const readProbes = (page: Page): Promise<Probed> =>
  page.evaluate(() => (window as unknown as { __bench: Probed }).__bench);

/** Installed before any page script: LCP, FCP, CLS, key press to painted result, React commits, sound sources. */
export const PROBES = `(() => {
  const w = window;
  w.__bench = { lcp: 0, lcpElement: '', fcp: 0, cls: 0, commits: 0, keys: [], sounds: 0 };
  if (w.AudioContext) {
    const proto = w.AudioContext.prototype;
    for (const name of ['createOscillator', 'createBufferSource']) {
      const create = proto[name];
      proto[name] = function () { w.__bench.sounds++; return create.call(this); };
    }
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.__bench.lcp = e.startTime;
      w.__bench.lcpElement = e.element ? e.element.tagName + '.' + e.element.className : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__bench.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) w.__bench.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  // A DevTools hook stand-in: production React calls it on every commit too.
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject() { return 1; },
    onCommitFiberRoot() { w.__bench.commits++; }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };
  // Key press to painted result: the keydown's timestamp to the first frame in which the right grid is not
  // aria-busy, plus one message so the time is taken after that frame's paint.
  document.addEventListener('keydown', (e) => {
    if (!(e.target instanceof HTMLElement) || e.target.dataset.testid !== 'search-right') return;
    const frame = () => {
      if (document.querySelector('[data-testid="grid-right"][aria-busy="true"]')) return requestAnimationFrame(frame);
      const ch = new MessageChannel();
      ch.port1.onmessage = () => w.__bench.keys.push(performance.now() - e.timeStamp);
      ch.port2.postMessage(0);
    };
    requestAnimationFrame(frame);
  }, true);
})();`;
