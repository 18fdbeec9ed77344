/**
 * `npm run witness` as an operator runs it, against a listening server: a log that grows over many games is
 * accepted round after round (exit 0, the state file advances); a second server on another database that signs
 * with the same LOG_SIGNING_KEY but logged other games is a real fork of it, and the witness alarms (exit 1, a
 * loud message, the state file untouched) on two roots for one size and on a shrink.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKey } from '../../src/domain/tlog/index.ts';
import { sequenceAll } from '../../server/services/log-sequencer.ts';
import type { WitnessState } from '../../scripts/witness-check.ts';
import { createTestApp, playGames, register, testConfig, type Player, type TestApp } from './helpers/app.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrades-witness-'));
const stateFile = path.join(dir, 'state.json');
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm run witness -- --url <base> --state <file>`: exit code and output. */
function witness(base: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'witness', '--', '--url', base, '--state', stateFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

const state = () => JSON.parse(fs.readFileSync(stateFile, 'utf8')) as WitnessState;

/** A listening server with its own database, signing with `skey`. */
async function site(skey: string) {
  // Upgrade limits off: one player plays more games a minute than a person would.
  const t = await createTestApp({
    logSequenceMs: 0,
    logSigningKey: skey,
    rateLimitUpgradePerMin: 0,
    rateLimitUpgradeIpPerMin: 0,
  });
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  const player: Player = await register(t.app);
  const sequence = () => sequenceAll(t.handle.raw, t.app.upgrades.logKeys, 'cs');
  return {
    base: `http://127.0.0.1:${address.port}`,
    sequence,
    /** Plays n games, then sequences; returns the log's size. */
    async play(n: number): Promise<number> {
      await playGames(t, player, n);
      return sequence();
    },
  };
}

describe('npm run witness against running servers', () => {
  it('follows a log over many games, then alarms on a fork and a shrink served with the same key', async () => {
    const key = generateKey(testConfig().logOrigin);
    const honest = await site(key.skey);
    let size = await honest.sequence();
    let first = await witness(honest.base);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/pinned key/);
    expect(state().size).toBe(size);
    for (const games of [12, 0, 25, 40]) {
      const before = state().size;
      size = await honest.play(games);
      const run = await witness(honest.base);
      expect(run.code, run.err).toBe(0);
      expect(state().size).toBe(size);
      expect(run.out).toContain(games === 0 ? `unchanged at size ${size}` : `consistent: ${before} -> ${size}`);
    }

    // The fork: another database, the same signing key and origin, other games, grown to the size pinned.
    const forked = await site(key.skey);
    const pinned = state();
    const forkSize = await forked.sequence();
    expect(forkSize).toBeLessThan(pinned.size);
    expect(await forked.play(pinned.size - forkSize)).toBe(pinned.size);
    expect((await fetch(`${forked.base}/api/provably_fair/log/key`).then((r) => r.text())).trim()).toBe(pinned.key);
    const saved = fs.readFileSync(stateFile, 'utf8');
    const fork = await witness(forked.base);
    expect(fork.code).toBe(1);
    expect(fork.err).toContain('*** WITNESS ALARM ***');
    expect(fork.err).toContain(`fork: two roots for size ${pinned.size}`);
    expect(fs.readFileSync(stateFile, 'utf8')).toBe(saved);

    // The honest log grows on; the forked one, behind it, is now a shrink.
    size = await honest.play(5);
    first = await witness(honest.base);
    expect(first.code, first.err).toBe(0);
    expect(state().size).toBe(size);
    const shrink = await witness(forked.base);
    expect(shrink.code).toBe(1);
    expect(shrink.err).toContain('*** WITNESS ALARM ***');
    expect(shrink.err).toContain(`the log shrank from ${size} to ${pinned.size} entries`);
    expect(state().size).toBe(size);
  }, 300_000);
});
