/**
 * `npm run bench:search-floor`: how fast the target search could be with this page's DOM and styles and no
 * framework at all, beside the real page, for deciding where a key press's time can still be won.
 *
 * The real page is opened as the search bench opens it, and the cells it shows for each value the bench's typing
 * passes through are recorded. Then a lab copy is served: the real page's document after load with its scripts
 * removed (the same elements, classes, stylesheet and pictures), whose one script (bench/page/floorLab.js) writes
 * those recorded cells straight into the DOM on each input event. No React, no statechart, no search. A second copy,
 * `lab-svg`, shows the same cells with the SVG pictures instead of the PNGs. The variants take turns in a rotating
 * order, one typing session each in a fresh page (as the search bench types, one page open at a time); the same
 * probes time each key (key press to painted result, CPU 4x).
 *
 *   npm run bench:search-floor                      # 5 sessions per variant
 *   BENCH_FLOOR_SESSIONS=8 npm run bench:search-floor
 *   BENCH_FLOOR_TRACE=/tmp/floor npm run bench:search-floor   # also a Chromium trace of each session (real-1.json...)
 *   BENCH_FLOOR_BASE=HEAD~1 npm run bench:search-floor       # and a fourth variant, `base`: the real page built from
 *                                                            # that commit (a git worktree), served by a second server
 *                                                            # on the same database: a code change's A/B in one run
 *
 * Prints each variant's pooled p95, median and keys over 50 ms, and the median per key; writes
 * reports/search-floor-latest.json with every key's time.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildSpa } from './lib/build.ts';
import { medianPerKey, searchRig } from './lib/searchRig.ts';
import { startServer, type BenchServer } from './lib/server.ts';
import { median, percentile } from './lib/stats.ts';
import { launch, readProbes } from './page/browser.ts';
import { extraCategories, TRACE_CATEGORIES } from './page/trace.ts';
import { openProbedPage, PLAIN_PREFS, TYPED, typeBenchSearch, TYPED_KEYS, waitUntilIdle } from './page/flows.ts';

const SESSIONS = Number(process.env.BENCH_FLOOR_SESSIONS ?? 5);
const db = `bench_floor${process.env.BENCH_DB_SUFFIX ?? ''}`;
const started = Date.now();
const log = (s: string) =>
  process.stderr.write(`[search-floor ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${s}\n`);

/** What a target cell shows, read from the real page (a string: tsx would add a helper the page lacks). */
const READ_CELLS = `[...document.querySelectorAll('[data-testid="grid-right"] > .cell')].map((c) => ({
  cls: c.className, testid: c.getAttribute('data-testid'),
  label: c.getAttribute('aria-label'), pressed: c.getAttribute('aria-pressed'), title: c.getAttribute('title'),
  hidden: c.getAttribute('aria-hidden'), disabled: c.disabled,
  price: c.querySelector('.cell__price').textContent, l1: c.querySelector('.cell__line1').textContent,
  l2: c.querySelector('.cell__line2').textContent, src: c.querySelector('img').getAttribute('src'),
}))`;

/** Every value the search box holds while the bench types: TYPED letter by letter, then 8 backspaces. */
function typedValues(): string[] {
  const values = [''];
  for (let i = 1; i <= TYPED.length; i++) values.push(TYPED.slice(0, i));
  for (let i = 1; i <= TYPED_KEYS - TYPED.length; i++) values.push(TYPED.slice(0, TYPED.length - i));
  return values;
}

/** Writes lab.html and lab-svg.html (and their data) into distDir from the real page's recorded cells and document. */
async function writeLab(page: Page, distDir: string): Promise<void> {
  const table: Record<string, unknown> = {};
  for (const value of typedValues()) {
    await page.getByTestId('search-right').fill(value);
    await page.waitForTimeout(700);
    table[value] = await page.evaluate(READ_CELLS);
  }
  await page.getByTestId('search-right').fill('');
  await page.waitForTimeout(1000);
  const html = ((await page.evaluate('document.documentElement.outerHTML')) as string)
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<link[^>]*modulepreload[^>]*>/g, '');
  const svg = (s: string) => s.replace(/(\/app\/public\/items\/\d+)\.png/g, '$1.svg');
  const script = fs.readFileSync(path.join(import.meta.dirname, 'page', 'floorLab.js'), 'utf8');
  fs.writeFileSync(path.join(distDir, 'lab.js'), script);
  for (const [name, map] of [
    ['lab', (s: string) => s],
    ['lab-svg', svg],
  ] as const) {
    fs.writeFileSync(path.join(distDir, `${name}-data.js`), map(`window.__LAB = ${JSON.stringify(table)};`));
    fs.writeFileSync(
      path.join(distDir, `${name}.html`),
      `<!doctype html>${map(html).replace('</body>', `<script src="/${name}-data.js"></script><script src="/lab.js"></script></body>`)}`,
    );
  }
}

