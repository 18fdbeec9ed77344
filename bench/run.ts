// `npm run bench`: every figure against a baseline of the same run (or an absolute target with the machine's floor
// beside it), one table, also written to reports/. BENCH_ONLY=a,b runs some STEPS. Methods: docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUDGET, buildInto, measureBundle, type BundleReport } from '../scripts/bundle.ts';
import { precompressDir } from '../scripts/precompress.ts';
import {
  atMost,
  missing,
  renderTable,
  writeReport,
  type BenchContext,
  type BenchStep,
  type Figure,
} from './lib/figures.ts';
import { auditBench } from './audit.ts';
import { liveBench } from './live.ts';
import { pageBench } from './page-bench.ts';
import { serverBench } from './server-bench.ts';

let bundle: BundleReport;

/** In order; a step added here runs by default and answers to its name in BENCH_ONLY. */
const STEPS: BenchStep[] = [
  { name: 'size', run: async () => sizeFigures(bundle) },
  { name: 'server', run: serverBench },
  { name: 'page', run: pageBench },
  { name: 'audit', run: auditBench },
  { name: 'live', run: liveBench },
];

/** The size budget on the build the page steps load (the budget test in `npm test` builds its own). */
function sizeFigures(b: BundleReport): Figure[] {
  const eager = b.heavyChunks.filter((f) => b.firstPaint.includes(f));
  const [first, all] = [b.firstPaintGzipBytes, b.allJsGzipBytes];
  return [
    atMost('size: JavaScript before the first paint, gzipped', first, 'B', null, BUDGET.firstPaintGzipBytes),
    atMost('size: all JavaScript, gzipped', all, 'B', null, BUDGET.allJsGzipBytes),
    atMost('size: Pixi or GSAP chunks before the first paint', eager.length, '', null, 0, eager.join(', ')),
  ];
}

const started = Date.now();
const log = (s: string) =>
  process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${s}\n`);
const only = process.env.BENCH_ONLY?.split(',');
const ctx: BenchContext = { distDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dist-')), raw: {}, log };
const figures: Figure[] = [];

try {
  log('building the SPA');
  // Built and pre-compressed as production serves it.
  bundle = measureBundle(ctx.distDir, await buildInto(ctx.distDir));
  ctx.raw.bundle = bundle;
  precompressDir(ctx.distDir);
  for (const step of STEPS.filter((s) => !only || only.includes(s.name))) {
    log(`step: ${step.name}`);
    const failed = (err: Error) => [missing(`${step.name} figures`, '-', `failed: ${err.message}`)];
    figures.push(...(await step.run(ctx).catch(failed)));
  }
} finally {
  fs.rmSync(ctx.distDir, { recursive: true, force: true });
}

const env = Object.entries(process.env).filter(([k]) => k.startsWith('BENCH_'));
const cpus = os.cpus();
const meta = {
  command: `${env.map(([k, v]) => `${k}=${v} `).join('')}npm run bench`,
  machine: `${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}, Node ${process.version}`,
  loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
  seconds: Math.round((Date.now() - started) / 1000),
  finishedAt: new Date().toISOString(),
};
const summary = `${meta.command} on ${meta.machine}: ${meta.seconds} s, load average at the end ${meta.loadAverageAtEnd.join(' ')}`;
process.stdout.write(`\n${renderTable(figures)}\n\n${summary}\n`);
const file = writeReport(path.resolve('reports'), figures, ctx.raw, meta);
process.stdout.write(`written: ${file} (and reports/bench-latest.{md,json})\n`);
process.exitCode = figures.every((f) => f.pass) ? 0 : 1;
