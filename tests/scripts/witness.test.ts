/** The witness against an in-memory log: pins the key, follows a growing log, cosigns, and alarms on forks. */
import { describe, expect, it } from 'vitest';
import {
  ALG_COSIGNATURE_V1,
  encodeEntry,
  generateKey,
  signerFromKey,
  verifyCosignature,
} from '../../src/domain/tlog/index.ts';
import { WitnessAlarm, witnessOnce, type WitnessState } from '../../scripts/witness-check.ts';
import { FakeLogServer, ORIGIN } from '../domain/tlog/fakeLogServer.ts';

const URL_ = 'http://upgrades.test';
const line = (i: number, tag = 'a') =>
  encodeEntry({ type: 'commit', site: 'cs', time: '2026-11-28T08:00:00.000Z', server_seed_hash: `${tag}${i}` });
const lines = (from: number, to: number, tag = 'a') => Array.from({ length: to - from }, (_, i) => line(from + i, tag));

async function round(server: FakeLogServer, state: WitnessState | null): Promise<WitnessState> {
  return (await witnessOnce({ url: URL_, state, fetch: server.fetch })).state;
}

describe('npm run witness', () => {
  it('pins the key on the first run, then accepts a log that only grows, checking consistency', async () => {
    const server = new FakeLogServer();
    await server.log.appendLines(lines(0, 3));
    let state = await round(server, null);
    expect([state.key, state.origin, state.size]).toEqual([server.key.vkey, ORIGIN, 3]);
    for (const grow of [1, 0, 300, 17]) {
      await server.log.appendLines(lines(server.log.size, server.log.size + grow));
      state = await round(server, state);
      expect(state.size).toBe(server.log.size);
    }
    expect(server.requests.filter((r) => r.includes('/consistency?from=')).length).toBe(3);
  });

  it('alarms on a fork: another root for the same size', async () => {
    const server = new FakeLogServer();
    await server.log.appendLines(lines(0, 5));
    const state = await round(server, null);
    const forked = new FakeLogServer();
    forked.key = server.key;
    forked.signer = server.signer;
    await forked.log.appendLines([...lines(0, 4), line(4, 'b')]);
    await expect(round(forked, state)).rejects.toThrow(/fork: two roots for size 5/);
  });

  it('alarms on a fork: a bigger tree that does not extend the last one', async () => {
    const server = new FakeLogServer();
    await server.log.appendLines(lines(0, 5));
    const state = await round(server, null);
    const forked = new FakeLogServer();
    forked.key = server.key;
    forked.signer = server.signer;
    await forked.log.appendLines([...lines(0, 2), line(2, 'b'), ...lines(3, 9)]);
    const err = await round(forked, state).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WitnessAlarm);
    expect((err as Error).message).toMatch(/fork: size 9 does not extend size 5/);
  });

  it('alarms on a shrink, a bad signature and a changed key', async () => {
    const server = new FakeLogServer();
    await server.log.appendLines(lines(0, 10));
    const state = await round(server, null);
    server.servedSize = 7;
    await expect(round(server, state)).rejects.toThrow(/shrank from 10 to 7/);
    server.servedSize = null;
    server.signer = signerFromKey(generateKey(ORIGIN).skey); // same name, another key
    await expect(round(server, state)).rejects.toBeInstanceOf(WitnessAlarm);
    const rekeyed = new FakeLogServer();
    await rekeyed.log.appendLines(lines(0, 10));
    await expect(round(rekeyed, state)).rejects.toThrow(/key changed/);
  });

  it('cosigns with a witness key, and the server accepts the cosignature', async () => {
    const server = new FakeLogServer();
    await server.log.appendLines(lines(0, 4));
    const w = generateKey('witness.test/w1', ALG_COSIGNATURE_V1);
    server.witnessKeys = [w.vkey];
    const res = await witnessOnce({
      url: URL_,
      state: null,
      fetch: server.fetch,
      witness: signerFromKey(w.skey),
      now: () => 1_800_000_000,
    });
    expect(res.notes).toContain('cosigned size 4 as witness.test/w1');
    expect(server.cosignatures).toHaveLength(1);
    expect(verifyCosignature(await server.checkpointText(), server.cosignatures[0], w.vkey)).toEqual({
      timestamp: 1_800_000_000,
    });
  });
});
