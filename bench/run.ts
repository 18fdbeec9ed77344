/**
 * `npm run bench`: every speed figure in one run, each against a baseline measured in the same run (or an absolute
 * target with the machine's floor beside it), printed as one table and written to reports/. Methods:
 * docs/performance.md. BENCH_ONLY=a,b runs a subset of the steps below.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildInto, measureBundle } from '../scripts/bundle.ts';
import { precompressDir } from '../scripts/precompress.ts';
import { missing, renderTable, writeReport, type BenchContext, type BenchStep, type Figure } from './lib/figures.ts';
import { auditBench } from './audit.ts';
import { liveBench } from './live.ts';
import { CPU_THROTTLE } from './page/browser.ts';
import { pageBench } from './page-bench.ts';
import { pgliteBench, postgresBench } from './server-bench.ts';

/** In order; a step added here runs by default and answers to its name in BENCH_ONLY. */
const STEPS: BenchStep[] = [
  { name: 'server', run: postgresBench },
  { name: 'pglite', run: pgliteBench },
  { name: 'page', run: pageBench },
  { name: 'audit', run: (ctx) => auditBench(ctx.distDir, ctx.raw, ctx.log) },
  { name: 'live', run: (ctx) => liveBench(ctx.raw, ctx.log) },
];

const started = Date.now();
const log = (s: string) =>
  process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${s}\n`);
const only = process.env.BENCH_ONLY?.split(',');
const ctx: BenchContext = {
  distDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dist-')),
  raw: {},
  log,
  pgbench: null,
};
const figures: Figure[] = [];

try {
  log('building the SPA');
  // Built and pre-compressed as production serves it.
  const built = await buildInto(ctx.distDir).then(
    (output) => measureBundle(ctx.distDir, output),
    (err: Error) => ({ error: err.message }),
  );
  ctx.raw.build = built;
  if (!('error' in built)) precompressDir(ctx.distDir);
  for (const step of STEPS.filter((s) => !only || only.includes(s.name))) {
    if ('error' in built) {
      figures.push(missing(`${step.name} figures`, '-', `the SPA did not build: ${built.error}`));
      continue;
    }
    log(`step: ${step.name}`);
    figures.push(
      ...(await step.run(ctx).catch((err: Error) => [missing(`${step.name} figures`, '-', `failed: ${err.message}`)])),
    );
  }
} finally {
  fs.rmSync(ctx.distDir, { recursive: true, force: true });
}

const flags = [
  process.env.BENCH_ONLY && `BENCH_ONLY=${process.env.BENCH_ONLY}`,
  CPU_THROTTLE !== 4 && `BENCH_CPU_THROTTLE=${CPU_THROTTLE}: page figures at ${CPU_THROTTLE}x, the targets are 4x's`,
].filter(Boolean);
const cpus = os.cpus();
const meta = {
  command: `npm run bench${flags.map((s) => ` (${s})`).join('')}`,
  machine: `${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}, Node ${process.version}`,
  loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
  seconds: Math.round((Date.now() - started) / 1000),
  finishedAt: new Date().toISOString(),
};
process.stdout.write(
  `\n${renderTable(figures)}\n\n${meta.command} on ${meta.machine}: ${meta.seconds} s, load average at the end ${meta.loadAverageAtEnd.join(' ')}\n`,
);
const file = writeReport(path.resolve('reports'), figures, ctx.raw, meta);
process.stdout.write(`written: ${file} (and reports/bench-latest.{md,json})\n`);
process.exitCode = figures.every((f) => f.pass) ? 0 : 1;
