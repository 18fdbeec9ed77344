import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { VECTORS } from '../domain/vectors.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
// Spawning Node with tsx on a busy 2-core machine can take seconds: a generous ceiling, not a timing check.
const SPAWN = 30_000;

/** Runs the CLI as a player would (tsx, node:crypto) and returns its exit code and output. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args], {
      cwd: root,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const seedArgs = (v: (typeof VECTORS)[number]) => [
  '--server-seed',
  v.serverSeed,
  '--client-seed',
  v.clientSeed,
  '--nonce',
  String(v.nonce),
];

describe('npm run verify (scripts/verify.ts)', () => {
  it.each(VECTORS)(
    'vector $n: --json prints R = $R, round $round chunk $chunk and the seed hash',
    async (v) => {
      const out = await cli([...seedArgs(v), '--json']);
      expect(out.code).toBe(0);
      expect(JSON.parse(out.stdout)).toMatchObject({
        server_seed_hash: v.hash,
        R: v.R,
        roll: v.roll,
        round: v.round,
        chunk: v.chunk,
        message: `${v.clientSeed}:${v.nonce}:${v.round}`,
      });
    },
    SPAWN,
  );

  it(
    'prints the roll and a win for vector 1 rolling over at 16.601 %',
    async () => {
      const out = await cli([...seedArgs(VECTORS[0]), '--chance', '16.601', '--roll-under', '0']);
      expect(out.code).toBe(0);
      expect(out.stdout).toMatch(/^roll\s+83\.399$/m);
      expect(out.stdout).toMatch(/^direction\s+roll over \(wins at 83\.399 or above\)$/m);
      expect(out.stdout).toMatch(/^result\s+win$/m);
    },
    SPAWN,
  );

  it(
    'prints a loss for vector 2 rolling under at 24.708 % (R = 24708 is not below it)',
    async () => {
      const out = await cli([...seedArgs(VECTORS[1]), '--chance', '24.708', '--roll-under', '1']);
      expect(out.stdout).toMatch(/^roll\s+24\.708$/m);
      expect(out.stdout).toMatch(/^result\s+loss$/m);
    },
    SPAWN,
  );

  it(
    'refuses a malformed seed, nonce and chance with exit code 2 and every reason',
    async () => {
      const out = await cli([
        '--server-seed',
        'xyz',
        '--client-seed',
        'ok',
        '--nonce',
        '1.5',
        '--chance',
        '100',
        '--roll-under',
        '1',
      ]);
      expect(out.code).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toContain('error: The server seed must be 64 hexadecimal characters');
      expect(out.stderr).toContain('error: The nonce must be a whole number, 0 or more.');
      expect(out.stderr).toContain('error: The chance must be a number from 0.001 to 99.999');
    },
    SPAWN,
  );

  it(
    'refuses missing required options and unknown ones',
    async () => {
      const missing = await cli(['--nonce', '0']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('--server-seed is required');
      expect(missing.stderr).toContain('--client-seed is required');
      const unknown = await cli([...seedArgs(VECTORS[0]), '--seed', 'x']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain("Unknown option '--seed'");
    },
    SPAWN,
  );
});
