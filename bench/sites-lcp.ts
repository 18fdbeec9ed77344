/**
 * `npm run bench:sites`: the first paint and the LCP of each site variant (cs, dota, ru), for what `npm run bench`
 * does not show: its load step measures the CS site only. Each variant runs the real server as `npm start` does
 * (embedded PGlite with the demo data, in a temporary DATA_DIR) on the bench's build, signed in as the demo
 * player; 3 cold loads each (a new context; BENCH_SITES_LOADS sets how many), CPU 4x, after a warm-up load and a
 * quiet machine, as the bench's load step. No target here: the LCP element differs by variant (docs/performance.md, "Session 12"), and this prints
 * it with every LCP candidate.
 *
 *   npm run bench:sites                 # all three
 *   BENCH_SITES=dota npm run bench:sites
 *   BENCH_SITES_LOADS=8 npm run bench:sites   # 8 counted loads per site instead of 3 (the noise is +-100 ms)
 *
 * Writes reports/sites-lcp-latest.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSpa } from './lib/build.ts';
import { quietNote, waitForQuietMachine } from './lib/quiet.ts';
import { startServer, type BenchServer } from './lib/server.ts';
import { median } from './lib/stats.ts';
import { CPU_THROTTLE, launch, readProbes, type LcpCandidate } from './page/browser.ts';
import { openProbedPage } from './page/flows.ts';

const LOADS = Number(process.env.BENCH_SITES_LOADS ?? 3);
const SITES = (process.env.BENCH_SITES ?? 'cs,dota,ru').split(',').filter(Boolean);

/** The demo player's session cookie (`name=value`), signed in through the API as the page does. */
async function demoCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo' }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  if (!res.ok || !cookie.includes('=')) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

async function measureSite(site: string, distDir: string, browser: Awaited<ReturnType<typeof launch>>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-sites-${site}-`));
  let server: BenchServer | undefined;
  try {
    server = await startServer({ SITE: site, DATA_DIR: dataDir, DIST_DIR: distDir });
    const cookie = await demoCookie(server.url);
    const loads: Array<{ lcp: number; fcp: number; ready: number; cls: number; lcpElement: string; candidates: LcpCandidate[] }> = [];
    // One load first, not counted: the server's first index answer and pictures (and their compression) are
    // once-per-process work that players after the first do not meet.
    for (let i = 0; i <= LOADS; i++) {
      if (i === 1) await waitForQuietMachine().then((q) => console.log(`[sites] ${site}: ${quietNote(q)}`));
      const page = await openProbedPage(browser, server.url, cookie, {});
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const b = await readProbes(page);
      if (i > 0) loads.push({ lcp: b.lcp, fcp: b.fcp, ready: b.ready, cls: b.cls, lcpElement: b.lcpElement, candidates: b.lcpAll });
      await page.context().close();
    }
    return {
      site,
      lcp: median(loads.map((l) => l.lcp)),
      fcp: median(loads.map((l) => l.fcp)),
      ready: median(loads.map((l) => l.ready)),
      cls: Math.max(...loads.map((l) => l.cls)),
      loads: loads.map((l) => ({ lcp: Math.round(l.lcp), fcp: Math.round(l.fcp), ready: Math.round(l.ready), element: l.lcpElement, candidates: l.candidates })),
    };
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sites-dist-'));
  const browser = await launch();
  const results = [];
  try {
    await buildSpa(distDir);
    for (const site of SITES) results.push(await measureSite(site, distDir, browser));
  } finally {
    await browser.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  }
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(`\n| site | LCP (median of ${LOADS}) | first contentful paint | LCP element | targets on screen | CLS |`);
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    const last = r.loads[0]?.candidates.at(-1);
    console.log(`| ${r.site} | ${ms(r.lcp)} (${r.loads.map((l) => l.lcp).join(', ')}) | ${ms(r.fcp)} | ${r.loads[0]?.element} ${last ? `${last.size} px²` : ''} | ${ms(r.ready)} | ${r.cls.toFixed(4)} |`);
  }
  console.log(`\nCPU ${CPU_THROTTLE}x, 1280x800, signed in as demo on each variant's demo data (PGlite). Candidates per load in the report.`);
  fs.mkdirSync('reports', { recursive: true });
  fs.writeFileSync('reports/sites-lcp-latest.json', JSON.stringify({ when: new Date().toISOString(), results }, null, 2));
  console.log('written: reports/sites-lcp-latest.json');
}

await main();
