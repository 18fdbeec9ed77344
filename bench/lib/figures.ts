/**
 * The bench's one table: each figure is a value, the baseline it is divided by (measured in the same run) and the
 * target the ratio must meet; a baseline marked `beside` is shown next to an absolute value, not divided.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PgbenchResult } from './pg.ts';
import { round3 } from './stats.ts';

/** A same-run measurement a figure is compared with. */
export interface Baseline {
  label: string;
  value: number;
  unit: string;
  /** Shown beside the value (the machine's floor); the target applies to the value itself. */
  beside?: boolean;
}

/** One line of the table. */
export interface Figure {
  figure: string;
  value: number;
  unit: string;
  baseline: Baseline | null;
  /** value / baseline.value, or value when there is no dividing baseline. */
  ratio: number;
  /** The target as text, e.g. '>= 0.5' (applies to ratio); '(info)' for information only. */
  target: string;
  pass: boolean;
  info?: boolean;
  note?: string;
}

/** What every bench step gets: the built SPA, the raw record for the JSON report, a logger, pgbench's result. */
export interface BenchContext {
  distDir: string;
  raw: Record<string, unknown>;
  log: (s: string) => void;
  /** Set by the server step; the PGlite step compares with it. */
  pgbench: PgbenchResult | null;
}

/** One step of `npm run bench`, selected by name with BENCH_ONLY. */
export interface BenchStep {
  name: string;
  run: (ctx: BenchContext) => Promise<Figure[]>;
}

function figure(name: string, value: number, unit: string, baseline: Baseline | null, target: string, note?: string) {
  const ratio = baseline && !baseline.beside ? value / baseline.value : value;
  return { figure: name, value, unit, baseline, ratio, target, pass: true, note };
}

/** A figure whose ratio must be at least `min`. */
export function atLeast(
  name: string,
  value: number,
  unit: string,
  baseline: Baseline | null,
  min: number,
  note?: string,
): Figure {
  const f = figure(name, value, unit, baseline, `>= ${min}`, note);
  return { ...f, pass: Number.isFinite(f.ratio) && f.ratio >= min };
}

/** A figure whose ratio must be at most `max`. */
export function atMost(
  name: string,
  value: number,
  unit: string,
  baseline: Baseline | null,
  max: number,
  note?: string,
): Figure {
  const f = figure(name, value, unit, baseline, `<= ${max}`, note);
  return { ...f, pass: Number.isFinite(f.ratio) && f.ratio <= max };
}

/** A figure reported for information, without a target. */
export function info(name: string, value: number, unit: string, baseline: Baseline | null, note?: string): Figure {
  return { ...figure(name, value, unit, baseline, '(info)', note), info: true };
}

/** A figure that could not be measured (the reason in note); it fails. */
export function missing(name: string, target: string, note: string): Figure {
  return { ...figure(name, Number.NaN, '', null, target, note), pass: false };
}

const show = (n: number, unit: string) => (Number.isFinite(n) ? `${round3(n)}${unit ? ` ${unit}` : ''}` : 'n/a');

/** The table as Markdown (what the terminal shows and docs/performance.md records). */
export function renderTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.figure,
    show(f.value, f.unit),
    f.baseline ? `${show(f.baseline.value, f.baseline.unit)} (${f.baseline.label})` : '-',
    show(f.ratio, ''),
    f.target,
    f.info ? 'info' : f.pass ? 'PASS' : 'FAIL',
  ]);
  const head = ['figure', 'value', 'baseline (same run)', 'ratio', 'target', 'result'];
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** Writes reports/bench-<stamp>.{md,json} and reports/bench-latest.{md,json}; returns the Markdown path. */
export function writeReport(dir: string, figures: readonly Figure[], raw: unknown, meta: Record<string, unknown>) {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const notes = figures.filter((f) => f.note).map((f) => `- ${f.figure}: ${f.note}`);
  const md = `# npm run bench, ${meta.finishedAt}\n\n${renderTable(figures)}\n\nNotes:\n${notes.join('\n')}\n`;
  const json = JSON.stringify({ meta, figures, raw }, null, 2);
  for (const name of [`bench-${stamp}`, 'bench-latest']) {
    fs.writeFileSync(path.join(dir, `${name}.md`), md);
    fs.writeFileSync(path.join(dir, `${name}.json`), json);
  }
  return path.join(dir, `bench-${stamp}.md`);
}
