/**
 * The page figures (Playwright + Debian Chromium, CPU throttled 4x through CDP): LCP and CLS signed in, script per
 * animation frame during a spin against a bare animation loop, JS heap after N games against after 1, key press to
 * painted result in the target search over 20,000 targets, and the Dota and ru sites' LCP and CLS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { openDb } from '../server/db/client.ts';
import { SPIN_END_MARK, SPIN_START_MARK } from '../src/canvas/spinMarks.ts';
import { atMost, info, missing, type BenchContext, type Figure } from './lib/figures.ts';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { prepareDatabase, shapeCatalogue, type BenchData } from './lib/prepare.ts';
import { quietNote, waitForQuietMachine, type Quiet } from './lib/quiet.ts';
import { startServer, type BenchServer } from './lib/server.ts';
import { median, percentile } from './lib/stats.ts';
import { CPU_THROTTLE, freshContext, heapAfterGc, launch, readProbes, throttled, type Probed } from './page/browser.ts';
import * as flow from './page/flows.ts';
import { scriptPerFrame, TRACE_CATEGORIES } from './page/trace.ts';

/** BENCH_DB_SUFFIX lets two benches share one PostgreSQL. */
const PAGE_DB = `bench_page${process.env.BENCH_DB_SUFFIX ?? ''}`;
/** BENCH_PAGE=load,spin,heap,search,sites (any subset) runs part of the page bench. */
const STEPS = new Set((process.env.BENCH_PAGE ?? 'load,spin,heap,search,sites').split(','));
const LOADS = 3;
const HEAP_GAMES = 50;
const HEAP_MAX_SECONDS = 200;
/** Typing sessions, each in a fresh page: one page's 30 keys are too few for a stable p95. */
const SEARCH_PAGES = Math.max(1, Number(process.env.BENCH_SEARCH_PAGES ?? 3));

/** Waits until the server's CPU has been idle for a second (its first index answer starts a background encoding). */
async function serverIdle(server: BenchServer): Promise<number> {
  const t0 = Date.now();
  for (let quiet = 0, last = server.cpuSeconds(); quiet < 2 && Date.now() - t0 < 30_000;) {
    await new Promise((r) => setTimeout(r, 500));
    const cpu = server.cpuSeconds();
    quiet = cpu - last < 0.02 ? quiet + 1 : 0;
    last = cpu;
  }
  return Date.now() - t0;
}