/**
 * The SPA of git ref `ref`, built into a new directory as the bench builds (bench/lib/build.ts: production,
 * pre-compressed), from a temporary worktree with this checkout's node_modules linked in. Returns the directory and
 * its clean-up.
 */
async function buildRef(ref: string): Promise<{ dir: string; remove: () => void }> {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'floor-base-'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floor-base-dist-'));
  const remove = () => {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { stdio: 'ignore' });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  execFileSync('git', ['worktree', 'add', '--detach', tree, ref], { stdio: 'ignore' });
  try {
    fs.symlinkSync(path.resolve('node_modules'), path.join(tree, 'node_modules'));
    await buildSpa(dir, tree);
  } catch (err) {
    remove();
    throw err;
  }
  return { dir, remove };
}

async function main(): Promise<void> {
  const rig = searchRig(db);
  const browser = await launch();
  const baseRef = process.env.BENCH_FLOOR_BASE;
  const names = baseRef ? ['real', 'base', 'lab'] : ['real', 'lab', 'lab-svg'];
  let base: { dir: string; remove: () => void } | null = null;
  let baseServer: BenchServer | null = null;
  const keys: Record<string, number[][]> = Object.fromEntries(names.map((n) => [n, []]));
  const traced: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  try {
    log('building the SPA and the 20,000-target catalogue');
    const { url } = await rig.start();
    if (baseRef) {
      log(`building ${baseRef} and starting a second server for it`);
      base = await buildRef(baseRef);
      baseServer = await startServer({ DATABASE_URL: rig.databaseUrl, DIST_DIR: base.dir });
    }
    log('recording the cells of each typed value');
    const recorder = await openProbedPage(browser, url, rig.cookie, PLAIN_PREFS);
    await waitUntilIdle(recorder);
    await writeLab(recorder, rig.distDir);
    await recorder.context().close();
    // Each session in a fresh page, as the search bench types (its first keys run cold code), and one page at a
    // time: a page under DevTools' CPU throttling keeps its main thread spinning while idle (about 0.85 of a core),
    // so pages left open would slow the one being typed in.
    const session = async (name: string): Promise<number[]> => {
      const page = await openProbedPage(browser, name === 'base' ? baseServer!.url : url, rig.cookie, PLAIN_PREFS);
      try {
        if (name !== 'real' && name !== 'base') await page.goto(`${url}/${name}.html`);
        await waitUntilIdle(page);
        const trace = process.env.BENCH_FLOOR_TRACE;
        if (trace) await browser.startTracing(page, { categories: [...TRACE_CATEGORIES, ...extraCategories()] });
        await typeBenchSearch(page);
        if (trace) {
          fs.mkdirSync(trace, { recursive: true });
          fs.writeFileSync(path.join(trace, `${name}-${++traced[name]}.json`), await browser.stopTracing());
        }
        return (await readProbes(page)).keys;
      } finally {
        await page.context().close();
      }
    };
    for (let s = 0; s < SESSIONS; s++) {
      for (let v = 0; v < names.length; v++) {
        const name = names[(v + s) % names.length];
        const times = await session(name);
        keys[name].push(times);
        log(
          `session ${s + 1}, ${name}: p95 ${percentile(times, 95).toFixed(1)} ms, median ${median(times).toFixed(1)} ms`,
        );
      }
    }
  } finally {
    await browser.close();
    await baseServer?.stop();
    base?.remove();
    await rig.stop();
  }
  const typed = [...TYPED, ...Array(TYPED_KEYS - TYPED.length).fill('⌫')];
  const lines = names.map((name) => {
    const all = keys[name].flat();
    return `${name}: ${keys[name].length} sessions, pooled p95 ${percentile(all, 95).toFixed(1)} ms, median ${median(all).toFixed(1)} ms, ${all.filter((k) => k > 50).length} of ${all.length} keys over 50 ms`;
  });
  const columns = names.map((n) => medianPerKey(keys[n]));
  const table = typed.map(
    (c, i) => `${String(i).padStart(2)} ${c}  ${columns.map((col) => col[i].toFixed(1).padStart(7)).join(' ')}`,
  );
  process.stdout.write(`\n${lines.join('\n')}\n\nmedian per key:  ${names.join(' ')}\n${table.join('\n')}\n`);
  fs.mkdirSync('reports', { recursive: true });
  fs.writeFileSync(
    'reports/search-floor-latest.json',
    JSON.stringify({ finishedAt: new Date().toISOString(), sessions: SESSIONS, keys, summary: lines }, null, 2),
  );
  process.stdout.write('written: reports/search-floor-latest.json\n');
}

await main();
