import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statement, type DbHandle } from '../../server/db/client.ts';
import { withRawTransaction } from '../../server/db/transaction.ts';
import { openTestDb } from './helpers/app.ts';

// The settlement's transaction: BEGIN pipelined with the first statements, COMMIT with the last ones (on
// PostgreSQL; PGlite runs the same calls one statement at a time). Whatever fails, nothing is half-written and
// the connection goes back to the pool clean.
let handle: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ handle, drop } = await openTestDb());
  await handle.raw.rows(statement('rawtx_t_create', 'create table rawtx_t (id int primary key, v text not null)'), []);
});
afterAll(async () => {
  await handle.close();
  await drop();
});

const insert = statement('rawtx_t_insert', 'insert into rawtx_t (id, v) values ($1::int, $2::text) returning id, v');
const count = statement('rawtx_t_count', 'select count(*)::int as n from rawtx_t where id between $1::int and $2::int');
const read = statement('rawtx_t_read', 'select v from rawtx_t where id = $1::int');
const fail = statement('rawtx_t_fail', 'select 1 / $1::int as x');

async function rowsBetween(from: number, to: number): Promise<number> {
  return (await handle.raw.rows<{ n: number }>(count, [from, to]))[0].n;
}

describe('raw transactions (the settlement path)', () => {
  it("returns each statement's rows in order and commits with the last batch", async () => {
    const out = await handle.raw.transaction(async (q) => {
      const [a, b] = await q.batch([
        { st: insert, params: [1, 'a'] },
        { st: count, params: [1, 1] },
      ]);
      expect(a).toEqual([{ id: 1, v: 'a' }]);
      // The second statement sees the first one's write (same transaction, run in order).
      expect(b).toEqual([{ n: 1 }]);
      const [c] = await q.commitWith([{ st: insert, params: [2, 'b'] }]);
      return c;
    });
    expect(out).toEqual([{ id: 2, v: 'b' }]);
    expect(await rowsBetween(1, 2)).toBe(2);
  });

  it('rolls the first batch back when the work refuses between the batches', async () => {
    await expect(
      handle.raw.transaction(async (q) => {
        await q.batch([{ st: insert, params: [10, 'x'] }]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await rowsBetween(10, 10)).toBe(0);
  });

  it('skips the statements after a failing one and rolls the whole transaction back', async () => {
    await expect(
      handle.raw.transaction(async (q) => {
        await q.batch([
          { st: insert, params: [20, 'x'] },
          { st: fail, params: [0] },
          { st: insert, params: [21, 'y'] },
        ]);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await rowsBetween(20, 21)).toBe(0);
  });

  it('does not commit when a statement sent with the COMMIT fails', async () => {
    await expect(
      handle.raw.transaction(async (q) => {
        await q.batch([{ st: insert, params: [30, 'x'] }]);
        await q.commitWith([
          { st: insert, params: [31, 'y'] },
          { st: insert, params: [30, 'duplicate'] },
        ]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await rowsBetween(30, 31)).toBe(0);
  });

  it('leaves every pooled connection clean after failures (no open or aborted transaction)', async () => {
    for (let i = 0; i < 12; i++) {
      await handle.raw
        .transaction(async (q) => {
          await q.batch([
            { st: insert, params: [100 + i, 'x'] },
            { st: fail, params: [0] },
          ]);
        })
        .catch(() => undefined);
    }
    // Each of these would fail with "current transaction is aborted" (or commit a stray row) on a dirty connection.
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        handle.raw.transaction(async (q) => {
          const [rows] = await q.commitWith([{ st: insert, params: [200 + i, 'ok'] }]);
          return rows;
        }),
      ),
    );
    expect(results.flat()).toHaveLength(12);
    expect(await rowsBetween(100, 111)).toBe(0);
    expect(await rowsBetween(200, 211)).toBe(12);
  });

  it('commits work that used only rows(), and refuses statements after commitWith', async () => {
    await handle.raw.transaction(async (q) => {
      await q.rows(insert, [40, 'a']);
      expect(await q.rows(read, [40])).toEqual([{ v: 'a' }]);
    });
    expect(await rowsBetween(40, 40)).toBe(1);
    if (handle.kind === 'pg') {
      await expect(
        handle.raw.transaction(async (q) => {
          await q.commitWith([{ st: insert, params: [41, 'a'] }]);
          await q.rows(read, [41]);
        }),
      ).rejects.toThrow(/already committed/);
    }
  });

  it('retries a transaction that lost a race (deadlock) from the start', async () => {
    let attempts = 0;
    const out = await withRawTransaction(handle.raw, async (q) => {
      attempts++;
      await q.batch([{ st: insert, params: [50 + attempts, 'try'] }]);
      if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return attempts;
    });
    expect(out).toBe(2);
    expect(await rowsBetween(51, 51)).toBe(0);
    expect(await rowsBetween(52, 52)).toBe(1);
  });

  it('runs a batch outside a transaction as one unit', async () => {
    await expect(
      handle.raw.batch([
        { st: insert, params: [60, 'x'] },
        { st: fail, params: [0] },
      ]),
    ).rejects.toThrow(/division by zero/);
    // PostgreSQL: one pipeline with one Sync is one implicit transaction; PGlite runs them one by one.
    expect(await rowsBetween(60, 60)).toBe(handle.kind === 'pg' ? 0 : 1);
  });
});
