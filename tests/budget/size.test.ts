/**
 * The size budget: JavaScript the browser fetches before the first paint <= 126 KB gzipped, all JavaScript
 * <= 353 KB gzipped (docs/decisions/size-budget.md says why not 120/330), and the wheel's Pixi/GSAP code only
 * behind a dynamic import. It measures the production build in dist/ (tests/budget/build-setup.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BUDGET, measureBundle, type BundleReport } from '../../scripts/bundle.ts';
import { DIST_DIR as outDir } from '../../scripts/production-build.ts';
import { deferEntry } from '../../server/prerender.ts';

// The limits are counted in bytes (KB = 1,000 bytes, the strictest reading); the bench reports the same ones.
const { firstPaintGzipBytes: FIRST_PAINT_BUDGET, allJsGzipBytes: ALL_JS_BUDGET } = BUDGET;

let report: BundleReport;

describe('the SPA bundle', () => {
  beforeAll(() => {
    report = measureBundle(outDir, inject('productionChunks'));
  });

  it('sends at most 126 KB of gzipped JavaScript before the first paint', () => {
    expect(report.firstPaint.length).toBeGreaterThan(0);
    const detail = report.firstPaint
      .map((f) => `${f} ${report.chunks.find((c) => c.file === f)!.gzipBytes} B`)
      .join(', ');
    expect(report.firstPaintGzipBytes, detail).toBeLessThanOrEqual(FIRST_PAINT_BUDGET);
  });

  it('ships at most 353 KB of gzipped JavaScript in all', () => {
    expect(report.allJsGzipBytes).toBeLessThanOrEqual(ALL_JS_BUDGET);
  });

  it("writes the entry tag the server defers on the first screen's routes (server/prerender.ts), so nothing is lost", () => {
    const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const { html, scriptHash } = deferEntry(shell);
    expect(scriptHash, "Vite's entry tag changed: the server would send it undeferred").not.toBeNull();
    // The deferred shell preloads exactly the files the plain one loads before the first paint.
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded.sort()).toEqual([...report.firstPaint].sort());
  });

  it('loads Pixi and GSAP only through a dynamic import', () => {
    expect(report.heavyChunks.length, 'no chunk holds pixi.js or gsap: is the wheel built at all?').toBeGreaterThan(0);
    const eager = report.heavyChunks.filter((f) => report.firstPaint.includes(f));
    expect(eager, 'Pixi/GSAP chunks fetched before the first paint').toEqual([]);
  });
});
