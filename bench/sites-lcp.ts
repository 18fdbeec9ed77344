/**
 * `npm run bench:sites`: the first paint, the LCP (with every candidate) and the targets on screen of each site
 * variant (cs, dota, ru), on its own, for experiments: `npm run bench` has the Dota and ru LCP as targets since
 * session 16 (its `sites` step, the same measurement: bench/lib/sites.ts). Each variant runs the real server as
 * `npm start` does (embedded PGlite with the demo data, in a temporary DATA_DIR) on the bench's build, signed in as
 * the demo player; 3 cold loads each (a new context; BENCH_SITES_LOADS sets how many), CPU 4x, after a warm-up load
 * and a quiet machine. No target here (docs/performance.md, "Session 12" and "Session 16").
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
import { measureSite } from './lib/sites.ts';
import { CPU_THROTTLE, launch } from './page/browser.ts';

const LOADS = Number(process.env.BENCH_SITES_LOADS ?? 3);
const SITES = (process.env.BENCH_SITES ?? 'cs,dota,ru').split(',').filter(Boolean);

async function main(): Promise<void> {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sites-dist-'));
  const browser = await launch();
  const results = [];
  try {
    await buildSpa(distDir);
    for (const site of SITES) {
      const result = await measureSite(site, distDir, browser, LOADS);
      console.log(`[sites] ${site}: ${result.quiet}`);
      results.push(result);
    }
  } finally {
    await browser.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  }
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(`\n| site | LCP (median of ${LOADS}) | first contentful paint | LCP element | targets on screen | CLS |`);
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    const last = r.loads[0]?.candidates.at(-1);
    console.log(
      `| ${r.site} | ${ms(r.lcp)} (${r.loads.map((l) => l.lcp).join(', ')}) | ${ms(r.fcp)} | ${r.loads[0]?.element} ${last ? `${last.size} px²` : ''} | ${ms(r.ready)} | ${r.cls.toFixed(4)} |`,
    );
  }
  console.log(
    `\nCPU ${CPU_THROTTLE}x, 1280x800, signed in as demo on each variant's demo data (PGlite). Candidates per load in the report.`,
  );
  fs.mkdirSync('reports', { recursive: true });
  fs.writeFileSync(
    'reports/sites-lcp-latest.json',
    JSON.stringify({ when: new Date().toISOString(), results }, null, 2),
  );
  console.log('written: reports/sites-lcp-latest.json');
}

await main();
