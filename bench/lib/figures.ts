/**
 * The bench's one table: each figure is a value, the baseline it is divided by (measured in the same run) and
 * the target the ratio must meet; counts that do not depend on speed have no baseline.
 */
import fs from 'node:fs';
import path from 'node:path';
import { round3 } from './stats.ts';

/** One line of the table. */
export interface Figure {
  figure: string;
  value: number;
  unit: string;
  /** What the value is compared with, measured in this run; null for a count or a fixed limit. */
  baseline: { label: string; value: number; unit: string } | null;
  /** value / baseline.value, or value when there is no baseline. */
  ratio: number;
  /** The target as text, e.g. '>= 0.5' (applies to ratio). */
  target: string;
  pass: boolean;
  /** For information only (e.g. the PGlite figure beside the PostgreSQL one). */
  info?: boolean;
  note?: string;
}

/** A figure whose ratio must be at least `min`. */
export function atLeast(
  figure: string,
  value: number,
  unit: string,
  baseline: Figure['baseline'],
  min: number,
  note?: string,
): Figure {
  const ratio = baseline ? value / baseline.value : value;
  return {
    figure,
    value,
    unit,
    baseline,
    ratio,
    target: `>= ${min}`,
    pass: Number.isFinite(ratio) && ratio >= min,
    note,
  };
}

/** A figure whose ratio must be at most `max`. */
export function atMost(
  figure: string,
  value: number,
  unit: string,
  baseline: Figure['baseline'],
  max: number,
  note?: string,
): Figure {
  const ratio = baseline ? value / baseline.value : value;
  return {
    figure,
    value,
    unit,
    baseline,
    ratio,
    target: `<= ${max}`,
    pass: Number.isFinite(ratio) && ratio <= max,
    note,
  };
}

/** A figure reported for information, without a target. */
export function info(figure: string, value: number, unit: string, baseline: Figure['baseline'], note?: string): Figure {
  const ratio = baseline ? value / baseline.value : value;
  return { figure, value, unit, baseline, ratio, target: '(info)', pass: true, info: true, note };
}

/** A figure that could not be measured (the reason in note); it fails. */
export function missing(figure: string, target: string, note: string): Figure {
  return { figure, value: Number.NaN, unit: '', baseline: null, ratio: Number.NaN, target, pass: false, note };
}

function show(n: number, unit: string): string {
  return Number.isFinite(n) ? `${round3(n)}${unit ? ` ${unit}` : ''}` : 'n/a';
}

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
  const all = [head, ...rows];
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** Writes reports/bench-<stamp>.{md,json} and reports/bench-latest.{md,json}; returns the Markdown path. */
export function writeReport(
  dir: string,
  figures: readonly Figure[],
  raw: Record<string, unknown>,
  meta: Record<string, unknown>,
): string {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const md = `# npm run bench, ${meta.finishedAt}\n\n${renderTable(figures)}\n\nNotes:\n${figures
    .filter((f) => f.note)
    .map((f) => `- ${f.figure}: ${f.note}`)
    .join('\n')}\n`;
  const json = JSON.stringify({ meta, figures, raw }, null, 2);
  for (const name of [`bench-${stamp}`, 'bench-latest']) {
    fs.writeFileSync(path.join(dir, `${name}.md`), md);
    fs.writeFileSync(path.join(dir, `${name}.json`), json);
  }
  return path.join(dir, `bench-${stamp}.md`);
}
