/**
 * WEB_CONCURRENCY: several server processes under one node:cluster primary (PostgreSQL), refused on PGlite.
 * Real processes: `node --import tsx server/main.ts`, as `npm run serve` starts it.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../reliability/helpers/server.ts';
import { addCatalogueItem, createTestApp, grant, postUpgrade, register, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The primary's worker processes (the same script; tsx's esbuild service, also a child, left out). */
function children(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) =>
        fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number),
      )
      .filter((child) => {
        try {
          return fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('server/main.ts');
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

const alive = (pid: number) =>
  fs.existsSync(`/proc/${pid}`) && !/State:\s+Z/.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));

async function until<T>(
  what: string,
  probe: () => T | null | false | Promise<T | null | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('WEB_CONCURRENCY', () => {
  it('runs N workers on one port that act as one site, replaces a killed worker, and leaves none behind when the primary is killed (PostgreSQL); PGlite refuses', async () => {
    if (!t.databaseUrl) {
      // The embedded database is single-process: a clear start-up refusal, not a second process on the directory.
      const dir = fs.mkdtempSync('/tmp/cluster-pglite-');
      try {
        await expect(startServer({ WEB_CONCURRENCY: '2', DATA_DIR: dir })).rejects.toThrow(
          /WEB_CONCURRENCY=2: several processes need DATABASE_URL/,
        );
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      return;
    }
    const server: ServerProcess = await startServer({
      WEB_CONCURRENCY: '2',
      DATABASE_URL: t.databaseUrl,
      PG_POOL_SIZE: '3',
    });
    try {
      expect(server.output()).toMatch(/\(2 workers\)/);
      const workers = await until('two workers', () =>
        children(server.pid).length === 2 ? children(server.pid) : null,
      );
      // One site: a session made by another process is good on every worker, and a token a worker issued is
      // accepted (once) by another process on the same database.
      const p = await register(t.app);
      const tokens = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const res = await fetch(`${server.base}/api/token?purpose=caseopen`, { headers: { cookie: p.cookie } });
          expect(res.status).toBe(200);
          return ((await res.json()) as { token: string }).token;
        }),
      );
      const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
      const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
      const [a, b] = await grant(t.db, p.userId, [stake.id, stake.id]);
      const game = { uniq_item: String(target.id), upgrade_front_chance: '50', roll_under: '1', token: tokens[0] };
      expect((await postUpgrade(t.app, p.cookie, { ...game, 'inventory_items[]': [String(a)] })).statusCode).toBe(200);
      expect((await postUpgrade(t.app, p.cookie, { ...game, 'inventory_items[]': [String(b)] })).statusCode).toBe(403);

      process.kill(workers[0], 'SIGKILL');
      const replaced = await until('a replacement worker', () => {
        const now = children(server.pid);
        return now.length === 2 && !now.includes(workers[0]) ? now : null;
      });
      expect(replaced).toContain(workers[1]);
      await until(
        'the site answering',
        async () => (await fetch(`${server.base}/healthz`).catch(() => null))?.status === 200,
      );

      await server.kill9();
      await until('the workers to exit with their primary', () => replaced.every((pid) => !alive(pid)), 30_000);
    } finally {
      await server.kill9();
    }
  }, 180_000);
});
