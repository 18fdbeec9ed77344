/**
 * One site variant's first paint and LCP as `npm start` serves it (embedded PGlite with the demo data, in a temporary
 * DATA_DIR), on a built SPA, signed in as the demo player: cold loads (a new context each) at the bench's CPU
 * throttle after a warm-up load and a quiet machine. Used by `npm run bench:sites` and the page bench's `sites`
 * step (the Dota and ru sites, whose LCP element is a target's picture: docs/performance.md, session 16).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { quietNote, waitForQuietMachine } from './quiet.ts';
import { startServer, type BenchServer } from './server.ts';
import { median } from './stats.ts';
import { readProbes, type launch, type LcpCandidate } from '../page/browser.ts';
import { openProbedPage } from '../page/flows.ts';

/** One variant's loads: medians of LCP, first paint and targets on screen, the worst CLS, each load's record. */
export interface SiteResult {
  site: string;
  lcp: number;
  fcp: number;
  ready: number;
  cls: number;
  quiet: string;
  loads: Array<{ lcp: number; fcp: number; ready: number; element: string; candidates: LcpCandidate[] }>;
}

/** The demo player's session cookie (`name=value`), signed in through the API as the page does. */
export async function demoCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo' }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  if (!res.ok || !cookie.includes('=')) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** `counted` cold loads of /upgrades/ on `site` (after one warm-up load), as described at the top. */
export async function measureSite(
  site: string,
  distDir: string,
  browser: Awaited<ReturnType<typeof launch>>,
  counted: number,
): Promise<SiteResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-sites-${site}-`));
  let server: BenchServer | undefined;
  try {
    server = await startServer({ SITE: site, DATA_DIR: dataDir, DIST_DIR: distDir });
    const cookie = await demoCookie(server.url);
    const loads: Array<{
      lcp: number;
      fcp: number;
      ready: number;
      cls: number;
      lcpElement: string;
      candidates: LcpCandidate[];
    }> = [];
    let quiet = '';
    // One load first, not counted: the server's first index answer and pictures (and their compression) are
    // once-per-process work that players after the first do not meet.
    for (let i = 0; i <= counted; i++) {
      if (i === 1) quiet = quietNote(await waitForQuietMachine());
      const page = await openProbedPage(browser, server.url, cookie, {});
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const b = await readProbes(page);
      if (i > 0)
        loads.push({
          lcp: b.lcp,
          fcp: b.fcp,
          ready: b.ready,
          cls: b.cls,
          lcpElement: b.lcpElement,
          candidates: b.lcpAll,
        });
      await page.context().close();
    }
    return {
      site,
      lcp: median(loads.map((l) => l.lcp)),
      fcp: median(loads.map((l) => l.fcp)),
      ready: median(loads.map((l) => l.ready)),
      cls: Math.max(...loads.map((l) => l.cls)),
      quiet,
      loads: loads.map((l) => ({
        lcp: Math.round(l.lcp),
        fcp: Math.round(l.fcp),
        ready: Math.round(l.ready),
        element: l.lcpElement,
        candidates: l.candidates,
      })),
    };
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
