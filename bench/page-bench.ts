/**
 * The page figures (Playwright + Debian Chromium, CPU throttled 4x through the DevTools protocol): LCP and CLS
 * signed in with 6,000 targets, script time per animation frame during a spin (and React commits per frame),
 * JS heap after N games vs after 1, and key press to painted result in the target search over 20,000 targets.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { openDb } from '../server/db/client.ts';
import { atMost, info, missing, type Figure } from './lib/figures.ts';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { prepareDatabase, shapeCatalogue, type BenchData } from './lib/prepare.ts';
import { startServer, type BenchServer } from './lib/server.ts';
import { measureSite, type SiteResult } from './lib/sites.ts';
import { SPIN_END_MARK, SPIN_START_MARK } from '../src/canvas/spinMarks.ts';
import { quietNote, waitForQuietMachine, type Quiet } from './lib/quiet.ts';
import { median, percentile } from './lib/stats.ts';
import {
  CPU_THROTTLE,
  freshContext,
  heapAfterGc,
  launch,
  PROBES,
  readProbes,
  signedInContext,
  throttled,
  type LcpCandidate,
} from './page/browser.ts';
import {
  openPage,
  openProbedPage,
  pickGame,
  PLAIN_PREFS,
  playGame,
  returnFromGame,
  searchGameItems,
  SPIN_PREFS,
  TYPED,
  typeBenchSearch,
  waitUntilIdle,
} from './page/flows.ts';
import { heapSplit, type HeapSplit } from './page/heapSnapshot.ts';
import { extraCategories, scriptFrames, scriptPerFrame, TRACE_CATEGORIES } from './page/trace.ts';

/** BENCH_DB_SUFFIX lets two benches run side by side on one PostgreSQL (engineers sharing a machine). */
const PAGE_DB = `bench_page${process.env.BENCH_DB_SUFFIX ?? ''}`;
const LOADS = 3;
const HEAP_GAMES = 50;
/** A safety cap: 50 fast-forwarded games take 60 to 130 s on this machine (2 to 2.5 s each under load). */
const HEAP_MAX_SECONDS = 200;

