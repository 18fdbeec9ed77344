/**
 * drizzle-kit's last snapshot is what `npm run db:generate` diffs server/db/schema.ts against. Migrations here are
 * written by hand (triggers, guards and partial indexes drizzle-kit cannot say), so each one that changes
 * schema.ts also refreshes the snapshot (docs/server.md): otherwise the next generate would repeat old changes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import * as schema from '../../server/db/schema.ts';
import { MIGRATIONS_FOLDER } from '../../server/db/migrate.ts';

type Snapshot = Parameters<typeof generateMigration>[0];

function latestSnapshot(): Snapshot {
  const meta = path.join(MIGRATIONS_FOLDER, 'meta');
  const last = readdirSync(meta)
    .filter((f) => /^\d{4}_snapshot\.json$/.test(f))
    .sort()
    .at(-1)!;
  return JSON.parse(readFileSync(path.join(meta, last), 'utf8')) as Snapshot;
}

describe('the migrations baseline', () => {
  it('leaves `db:generate` nothing to write on a clean tree', async () => {
    const prev = latestSnapshot();
    const cur = generateDrizzleJson(schema, prev.id, undefined, 'snake_case');
    expect(await generateMigration(prev, cur)).toEqual([]);
  });
});
