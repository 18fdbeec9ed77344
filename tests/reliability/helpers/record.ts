/**
 * The counts of the last run (requests, faults, cases, violations), printed and merged into
 * test-results/reliability-<pg|pglite>.json so docs/reliability.md can quote them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DB_KIND } from './db.ts';

/** Records one scenario's counts for this database kind. */
export function record(scenario: string, counts: Record<string, number | string>): void {
  const file = path.resolve('test-results', `reliability-${DB_KIND}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let all: Record<string, unknown>;
  try {
    all = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    all = {};
  }
  all[scenario] = { ...counts, at: new Date().toISOString() };
  // Scenarios in parallel workers write this file too: a rename never leaves another reader a half-written file.
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`);
  fs.renameSync(tmp, file);
  process.stdout.write(`[reliability ${DB_KIND}] ${scenario}: ${JSON.stringify(counts)}\n`);
}
