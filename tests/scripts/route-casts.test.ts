/**
 * Request bodies, queries and params are typed by their route's TypeBox schema (the type provider), never by a
 * cast: a cast would let a route read a field no schema declares or checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

describe('the server', () => {
  it('casts no request body, query or params', () => {
    const casts = sources('server').flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${file}:${i + 1}`, line }))
        .filter(({ line }) => /\b(req|request)\.(body|query|params)\)? as\b|\((body|query) as /.test(line))
        .map(({ where }) => where),
    );
    expect(casts).toEqual([]);
  });
});
