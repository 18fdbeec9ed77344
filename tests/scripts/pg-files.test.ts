/**
 * Keeps the PostgreSQL list honest (tests/server/pg-files.ts): a server-project file that reaches the driver
 * layer, writes raw SQL or branches on the database kind must be in PG_FILES (or PG_EXEMPT, with its reason).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';
import { DRIVER_MARKERS, PG_EXEMPT, PG_FILES } from '../server/pg-files.ts';

/** The files the server project runs (its include globs, expanded). */
function serverFiles(): string[] {
  const projects = config.test!.projects as Array<{ test: { name: string; include: string[] } }>;
  const include = projects.find((p) => p.test.name === 'server')!.test.include;
  return include.flatMap((pattern) => {
    if (!pattern.endsWith('/**/*.test.ts')) return [pattern];
    const dir = pattern.slice(0, -'/**/*.test.ts'.length);
    return (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `${dir}/${f}`);
  });
}

describe('the server files that also run on PostgreSQL', () => {
  const files = serverFiles();

  it('include every file that touches the driver layer', () => {
    const sensitive = files.filter((f) => DRIVER_MARKERS.some((m) => m.test(fs.readFileSync(f, 'utf8'))));
    expect(sensitive.length).toBeGreaterThan(5);
    expect(sensitive.filter((f) => !(f in PG_FILES) && !(f in PG_EXEMPT))).toEqual([]);
  });

  it('name only files the server project runs', () => {
    expect([...Object.keys(PG_FILES), ...Object.keys(PG_EXEMPT)].filter((f) => !files.includes(f))).toEqual([]);
  });

  it('see the markers in a file that reaches the driver (so an empty match means something)', () => {
    const raw = fs.readFileSync('tests/server/raw-transaction.test.ts', 'utf8');
    expect(DRIVER_MARKERS.some((m) => m.test(raw))).toBe(true);
  });
});
