/**
 * `npm run bench:search-ab`: a paired A/B of CSS variants for the search figure (key press to painted result, CPU
 * 4x), for deciding whether a style change is worth making.
 *
 * Whole runs of the search bench are a poor A/B on this machine kind: the same code's p95 moves by 40 % from one run
 * to the next as the machine's speed drifts (docs/performance.md, "Session 10" and "Session 11"). Here each variant
 * is a constructed style sheet in one and the same page, and the variants take turns, one typing session each in a
 * rotating order, so the drift falls on all of them alike. A first session warms the page up and is not counted.
 *
 *   BENCH_AB='{"control":"","no-left":".panel--left{content-visibility:hidden}"}' npm run bench:search-ab
 *
 * BENCH_AB: variant name -> CSS, the first being the control (usually ""); BENCH_AB_SESSIONS: sessions per variant
 * and page (default 5); BENCH_AB_PAGES: fresh pages, one after the other (default 2); BENCH_DB_SUFFIX as for the
 * bench. Prints, per variant, the sessions' p95 and the per-key ratio to the control, and writes
 * reports/search-ab-latest.json with every key's time.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { medianPerKey, searchRig } from './lib/searchRig.ts';
import { median, percentile } from './lib/stats.ts';
import { launch, readProbes } from './page/browser.ts';
import { openProbedPage, PLAIN_PREFS, typeBenchSearch, waitUntilIdle } from './page/flows.ts';

const variants: Record<string, string> = JSON.parse(process.env.BENCH_AB ?? '{"control":""}');
const names = Object.keys(variants);
const sessions = Number(process.env.BENCH_AB_SESSIONS ?? 5);
const pages = Number(process.env.BENCH_AB_PAGES ?? 2);
const db = `bench_ab${process.env.BENCH_DB_SUFFIX ?? ''}`;
const started = Date.now();
const log = (s: string) =>
  process.stderr.write(`[search-ab ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${s}\n`);

/** Installs every variant as a disabled constructed style sheet (the page's CSP refuses <style> elements). */
const SHEETS = `window.__abSheets = {};
document.addEventListener('DOMContentLoaded', () => {
  for (const [name, css] of Object.entries(${JSON.stringify(variants)})) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheet.disabled = true;
    window.__abSheets[name] = sheet;
  }
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, ...Object.values(window.__abSheets)];
});`;

/** One typing session under `name`'s sheet; returns its keys' times. The search box is emptied afterwards. */
async function session(page: Page, name: string): Promise<number[]> {
  await page.evaluate((on) => {
    for (const [n, sheet] of Object.entries(
      (window as unknown as { __abSheets: Record<string, CSSStyleSheet> }).__abSheets,
    ))
      sheet.disabled = n !== on;
  }, name);
  await page.waitForTimeout(400);
  const before = (await readProbes(page)).keys.length;
  await typeBenchSearch(page);
  const keys = (await readProbes(page)).keys.slice(before);
  await page.getByTestId('search-right').fill('');
  await page.waitForTimeout(600);
  return keys;
}

async function main(): Promise<void> {
  const rig = searchRig(db);
  const browser = await launch();
  const keys: Record<string, number[][]> = Object.fromEntries(names.map((n) => [n, []]));
  try {
    log('building the SPA and the 20,000-target catalogue');
    const { url } = await rig.start();
    for (let p = 0; p < pages; p++) {
      const page = await openProbedPage(browser, url, rig.cookie, PLAIN_PREFS, SHEETS);
      await waitUntilIdle(page);
      await session(page, names[0]);
      for (let s = 0; s < sessions; s++) {
        // A rotating order: each variant goes first, second, ... equally often.
        for (let v = 0; v < names.length; v++) {
          const name = names[(v + s) % names.length];
          const times = await session(page, name);
          keys[name].push(times);
          log(
            `page ${p + 1}, session ${s + 1}, ${name}: p95 ${percentile(times, 95).toFixed(1)} ms, median ${median(times).toFixed(1)} ms`,
          );
        }
      }
      await page.context().close();
    }
  } finally {
    await browser.close();
    await rig.stop();
  }
  const controlPerKey = medianPerKey(keys[names[0]]);
  const lines = names.map((name) => {
    const ratio = median(medianPerKey(keys[name]).map((v, i) => v / controlPerKey[i]));
    const p95s = keys[name].map((k) => percentile(k, 95));
    return `${name}: ${keys[name].length} sessions, session p95 median ${median(p95s).toFixed(1)} ms (${Math.min(...p95s).toFixed(1)} to ${Math.max(...p95s).toFixed(1)}), all keys median ${median(keys[name].flat()).toFixed(1)} ms, per-key median ratio to ${names[0]} ${ratio.toFixed(3)}`;
  });
  process.stdout.write(`\n${lines.join('\n')}\n`);
  fs.mkdirSync('reports', { recursive: true });
  fs.writeFileSync(
    'reports/search-ab-latest.json',
    JSON.stringify({ finishedAt: new Date().toISOString(), variants, sessions, pages, keys, summary: lines }, null, 2),
  );
  process.stdout.write('written: reports/search-ab-latest.json\n');
}

await main();
