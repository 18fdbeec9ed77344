/**
 * `npm run bench`: every figure of issue 6 in one run, each against a baseline measured in this run (or a count),
 * printed as one table and written to reports/ (Markdown and JSON with the raw numbers). Method notes:
 * docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missing, renderTable, writeReport, type Figure } from './lib/figures.ts';
import { buildSpa } from './lib/build.ts';
import { liveBench } from './live.ts';
import { CPU_THROTTLE } from './page/browser.ts';
import { pageBench } from './page-bench.ts';
import { pgliteBench, postgresBench } from './server-bench.ts';

const started = Date.now();
const log = (s: string) =>
  process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${s}\n`);
const only = new Set((process.env.BENCH_ONLY ?? 'server,pglite,page,live').split(','));
const figures: Figure[] = [];
const raw: Record<string, unknown> = {};
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dist-'));

try {
  log('building the SPA');
  const built = await buildSpa(distDir).catch((err: Error) => ({ error: err.message }));
  raw.build = built;
  let pgbench = null;
  if (only.has('server')) {
    const pg = await postgresBench(distDir, raw, log);
    figures.push(...pg.figures);
    pgbench = pg.pgbench;
  }
  if (only.has('pglite') && pgbench) figures.push(...(await pgliteBench(pgbench, raw, log)));
  if (only.has('live')) figures.push(...(await liveBench(raw, log)));
  if (only.has('page')) {
    if ('error' in built) figures.push(missing('page figures', 'see docs', `the SPA did not build: ${built.error}`));
    else figures.push(...(await pageBench(distDir, raw, log)));
  }
} finally {
  fs.rmSync(distDir, { recursive: true, force: true });
}

const meta = {
  command: `npm run bench${[
    process.env.BENCH_ONLY ? `BENCH_ONLY=${process.env.BENCH_ONLY}` : '',
    CPU_THROTTLE !== 4 ? `BENCH_CPU_THROTTLE=${CPU_THROTTLE}: page figures at ${CPU_THROTTLE}x, not issue 6's 4x` : '',
  ]
    .filter(Boolean)
    .map((s) => ` (${s})`)
    .join('')}`,
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}, Node ${process.version}`,
  loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
  seconds: Math.round((Date.now() - started) / 1000),
  finishedAt: new Date().toISOString(),
};
const table = renderTable(figures);
process.stdout.write(
  `\n${table}\n\n${meta.command} on ${meta.machine}: ${meta.seconds} s, load average at the end ${meta.loadAverageAtEnd.join(' ')}\n`,
);
const file = writeReport(path.resolve('reports'), figures, raw, meta);
process.stdout.write(`written: ${file} (and reports/bench-latest.{md,json})\n`);
process.exitCode = figures.every((f) => f.pass) ? 0 : 1;
