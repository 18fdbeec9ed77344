/** `npm start` runs the server as built JavaScript: the build, its source maps, and the built server serving. */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'built-server-'));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs'], { cwd: root });
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the built server (dist-server)', () => {
  it('is what npm start and npm run serve run, with source maps and no TypeScript loader', () => {
    for (const script of [pkg.scripts.start, pkg.scripts.serve]) {
      expect(script).toMatch(/node --enable-source-maps dist-server\/main\.js$/);
      expect(script).not.toMatch(/tsx/);
    }
    const map = JSON.parse(readFileSync(path.join(root, 'dist-server/main.js.map'), 'utf8')) as { sources: string[] };
    expect(map.sources).toEqual(expect.arrayContaining(['../server/main.ts', '../server/app.ts']));
  });

  it('starts on a fresh embedded database, answers, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SITE: 'cs' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let out = '';
    const base = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const m = /on (http:\/\/127\.0\.0\.1:\d+)\/upgrades\//.exec(out);
        if (m) resolve(m[1]);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then(() => reject(new Error(`the built server exited:\n${out}`)));
    });
    const health = await (await fetch(`${base}/healthz`)).json();
    expect(health).toEqual({ status: true });
    const steam = await fetch(`${base}/api/auth/steam`, { redirect: 'manual' });
    expect(steam.headers.get('location')).toMatch(/^https:\/\/steamcommunity\.com\/openid\/login\?/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 180_000);
});
