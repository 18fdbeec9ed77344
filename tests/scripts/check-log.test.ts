/** The plain Node log checker of docs/provably-fair.md, run as written against an in-memory log over HTTP. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEntry, generateKey, signerFromKey } from '../../src/domain/tlog/index.ts';
import { FakeLogServer, ORIGIN } from '../domain/tlog/fakeLogServer.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const doc = readFileSync(path.join(root, 'docs/provably-fair.md'), 'utf8');
const snippet = [...doc.matchAll(/```js\n([\s\S]*?)```/g)]
  .map((m) => m[1])
  .find((t) => t.startsWith('// check-log.mjs'))!;
const dir = mkdtempSync(path.join(tmpdir(), 'check-log-'));
const script = path.join(dir, 'check-log.mjs');
writeFileSync(script, snippet);

let log = new FakeLogServer();
let tamper: ((path: string, body: string) => string) | null = null;
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    void log.fetch(`http://x${req.url}`).then(async (r) => {
      const body = await r.text();
      res.writeHead(r.status).end(tamper ? tamper(req.url ?? '', body) : body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  rmSync(dir, { recursive: true, force: true });
});

function check(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, url, ...args], (err, stdout) =>
      resolve({ code: err ? (err.code as number) : 0, out: stdout }),
    );
  });
}

const entry = (i: number) =>
  encodeEntry({
    type: 'client_seed',
    site: 'cs',
    time: '2026-11-28T08:00:00.000Z',
    server_seed_hash: `h${i}`,
    client_seed: `é ${i}`,
  });

describe('check-log.mjs in docs/provably-fair.md', () => {
  it('is about 50 lines of node:crypto only', () => {
    expect(snippet.trim().split('\n').length).toBeLessThanOrEqual(55);
    expect([...snippet.matchAll(/from '([^']+)'/g)].map((m) => m[1])).toEqual(['node:crypto']);
  });

  it('accepts a signed log whose entries give its root (empty, and across pages of 1000)', async () => {
    // A key whose base64 holds a "+", the key string's separator, must still read.
    do log = new FakeLogServer();
    while (!log.key.vkey.split('+').slice(2).join('+').includes('+'));
    tamper = null;
    expect(await check(log.key.vkey)).toEqual({
      code: 0,
      out: `OK: ${ORIGIN}, 0 entries, root 47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=, signed by ${ORIGIN}\n`,
    });
    await log.log.appendLines(Array.from({ length: 2300 }, (_, i) => entry(i)));
    const res = await check(log.key.vkey);
    expect(res.code).toBe(0);
    expect(res.out).toMatch(new RegExp(`^OK: ${ORIGIN}, 2300 entries, root `));
    expect(await check()).toMatchObject({ code: 0 }); // the key fetched from the site
  }, 60_000);

  it('fails on a changed entry, a changed root, another key and a signature by another key', async () => {
    log = new FakeLogServer();
    await log.log.appendLines(Array.from({ length: 40 }, (_, i) => entry(i)));
    tamper = (p, body) => (p.startsWith('/api/provably_fair/log/entries') ? body.replace('h17', 'h18') : body);
    expect(await check(log.key.vkey)).toMatchObject({
      code: 1,
      out: expect.stringMatching(/^FAIL: the entries give root/),
    });
    tamper = null;
    expect(await check(generateKey(ORIGIN).vkey)).toMatchObject({
      code: 1,
      out: expect.stringMatching(/^FAIL: the checkpoint is not signed/),
    });
    const pinned = log.key.vkey;
    log.signer = signerFromKey(generateKey(ORIGIN).skey);
    expect(await check(pinned)).toMatchObject({
      code: 1,
      out: expect.stringMatching(/^FAIL: the checkpoint is not signed/),
    });
  }, 60_000);
});
