// The bench's one table: each figure is a value, a baseline of the same run it is divided by (or, marked `beside`,
// shown next to it) and the target its ratio must meet.
import fs from 'node:fs';
import path from 'node:path';

/** A same-run measurement a figure is divided by, or (`beside`) the machine's floor shown next to its value. */
export type Baseline = { label: string; value: number; unit: string; beside?: boolean };

/** One line of the table: `ratio` is value / baseline.value (or value) and `target` applies to it. */
export interface Figure {
  figure: string;
  value: number;
  unit: string;
  baseline: Baseline | null;
  ratio: number;
  target: string;
  pass: boolean;
  note?: string;
}

/** What every step gets: the built SPA, the raw record for the JSON report, a logger. */
export type BenchContext = { distDir: string; raw: Record<string, unknown>; log: (s: string) => void };

/** One step of `npm run bench`, selected by name with BENCH_ONLY. */
export type BenchStep = { name: string; run: (ctx: BenchContext) => Promise<Figure[]> };

type Check = (
  ...f: [figure: string, value: number, unit: string, baseline: Baseline | null, limit: number, note?: string]
) => Figure;

function make(f: Omit<Figure, 'ratio' | 'pass'>, meets: (ratio: number) => boolean): Figure {
  const ratio = f.baseline && !f.baseline.beside ? f.value / f.baseline.value : f.value;
  return { ...f, ratio, pass: Number.isFinite(ratio) && meets(ratio) };
}

/** A figure whose ratio must be at least `limit`. */
export const atLeast: Check = (figure, value, unit, baseline, limit, note) =>
  make({ figure, value, unit, baseline, target: `>= ${limit}`, note }, (r) => r >= limit);

/** A figure whose ratio must be at most `limit`. */
export const atMost: Check = (figure, value, unit, baseline, limit, note) =>
  make({ figure, value, unit, baseline, target: `<= ${limit}`, note }, (r) => r <= limit);

/** A figure that could not be measured (the reason in note); it fails. */
export function missing(figure: string, target: string, note: string): Figure {
  return make({ figure, value: Number.NaN, unit: '', baseline: null, target, note }, () => false);
}

/** The p-th percentile (0..100) of the values by nearest rank, no interpolation; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted.length ? sorted[rank - 1] : Number.NaN;
}

/** The median (50th percentile). */
export const median = (values: readonly number[]) => percentile(values, 50);

/** A number for the table: 3 significant digits, integers as they are. */
function show(n: number, unit: string): string {
  if (!Number.isFinite(n)) return 'n/a';
  return `${Number.isInteger(n) ? n : Number(n.toPrecision(3))}${unit ? ` ${unit}` : ''}`;
}

/** The table as Markdown (what the terminal shows and docs/performance.md records). */
export function renderTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.figure,
    show(f.value, f.unit),
    f.baseline ? `${show(f.baseline.value, f.baseline.unit)} (${f.baseline.label})` : '-',
    show(f.ratio, ''),
    f.target,
    f.pass ? 'PASS' : 'FAIL',
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
  const md = `# ${meta.command}, ${meta.finishedAt}\n\n${renderTable(figures)}\n\nNotes:\n${notes.join('\n')}\n`;
  const json = JSON.stringify({ meta, figures, raw }, null, 2);
  for (const name of [`bench-${stamp}`, 'bench-latest']) {
    fs.writeFileSync(path.join(dir, `${name}.md`), md);
    fs.writeFileSync(path.join(dir, `${name}.json`), json);
  }
  return path.join(dir, `bench-${stamp}.md`);
}
