import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { isDbUnavailable } from '../../server/db/errors.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Found by tests/reliability/db-loss.test.ts: pg-pool drops its error listener while a transaction holds a
// client, so a connection cut between two statements was an unhandled 'error' event that killed the server.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a database connection cut in the middle of a transaction', () => {
  it('fails that transaction as "database unavailable" and the app keeps serving', async () => {
    let pid = 0;
    let cut: () => void = () => {};
    const wasCut = new Promise<void>((resolve) => (cut = resolve));
    const work = t.db.transaction(async (tx) => {
      const res = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: Array<{ pid: number }>;
      };
      pid = res.rows[0].pid;
      await wasCut;
      await tx.execute(sql`select 1`);
    });
    const failed = work.then(
      () => null,
      (err: unknown) => err,
    );
    while (pid === 0) await new Promise((r) => setTimeout(r, 10));
    if (t.databaseUrl) {
      // PostgreSQL ends the connection while the transaction sits between two statements.
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 300));
    }
    cut();
    if (t.databaseUrl) {
      expect(isDbUnavailable(await failed)).toBe(true);
    } else {
      // PGlite has no connection to cut: the transaction completes.
      expect(await failed).toBeNull();
    }
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