/** Cold loads of `path` (a new context each), read after network idle and half a second. */
async function coldLoads(browser: Browser, server: BenchServer, cookie: string, path: string, n: number) {
  const loads: Probed[] = [];
  for (let i = 0; i < n; i++) {
    const page = await flow.openProbedPage(browser, server.url, cookie, {}, path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    loads.push(await readProbes(page));
    await page.context().close();
  }
  return loads;
}

async function loadFigures(browser: Browser, server: BenchServer, data: BenchData, ctx: BenchContext) {
  // The page is measured cold (a new context each load), the server warm, as players meet it.
  const warm = { cookie: data.indexPlayer.cookie, 'accept-encoding': 'gzip, deflate, br' };
  await (await fetch(`${server.url}/upgrades/`, { headers: warm })).arrayBuffer();
  await (await fetch(`${server.url}/api/upgrade/index`, { method: 'POST', headers: warm })).arrayBuffer();
  const warmMs = await serverIdle(server);
  const quiet = await waitForQuietMachine();
  const runs: Probed[] = [];
  const blank: Probed[] = [];
  for (let i = 0; i < LOADS; i++) {
    blank.push(...(await coldLoads(browser, server, data.indexPlayer.cookie, '/blank.html', 1)));
    runs.push(...(await coldLoads(browser, server, data.indexPlayer.cookie, '/upgrades/', 1)));
  }
  const ready = runs.map((r) => Math.round(r.ready));
  ctx.raw.load = { runs, blank: blank.map((b) => b.lcp), warmMs, quiet };
  return [
    atMost(
      'page: largest contentful paint',
      median(runs.map((r) => r.lcp)),
      'ms',
      { label: 'one-line static page LCP', value: median(blank.map((b) => b.lcp)), unit: 'ms', beside: true },
      800,
      `median of ${LOADS} cold loads alternating with the static page's, signed in, ${data.catalogueTargets} targets, CPU ${CPU_THROTTLE}x, after the server's warm-up (${(warmMs / 1000).toFixed(1)} s), ${quietNote(quiet)}; LCP element ${runs[0]?.lcpElement}`,
    ),
    atMost(
      'page: cumulative layout shift',
      Math.max(...runs.map((r) => r.cls)),
      '',
      null,
      0.01,
      `worst of ${LOADS} loads`,
    ),
    info(
      'page: targets on screen after a cold load',
      median(ready),
      'ms',
      null,
      `navigation start to the first frame with enabled target cells; each load ${ready.join(', ')} ms`,
    ),
  ];
}

/**
 * The least a spin frame does, measured like the spin: a rAF loop on the static page that sets one transform and
 * one text per frame for 5 s. A string, not a function: tsx would wrap the named step in a helper the page lacks.
 */
async function animationFloor(browser: Browser, server: BenchServer): Promise<number[]> {
  const context = await freshContext(browser, server.url);
  let tracing = false;
  try {
    const page = await context.newPage();
    await throttled(page);
    await page.goto(`${server.url}/blank.html`);
    await flow.waitUntilIdle(page);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    tracing = true;
    await page.evaluate(`new Promise((resolve) => {
      const el = document.body.appendChild(document.createElement('div'));
      const t0 = performance.now();
      performance.mark('bench-floor-start');
      requestAnimationFrame(function step(now) {
        const p = Math.min(1, Math.max(0, now - t0) / 5000);
        el.style.transform = 'rotate(' + (p * 1800) % 360 + 'deg)';
        el.textContent = (p * 100).toFixed(2);
        if (p < 1) return requestAnimationFrame(step);
        performance.mark('bench-floor-end');
        resolve();
      });
    })`);
    tracing = false;
    return scriptPerFrame(await browser.stopTracing(), 'bench-floor-start', 'bench-floor-end');
  } finally {
    if (tracing) await browser.stopTracing().catch(() => undefined);
    await context.close();
  }
}

async function spinFigures(browser: Browser, server: BenchServer, data: BenchData, ctx: BenchContext) {
  const page = await flow.openProbedPage(browser, server.url, data.indexPlayer.cookie, flow.SPIN_PREFS);
  await flow.searchGameItems(page, data);
  await flow.pickGame(page, data);
  // A first game loads the lazy wheel, so the measured spin is a warm one, as every spin after the first.
  await flow.playGame(page, false);
  await flow.returnFromGame(page);
  await flow.pickGame(page, data);
  const quiet = await waitForQuietMachine();
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const before = await readProbes(page);
  await page.evaluate(() => performance.mark('bench-spin-start'));
  await flow.playGame(page, false);
  await page.evaluate(() => performance.mark('bench-spin-end'));
  const after = await readProbes(page);
  const trace = await browser.stopTracing();
  await page.context().close();
  const frames = scriptPerFrame(trace, SPIN_START_MARK, SPIN_END_MARK);
  const game = scriptPerFrame(trace, 'bench-spin-start', 'bench-spin-end');
  const commits = after.commits - before.commits;
  const sounds = after.sounds.createOscillator + after.sounds.createBufferSource;
  const floor = await animationFloor(browser, server);
  const [p95, floorP95] = [percentile(frames, 95), percentile(floor, 95)];
  ctx.raw.spin = { frames, floor, game: game.length, commits, quiet };
  if (frames.length < 10 || floor.length < 10)
    return [
      missing(
        'spin: script per animation frame, p95',
        '<= 2',
        `${frames.length} spin and ${floor.length} floor frames traced`,
      ),
    ];
  return [
    atMost(
      'spin: main-thread script per animation frame, p95',
      p95,
      'ms',
      { label: 'bare animation loop p95', value: floorP95, unit: 'ms' },
      2,
      `${frames.length} frames of one spin with sound on (${sounds - before.sounds.createOscillator - before.sounds.createBufferSource} sound sources), the wheel's spin-start to spin-end marks, CPU ${CPU_THROTTLE}x, ${quietNote(quiet)}; median ${median(frames).toFixed(2)} ms; the loop: ${floor.length} frames on a static page setting one transform and one text, median ${median(floor).toFixed(2)} ms`,
    ),
    atMost(
      'spin: React commits per animation frame',
      commits / game.length,
      '',
      null,
      0.1,
      `${commits} commits in ${game.length} frames (play to result panel)`,
    ),
  ];
}

async function heapFigures(browser: Browser, server: BenchServer, data: BenchData, ctx: BenchContext) {
  const context = await freshContext(browser, server.url, data.indexPlayer.cookie, flow.PLAIN_PREFS);
  const page = await context.newPage();
  await page.clock.install();
  const cdp = await context.newCDPSession(page);
  await flow.openPage(page, server.url);
  await flow.searchGameItems(page, data);
  const t0 = Date.now();
  let games = 0;
  let heap1 = 0;
  while (games < HEAP_GAMES && Date.now() - t0 < HEAP_MAX_SECONDS * 1000) {
    await flow.pickGame(page, data);
    // Game 1 on the Pixi wheel every later game uses: it starts once the player has looked at the chance a while.
    for (let i = 0; games === 0 && i < 20 && (await page.getByTestId('wheel-pixi').count()) === 0; i++) {
      await page.clock.runFor(1_000);
      await page.waitForTimeout(250);
    }
    await flow.playGame(page, true);
    await flow.returnFromGame(page);
    if (++games === 1) heap1 = await heapAfterGc(cdp);
  }
  const seconds = (Date.now() - t0) / 1000;
  const heapN = await heapAfterGc(cdp);
  await context.close();
  ctx.raw.heap = { games, heap1, heapN, seconds };
  return [
    atMost(
      `page: JS heap after ${games} games / after 1`,
      heapN / 2 ** 20,
      'MB',
      { label: 'heap after 1 game', value: heap1 / 2 ** 20, unit: 'MB' },
      1.2,
      `after a forced GC, spins fast-forwarded with page.clock, ${games} games in ${seconds.toFixed(0)} s${games < HEAP_GAMES ? `; stopped at ${games} of ${HEAP_GAMES} (time cap ${HEAP_MAX_SECONDS} s)` : ''}`,
    ),
  ];
}

async function typingFigures(browser: Browser, server: BenchServer, data: BenchData, ctx: BenchContext) {
  const sessions: Array<{ keys: number[]; floor: number[]; quiet: Quiet }> = [];
  for (let s = 0; s < SEARCH_PAGES; s++) {
    const page = await flow.openProbedPage(browser, server.url, data.indexPlayer.cookie, flow.PLAIN_PREFS);
    await flow.waitUntilIdle(page);
    const quiet = await waitForQuietMachine();
    await flow.typeBenchSearch(page);
    const { keys } = await readProbes(page);
    // The machine's floor at this moment: the same keys into a bare input on a static page.
    await page.goto(`${server.url}/blank.html`);
    await flow.waitUntilIdle(page);
    await flow.typeBenchSearch(page);
    sessions.push({ keys, floor: (await readProbes(page)).keys, quiet });
    await page.context().close();
  }
  const keys = sessions.flatMap((s) => s.keys);
  const floor = sessions.flatMap((s) => s.floor);
  ctx.raw.typing = { sessions };
  return [
    atMost(
      'search (20,000 targets): key press to painted result, p95',
      percentile(keys, 95),
      'ms',
      { label: 'bare input p95', value: percentile(floor, 95), unit: 'ms', beside: true },
      100,
      `${keys.length} key presses in ${sessions.length} fresh pages (each "${flow.TYPED}" then 8 backspaces, 150 ms apart) to the first painted frame with the result, CPU ${CPU_THROTTLE}x, ${sessions.map((s) => quietNote(s.quiet)).join('; ')}; median ${median(keys).toFixed(1)} ms; the bare input's median ${median(floor).toFixed(1)} ms`,
    ),
  ];
}

/** The demo player's session cookie (`name=value`), signed in through the API as the page does. */
async function demoCookie(url: string): Promise<string> {
  const body = JSON.stringify({ username: 'demo', password: 'demo' });
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  if (!res.ok || !cookie.includes('=')) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/**
 * The Dota and ru sites, whose LCP element is a target's picture (the CS site's is the wheel's text), each as
 * `npm start` serves it: its demo data on PGlite, signed in as demo, after one uncounted load.
 */
async function siteFigures(browser: Browser, ctx: BenchContext): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const site of ['dota', 'ru']) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-sites-${site}-`));
    let server: BenchServer | null = null;
    try {
      server = await startServer({ SITE: site, DATA_DIR: dataDir, DIST_DIR: ctx.distDir });
      const cookie = await demoCookie(server.url);
      await coldLoads(browser, server, cookie, '/upgrades/', 1);
      const quiet = await waitForQuietMachine();
      const loads = await coldLoads(browser, server, cookie, '/upgrades/', LOADS);
      ctx.raw[`site_${site}`] = loads;
      figures.push(
        atMost(
          `page (${site} site, demo data): largest contentful paint`,
          median(loads.map((l) => l.lcp)),
          'ms',
          null,
          800,
          `median of ${LOADS} cold loads (${loads.map((l) => Math.round(l.lcp)).join(', ')} ms), CPU ${CPU_THROTTLE}x, ${quietNote(quiet)}; LCP element ${loads[0]?.lcpElement}; first contentful paint ${Math.round(median(loads.map((l) => l.fcp)))} ms`,
        ),
        atMost(
          `page (${site} site, demo data): cumulative layout shift`,
          Math.max(...loads.map((l) => l.cls)),
          '',
          null,
          0.01,
          `worst of ${LOADS} loads`,
        ),
      );
    } finally {
      await server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return figures;
}

/** Runs the page steps against the built SPA, served by the real server on PostgreSQL. */
export async function pageBench(ctx: BenchContext): Promise<Figure[]> {
  const url = await createDatabase(PAGE_DB);
  let server: BenchServer | null = null;
  let browser: Browser | null = null;
  const figures: Figure[] = [];
  const step = async (name: string, fn: (b: Browser, s: BenchServer) => Promise<Figure[]>) => {
    if (!STEPS.has(name)) return;
    ctx.log(`page: ${name}`);
    figures.push(
      ...(await fn(browser!, server!).catch((err: Error) => [
        missing(`page: ${name}`, '-', `failed: ${err.message.split('\n')[0]}`),
      ])),
    );
  };
  try {
    const data = await prepareDatabase(
      { kind: 'pg', url },
      { catalogueTargets: 6_000, players: 0, itemsPerPlayer: 0, stakePerGame: 1, indexPlayerItems: 30 + HEAP_GAMES },
    );
    // The machine's floor, served beside the page: one paragraph and a bare input.
    fs.writeFileSync(
      path.join(ctx.distDir, 'blank.html'),
      '<!doctype html><title>blank</title><p>Upgrades</p><input data-testid="search-right">',
    );
    const env = { DATABASE_URL: url, DIST_DIR: ctx.distDir };
    server = await startServer(env);
    browser = await launch();
    await step('load', (b, s) => loadFigures(b, s, data, ctx));
    await step('spin', (b, s) => spinFigures(b, s, data, ctx));
    await step('heap', (b, s) => heapFigures(b, s, data, ctx));
    if (STEPS.has('search')) {
      await server.stop();
      const handle = await openDb({ kind: 'pg', url });
      await shapeCatalogue(handle.db, 20_000);
      await handle.close();
      server = await startServer(env);
      await step('search', (b, s) => typingFigures(b, s, { ...data, catalogueTargets: 20_000 }, ctx));
    }
    await server.stop();
    server = null;
    await step('sites', (b) => siteFigures(b, ctx));
    return figures;
  } finally {
    await browser?.close();
    await server?.stop();
    await dropDatabase(PAGE_DB);
  }
}
