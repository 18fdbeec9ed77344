/**
 * `npm run audit` reads the site's public log first: the root recomputed from its entries must be the root its
 * checkpoint signs, or the audit refuses to give any figure; and every downloaded game must be the game its log
 * entry records. The site is reached through an HTTP proxy of the test's own that can serve one entry altered.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sequenceAll } from '../../server/services/log-sequencer.ts';
import { createTestApp, playGames, register, type Player, type TestApp } from './helpers/app.ts';

const run = promisify(execFile);

let t: TestApp;
let proxy: Server;
let base = '';
let origin = '';
/** What the proxy does to the log's entries. */
let alter: ((body: string) => string) | null = null;

beforeAll(async () => {
  t = await createTestApp({ logSequenceMs: 0, rateLimitUpgradePerMin: 0, rateLimitUpgradeIpPerMin: 0 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  proxy = createServer((req, res) => {
    void fetch(`${origin}${req.url}`).then(async (r) => {
      let body = await r.text();
      if (alter && req.url?.startsWith('/api/provably_fair/log/entries')) body = alter(body);
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'text/plain' }).end(body);
    });
  });
  await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((ok) => proxy.close(ok));
  await t.close();
});

async function audit(): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run('npm', ['run', '--silent', 'audit', '--', '--url', base]);
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    if (e.code === 2) throw new Error(e.stderr, { cause: err });
    return { code: e.code, stdout: e.stdout };
  }
}

async function play(p: Player, n: number): Promise<void> {
  await playGames(t, p, n);
  // The seed is revealed, so its games are exported and counted.
  const rotated = await t.app.inject({
    method: 'POST',
    url: '/api/provably_fair/rotate',
    headers: { cookie: p.cookie },
  });
  expect(rotated.statusCode).toBe(200);
}

describe('npm run audit and the public log', () => {
  it('recomputes the root from the entries and refuses figures from a log that is not the one signed', async () => {
    const p = await register(t.app);
    await play(p, 6);
    const size = await sequenceAll(t.handle.raw, t.app.upgrades.logKeys, 'cs');

    const honest = await audit();
    expect(honest.code, honest.stdout).toBe(0);
    expect(honest.stdout).toMatch(
      new RegExp(`Public log: ${size} entries, root \\S+ recomputed from them = the signed`),
    );
    expect(honest.stdout).toContain('Every game is the one its signed log entry records.');
    expect(honest.stdout).toContain('The figures agree with the site');

    // One game's roll served altered: the entries no longer give the signed root.
    alter = (body) =>
      body.replace(
        /("type":"game".*?"roll":)(\d+)/,
        (_, head: string, roll: string) => head + String((Number(roll) + 1) % 100_000),
      );
    const refused = await audit();
    alter = null;
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`REFUSED: the public log of ${base} does not match its signed checkpoint`);
    expect(refused.stdout).toContain(`its ${size} entries give root`);
    expect(refused.stdout).not.toMatch(/return to player|figures agree/);

    // Fewer entries served than the checkpoint signs.
    alter = () => '';
    const short = await audit();
    alter = null;
    expect(short.code).toBe(1);
    expect(short.stdout).toContain(`it serves 0 entries of the ${size} its checkpoint signs`);

    // Games exported that the signed log does not hold yet.
    await play(p, 2);
    const behind = await audit();
    expect(behind.code).toBe(1);
    expect(behind.stdout).toContain('NOT AS LOGGED: 2 game(s) differ from the signed log:');
    expect(behind.stdout).toContain('not in the signed log');
    await sequenceAll(t.handle.raw, t.app.upgrades.logKeys, 'cs');
    expect((await audit()).code).toBe(0);
  }, 180_000);
});