async function loadFigures(
  browser: Browser,
  server: BenchServer,
  data: BenchData,
  distDir: string,
  raw: Record<string, unknown>,
): Promise<Figure[]> {
  const runs: Array<{ lcp: number; cls: number; el: string; fcp: number; ready: number; candidates: LcpCandidate[] }> =
    [];
  const blank: number[] = [];
  // The server's first index answer starts its best (quality-11) brotli of the catalogue in the background: seconds
  // of CPU, once per catalogue change, which ran beside the first measured loads on this 2-core machine. The page
  // is measured cold (a new browser context each load), the server warm, as players meet it: one page and one index
  // request first, then wait until the server's CPU has been idle for a second (capped at 30 s).
  const warm = { cookie: data.indexPlayer.cookie, 'accept-encoding': 'gzip, deflate, br' };
  await (await fetch(`${server.url}/upgrades/`, { headers: warm })).arrayBuffer();
  await (await fetch(`${server.url}/api/upgrade/index`, { method: 'POST', headers: warm })).arrayBuffer();
  const warmStart = Date.now();
  const cpuStart = server.cpuSeconds();
  for (let quiet = 0, last = cpuStart; quiet < 2 && Date.now() - warmStart < 30_000;) {
    await new Promise((r) => setTimeout(r, 500));
    const cpu = server.cpuSeconds();
    quiet = cpu - last < 0.02 ? quiet + 1 : 0;
    last = cpu;
  }
  const warmup = {
    waitedMs: Date.now() - warmStart,
    serverCpuSeconds: Number((server.cpuSeconds() - cpuStart).toFixed(2)),
  };
  // Then the whole machine: what the benches before this one (and this one's data) left to PostgreSQL and the
  // kernel is worked off before the loads, not during them.
  const quiet = await waitForQuietMachine();
  for (let i = 0; i < LOADS; i++) {
    for (const url of ['/blank.html', '/upgrades/']) {
      const context = await signedInContext(browser, server.url, data.indexPlayer.cookie);
      const page = await context.newPage();
      await page.addInitScript(PROBES);
      await throttled(page);
      // BENCH_TRACE_LOAD=<file>: a Chromium trace of the first load of the page, to see what comes before its LCP.
      const traceFile = i === 0 && url === '/upgrades/' ? process.env.BENCH_TRACE_LOAD : undefined;
      if (traceFile)
        await browser.startTracing(page, { categories: [...TRACE_CATEGORIES, 'loading', 'blink', 'v8', 'toplevel'] });
      if (url === '/upgrades/') await openPage(page, server.url);
      else await page.goto(`${server.url}${url}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      if (traceFile) fs.writeFileSync(traceFile, await browser.stopTracing());
      const b = await readProbes(page);
      if (url === '/upgrades/')
        runs.push({
          lcp: b.lcp,
          cls: b.cls,
          el: b.lcpElement,
          fcp: Math.round(b.fcp),
          ready: Math.round(b.ready),
          candidates: b.lcpAll,
        });
      else blank.push(b.lcp);
      await context.close();
    }
  }
  raw.load = { runs, blank, warmup, quiet };
  const lcp = median(runs.map((r) => r.lcp));
  const blankLcp = median(blank);
  const note = `median of ${LOADS} cold loads, signed in, ${data.catalogueTargets} targets, CPU ${CPU_THROTTLE}x, after the server's warm-up (${(warmup.waitedMs / 1000).toFixed(1)} s, ${warmup.serverCpuSeconds} s of its CPU), ${quietNote(quiet)}; LCP element ${runs[0]?.el}; a one-line static page: ${blankLcp.toFixed(0)} ms`;
  return [
    atMost('page: largest contentful paint', lcp, 'ms', null, 800, note),
    atMost(
      'page: cumulative layout shift',
      Math.max(...runs.map((r) => r.cls)),
      '',
      null,
      0.01,
      `worst of ${LOADS} loads`,
    ),
    // The target is absolute, so the machine's own speed is shown beside it: the same loads of a one-line page.
    info(
      'page: LCP against a one-line static page (machine speed)',
      lcp,
      'ms',
      { label: 'static page LCP', value: blankLcp, unit: 'ms' },
      `the LCP figure's loads against ${LOADS} cold loads of a one-line static page, alternating with them, same throttling: how much of the LCP is the page and how much this machine`,
    ),
    info(
      'page: targets on screen after a cold load',
      median(runs.map((r) => r.ready)),
      'ms',
      null,
      `the same loads, navigation start to the first frame painted with enabled target cells (the data calls, the boot and the hydration; the first screen shows them disabled before), median; each load ${runs.map((r) => r.ready).join(', ')} ms`,
    ),
  ];
}

async function spinFigures(
  browser: Browser,
  server: BenchServer,
  data: BenchData,
  raw: Record<string, unknown>,
): Promise<Figure[]> {
  const page = await openProbedPage(browser, server.url, data.indexPlayer.cookie, SPIN_PREFS);
  const context = page.context();
  await searchGameItems(page, data);
  await pickGame(page, data);
  // The wheel chunk loads lazily; one game first so the measured spin is a warm one, as every spin after the first.
  await playGame(page, false);
  await returnFromGame(page);
  await pickGame(page, data);
  const quiet = await waitForQuietMachine();
  await browser.startTracing(page, { categories: [...TRACE_CATEGORIES, ...extraCategories()] });
  const before = await readProbes(page);
  await page.evaluate(() => performance.mark('bench-spin-start'));
  await playGame(page, false);
  await page.evaluate(() => performance.mark('bench-spin-end'));
  const after = await readProbes(page);
  const commits = after.commits - before.commits;
  const oscillators = after.sounds.createOscillator - before.sounds.createOscillator;
  const bufferSources = after.sounds.createBufferSource - before.sounds.createBufferSource;
  const trace = await browser.stopTracing();
  await context.close();
  // The floor is for information: if it cannot be measured, the spin's own figures still stand.
  const floor = await animationFloor(browser, server).catch(() => [] as number[]);
  const floorP95 = percentile(floor, 95);
  // BENCH_TRACE_SPIN=<file>: the measured spin's Chromium trace, to see what its slow frames spend their time on.
  if (process.env.BENCH_TRACE_SPIN) fs.writeFileSync(process.env.BENCH_TRACE_SPIN, trace);
  // "During a spin": the frames between the wheel's own User Timing marks (src/canvas/spinMarks.ts: the tween
  // starts, the wheel lands). The whole game around it (click, answer, landing, result panel) is reported beside it.
  const { frames: spin } = scriptFrames(trace, SPIN_START_MARK, SPIN_END_MARK);
  const frames = spin.map((f) => f.ms);
  // The same frames' script on the main thread's own CPU clock: wall-clock script time minus the time the OS gave
  // the core to other processes (the 4x throttle spins on the thread, so it stays in). Shown beside the figure.
  const threadMs = spin.map((f) => f.threadMs);
  const p95 = percentile(frames, 95);
  const { frames: game } = scriptPerFrame(trace, 'bench-spin-start', 'bench-spin-end');
  raw.spin = {
    frames: frames.length,
    p50: median(frames),
    p95,
    max: Math.max(...frames),
    thread: { p50: median(threadMs), p95: percentile(threadMs, 95) },
    game: { frames: game.length, p50: median(game), p95: percentile(game, 95), max: Math.max(...game) },
    commits,
    sounds: { oscillators, bufferSources },
    quiet,
    floor: { frames: floor.length, p50: median(floor), p95: floorP95 },
  };
  if (frames.length < 10)
    return [
      missing(
        'spin: script time per animation frame, p95',
        '<= 4 ms',
        `only ${frames.length} frames found in the trace`,
      ),
    ];
  return [
    atMost(
      'spin: main-thread script per animation frame, p95',
      p95,
      'ms',
      null,
      4,
      `${frames.length} frames of one spin with sound on (the game made ${oscillators} oscillators and ${bufferSources} buffer sources), wheel's spin-start to spin-end marks (CDP trace), CPU ${CPU_THROTTLE}x, ${quietNote(quiet)}; median ${median(frames).toFixed(2)} ms`,
    ),
    info(
      "spin: the same frames on the main thread's CPU clock, p95",
      percentile(threadMs, 95),
      'ms',
      null,
      `excludes time the OS gave the core to other processes; median ${median(threadMs).toFixed(2)} ms`,
    ),
    info(
      'spin: the whole game, play click to result panel, p95',
      percentile(game, 95),
      'ms',
      null,
      `${game.length} frames incl. the click, the answer, the landing and the panel's mount; median ${median(game).toFixed(2)} ms`,
    ),
    atMost(
      'spin: React commits per animation frame',
      commits / game.length,
      '',
      null,
      0.1,
      `${commits} commits in ${game.length} frames (play to result panel)`,
    ),
    ...(floor.length >= 10
      ? [
          info(
            'spin: script per frame against a bare animation loop (machine speed)',
            p95,
            'ms',
            { label: 'bare loop p95', value: floorP95, unit: 'ms' },
            `the spin's p95 against ${floor.length} frames of a loop on a one-line static page that does the least a spin frame does (one transform, one text per frame), same throttling, right after (median ${median(floor).toFixed(2)} ms): DevTools' throttle pauses the main thread in slices, and how long a slice is depends on the machine`,
          ),
        ]
      : []),
  ];
}

/**
 * The least a spin frame does, measured like the spin: a requestAnimationFrame loop on the one-line static page
 * that sets one element's transform and text each frame for 5 s, CPU throttled alike, script per frame from a
 * trace. What it shows is this machine under DevTools' throttle, not the page.
 */
async function animationFloor(browser: Browser, server: BenchServer): Promise<number[]> {
  const context = await freshContext(browser);
  let tracing = false;
  try {
    const page = await context.newPage();
    await throttled(page);
    await page.goto(`${server.url}/blank.html`);
    await waitUntilIdle(page);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    tracing = true;
    // A string, not a function: tsx would wrap the named step function in a helper the page does not have.
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
    return scriptPerFrame(await browser.stopTracing(), 'bench-floor-start', 'bench-floor-end').frames;
  } finally {
    // A failed floor leaves no trace running, which would refuse the next figure's tracing.
    if (tracing) await browser.stopTracing().catch(() => undefined);
    await context.close();
  }
}

async function heapFigures(
  browser: Browser,
  server: BenchServer,
  data: BenchData,
  raw: Record<string, unknown>,
  log: (s: string) => void,
): Promise<Figure[]> {
  const context = await signedInContext(browser, server.url, data.indexPlayer.cookie, PLAIN_PREFS);
  const page = await context.newPage();
  await page.clock.install();
  const cdp = await page.context().newCDPSession(page);
  await openPage(page, server.url);
  await searchGameItems(page, data);
  const t0 = Date.now();
  let games = 0;
  let heap1 = 0;
  let split1: HeapSplit | null = null;
  while (games < HEAP_GAMES && Date.now() - t0 < HEAP_MAX_SECONDS * 1000) {
    await pickGame(page, data);
    if (games === 0) {
      // Game 1 is played on the wheel every later game uses: Pixi starts once the player has looked at the chance
      // for a moment (LazyWheel, QUIET_MS on the page clock), as a player does before a first Play. Otherwise the
      // first game runs on the SVG placeholder and Pixi's own heap would count as growth.
      for (let i = 0; i < 20 && (await page.getByTestId('wheel-pixi').count()) === 0; i++) {
        await page.clock.runFor(1_000);
        await page.waitForTimeout(250);
      }
    }
    await playGame(page, true);
    await returnFromGame(page);
    games++;
    if (games === 1) {
      heap1 = await heapAfterGc(cdp);
      // A snapshot allocates on the page's heap itself, so it is taken after the figure's reading, never before.
      split1 = await heapSplit(cdp);
    }
  }
  const seconds = (Date.now() - t0) / 1000;
  const heapN = await heapAfterGc(cdp);
  const splitN = await heapSplit(cdp);
  await context.close();
  log(`heap: ${games} games`);
  raw.heap = { games, heap1, heapN, seconds, split1, splitN };
  const mb = (bytes: number) => bytes / 2 ** 20;
  return [
    atMost(
      `page: JS heap after ${games} games / after 1`,
      heapN / 2 ** 20,
      'MB',
      { label: 'heap after 1 game', value: heap1 / 2 ** 20, unit: 'MB' },
      1.2,
      `after a forced GC (HeapProfiler.collectGarbage), game 1 played on the Pixi wheel (started before it); spins fast-forwarded with page.clock in steps GSAP keeps up with, ${games} games in ${seconds.toFixed(0)} s${games < HEAP_GAMES ? `; stopped at ${games} of ${HEAP_GAMES} games (time cap ${HEAP_MAX_SECONDS} s)` : ''}`,
    ),
    ...(split1
      ? [
          info(
            `page: heap snapshot without compiled code, after ${games} games / after 1`,
            mb(splitN.data),
            'MB',
            { label: 'after 1 game', value: mb(split1.data), unit: 'MB' },
            `the page's objects; compiled code and feedback (V8 optimising hot functions) ${mb(split1.code).toFixed(2)} -> ${mb(splitN.code).toFixed(2)} MB, shown apart (bench/page/heapSnapshot.ts)`,
          ),
          // Playwright's own scripts share the page's V8 heap; their part, from the same snapshots, beside the figure.
          info(
            `page: JS heap without Playwright's scripts, after ${games} games / after 1`,
            mb(heapN - splitN.playwright),
            'MB',
            { label: 'after 1 game', value: mb(heap1 - split1.playwright), unit: 'MB' },
            `the figure's readings less what Playwright's injected, utility and page.clock scripts hold (sources, functions, compiled code): ${mb(split1.playwright).toFixed(2)} -> ${mb(splitN.playwright).toFixed(2)} MB`,
          ),
        ]
      : []),
  ];
}

/** Types the bench's search; per key, the time to the result painted on screen and in every cell (keysAll). */
async function typeInSearch(page: Page): Promise<{ keys: number[]; keysAll: number[] }> {
  await typeBenchSearch(page);
  const { keys, keysAll } = await readProbes(page);
  return { keys, keysAll };
}

/**
 * Typing sessions, each in a fresh page (BENCH_SEARCH_PAGES, default 3): a fresh page's first keys run cold code, and
 * one page's 30 keys are too few for a p95 (it is their second slowest key, which made the figure swing by a third
 * from run to run; docs/performance.md, "Session 11"). Pooled, the first keys stay one in 30, as in a single page.
 */
const SEARCH_PAGES = Math.max(1, Number(process.env.BENCH_SEARCH_PAGES ?? 3));

async function typingFigures(
  browser: Browser,
  server: BenchServer,
  data: BenchData,
  raw: Record<string, unknown>,
): Promise<Figure[]> {
  const sessions: Array<{ keys: number[]; keysAll: number[]; floor: number[]; quiet: Quiet }> = [];
  for (let s = 0; s < SEARCH_PAGES; s++) {
    const page = await openProbedPage(browser, server.url, data.indexPlayer.cookie, PLAIN_PREFS);
    // The player reads the page first: typing at the first cell's paint measured the first screen's picture
    // documents and other start-up work landing in the first keys' frames, not the search.
    await waitUntilIdle(page);
    const quiet = await waitForQuietMachine();
    // BENCH_TRACE_SEARCH=<file>: a Chromium trace of the first page's typed keys, to see what a slow key spends its
    // time on.
    const traceFile = s === 0 ? process.env.BENCH_TRACE_SEARCH : undefined;
    if (traceFile)
      await browser.startTracing(page, {
        categories: [
          ...TRACE_CATEGORIES,
          'devtools.timeline.frame',
          'disabled-by-default-devtools.timeline.frame',
          'loading',
          'latencyInfo',
          ...extraCategories(),
        ],
      });
    const { keys, keysAll } = await typeInSearch(page);
    if (traceFile) fs.writeFileSync(traceFile, await browser.stopTracing());
    // The floor of this machine at this moment: the same keys into a bare input on a static page.
    await page.goto(`${server.url}/blank.html`);
    await waitUntilIdle(page);
    const floor = (await typeInSearch(page)).keys;
    await page.context().close();
    sessions.push({ keys, keysAll, floor, quiet });
  }
  const keys = sessions.flatMap((s) => s.keys);
  const keysAll = sessions.flatMap((s) => s.keysAll);
  const floor = sessions.flatMap((s) => s.floor);
  raw.typing = { keys, keysAll, floor, sessions };
  const p95 = percentile(keys, 95);
  const floorP95 = percentile(floor, 95);
  const firsts = sessions.map((s) => s.keys[0]?.toFixed(0)).join(', ');
  return [
    atMost(
      'search (20,000 targets): key press to painted result, p95',
      p95,
      'ms',
      null,
      50,
      `${keys.length} key presses in ${sessions.length} fresh pages (each "${TYPED}" then 8 backspaces, 150 ms apart) to the first frame with the result in every cell on screen, CPU ${CPU_THROTTLE}x, ${sessions.map((s) => quietNote(s.quiet)).join('; ')}; median ${median(keys).toFixed(1)} ms; each page's first key ${firsts} ms; a bare input on a static page: p95 ${floorP95.toFixed(1)} ms`,
    ),
    info(
      'search: key press to the result in every cell (below the fold too), p95',
      percentile(keysAll, 95),
      'ms',
      null,
      `the same key presses, to the first frame in which the cells off screen show the result too: they follow the cells on screen one frame later (src/ui/cellWriter.ts); median ${median(keysAll).toFixed(1)} ms`,
    ),
    info(
      'search: key p95 against a bare input (machine speed)',
      p95,
      'ms',
      { label: 'bare input p95', value: floorP95, unit: 'ms' },
      `the same keys typed into a bare input on a one-line static page after each page, same throttling (median ${median(floor).toFixed(1)} ms): the browser's own cost of a key press on this machine`,
    ),
  ];
}

/** Runs the page benches against the built SPA in distDir (served by the real server on PostgreSQL). */
/** BENCH_PAGE=load,spin,heap,search,sites (any subset; all by default) runs part of the page bench while working on it. */
const pageSteps = new Set((process.env.BENCH_PAGE ?? 'load,spin,heap,search,sites').split(','));

/** Cold loads per variant in the `sites` step, as in the load step. */
const SITE_LOADS = 3;

/**
 * The Dota and ru sites' LCP and CLS: the load step measures the CS site, whose LCP element is the wheel's text, while
 * theirs is a target's picture (docs/performance.md, sessions 12 and 16). Each variant as `npm start` serves it (its
 * demo data on PGlite), signed in as the demo player, on the same build, throttle and probes (bench/lib/sites.ts).
 */
async function siteFigures(browser: Browser, distDir: string, raw: Record<string, unknown>): Promise<Figure[]> {
  const results: SiteResult[] = [];
  for (const site of ['dota', 'ru']) results.push(await measureSite(site, distDir, browser, SITE_LOADS));
  raw.sites = results;
  return results.flatMap((r) => {
    const last = r.loads[0]?.candidates.at(-1);
    return [
      atMost(
        `page (${r.site} site, demo data): largest contentful paint`,
        r.lcp,
        'ms',
        null,
        800,
        `median of ${SITE_LOADS} cold loads (${r.loads.map((l) => l.lcp).join(', ')} ms), signed in as demo, the variant's demo catalogue on PGlite as npm start serves it, CPU ${CPU_THROTTLE}x, ${r.quiet}; LCP element ${r.loads[0]?.element}${last ? ` ${last.size} px²` : ''}; first contentful paint ${Math.round(r.fcp)} ms`,
      ),
      atMost(
        `page (${r.site} site, demo data): cumulative layout shift`,
        r.cls,
        '',
        null,
        0.01,
        `worst of ${SITE_LOADS} loads`,
      ),
    ];
  });
}

export async function pageBench(
  distDir: string,
  raw: Record<string, unknown>,
  log: (s: string) => void,
): Promise<Figure[]> {
  const url = await createDatabase(PAGE_DB);
  let server: BenchServer | null = null;
  let browser: Browser | null = null;
  const figures: Figure[] = [];
  const step = async (name: string, fn: () => Promise<Figure[]>) => {
    log(name);
    try {
      figures.push(...(await fn()));
    } catch (err) {
      figures.push(missing(name, '-', `failed: ${(err as Error).message.split('\n')[0]}`));
    }
  };
  try {
    const data = await prepareDatabase(
      { kind: 'pg', url },
      { catalogueTargets: 6_000, players: 0, itemsPerPlayer: 0, stakePerGame: 1, indexPlayerItems: 30 + HEAP_GAMES },
    );
    // The environment's floor, measured beside the page: a static page with one paragraph and a bare input.
    fs.writeFileSync(
      path.join(distDir, 'blank.html'),
      '<!doctype html><title>blank</title><p>Upgrades</p><input data-testid="search-right">',
    );
    const env = { DATABASE_URL: url, DIST_DIR: distDir };
    server = await startServer(env);
    browser = await launch();
    if (pageSteps.has('load'))
      await step('page: load (LCP, CLS)', () => loadFigures(browser!, server!, data, distDir, raw));
    if (pageSteps.has('spin')) await step('page: spin', () => spinFigures(browser!, server!, data, raw));
    if (pageSteps.has('heap'))
      await step('page: heap over games', () => heapFigures(browser!, server!, data, raw, log));
    if (pageSteps.has('search')) {
      await server.stop();
      const handle = await openDb({ kind: 'pg', url });
      await shapeCatalogue(handle.db, 20_000);
      await handle.close();
      server = await startServer(env);
      await step('page: typing in the target search', () =>
        typingFigures(browser!, server!, { ...data, catalogueTargets: 20_000 }, raw),
      );
    }
    if (pageSteps.has('sites')) {
      await server.stop();
      server = null;
      await step('page: the Dota and ru sites (LCP, CLS)', () => siteFigures(browser!, distDir, raw));
    }
    figures.push(
      info(
        "(page targets are absolute; the machine-speed rows show this run's floor)",
        figures.length,
        'figures',
        null,
      ),
    );
    return figures;
  } finally {
    await browser?.close();
    await server?.stop();
    await dropDatabase(PAGE_DB);
  }
}
