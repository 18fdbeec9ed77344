import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeRoll, computeRollSync, rollToPercent } from '../../src/domain/roll.ts';
import { isWin } from '../../src/domain/chance.ts';
import { hmacSha256Web, sha256HexWeb } from '../../src/domain/webcrypto.ts';
import { VECTORS } from './vectors.ts';

const hmacNode = (key: string, msg: string) => new Uint8Array(createHmac('sha256', key).update(msg, 'utf8').digest());

describe('provably fair roll (spec test vectors)', () => {
  it.each(VECTORS)('vector $n: Node path gives R = $R at round $round chunk $chunk', (v) => {
    expect(createHash('sha256').update(v.serverSeed).digest('hex')).toBe(v.hash);
    const roll = computeRollSync(hmacNode, v.serverSeed, v.clientSeed, v.nonce);
    expect(roll).toEqual({ value: v.R, round: v.round, chunk: v.chunk });
    expect(rollToPercent(roll.value).toFixed(3)).toBe(v.roll);
  });

  it.each(VECTORS)('vector $n: WebCrypto path gives R = $R', async (v) => {
    expect(await sha256HexWeb(v.serverSeed)).toBe(v.hash);
    const roll = await computeRoll(hmacSha256Web, v.serverSeed, v.clientSeed, v.nonce);
    expect(roll).toEqual({ value: v.R, round: v.round, chunk: v.chunk });
  });

  it('applies the win rule checks of the spec', () => {
    expect(isWin(24708, 24708, true)).toBe(false);
    expect(isWin(24708, 24709, true)).toBe(true);
    expect(isWin(83399, 16601, false)).toBe(true);
    expect(isWin(83399, 16600, false)).toBe(false);
    for (const c of [100, 50_000, 80_000]) {
      expect(isWin(99999, c, false)).toBe(true);
      expect(isWin(99999, c, true)).toBe(false);
    }
  });

  it('rejects a malformed server seed and a negative nonce', () => {
    expect(() => computeRollSync(hmacNode, 'ABC', 'x', 0)).toThrow(RangeError);
    expect(() => computeRollSync(hmacNode, '0'.repeat(64), 'x', -1)).toThrow(RangeError);
  });
});
