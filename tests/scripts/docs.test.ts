import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { VECTORS } from '../domain/vectors.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const doc = readFileSync(path.join(root, 'docs/provably-fair.md'), 'utf8');
const SPAWN = 30_000;

/** The fenced blocks of the doc, in order, with their language tag. */
const blocks = [...doc.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], text: m[2] }));
const snippet = blocks.find((b) => b.lang === 'js' && b.text.startsWith('// check.mjs'))!.text;

const dir = mkdtempSync(path.join(tmpdir(), 'fair-doc-'));
const script = path.join(dir, 'check.mjs');
writeFileSync(script, snippet);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('docs/provably-fair.md', () => {
  it('keeps the plain Node checker to about 15 lines of node:crypto only', () => {
    expect(snippet.trim().split('\n').length).toBeLessThanOrEqual(20);
    expect([...snippet.matchAll(/from '([^']+)'/g)].map((m) => m[1])).toEqual(['node:crypto']);
  });

  it.each(VECTORS)(
    'the plain Node checker gives vector $n: hash, round $round chunk $chunk, R = $R',
    async (v) => {
      const { stdout } = await run(process.execPath, [script, v.serverSeed, v.clientSeed, String(v.nonce)]);
      expect(stdout).toBe(
        `sha256(server seed): ${v.hash}\nround ${v.round}, chunk ${v.chunk}, R = ${v.R}, roll = ${v.roll}\n`,
      );
    },
    SPAWN,
  );

  it(
    'the worked example prints what the doc says it prints, for the checker and for npm run verify',
    async () => {
      const example = blocks.findIndex((b) => b.lang === 'sh' && b.text.startsWith('node check.mjs'));
      const args = blocks[example].text.trim().split(/\s+/).slice(2);
      const { stdout } = await run(process.execPath, [script, ...args]);
      expect(stdout).toBe(blocks[example + 1].text);

      const cli = blocks.findIndex((b) => b.lang === 'sh' && b.text.startsWith('npm run verify'));
      const cliArgs = blocks[cli].text.replace(/\\\n/g, ' ').trim().split(/\s+/).slice(4);
      const out = await run(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...cliArgs], { cwd: root });
      expect(out.stdout).toBe(blocks[cli + 1].text);
    },
    SPAWN,
  );
});
