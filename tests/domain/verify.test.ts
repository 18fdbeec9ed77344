import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { percentToThousandths, verifyGame, type GameRecord } from '../../src/domain/verify.ts';
import { hmacSha256Web, sha256HexWeb } from '../../src/domain/webcrypto.ts';
import { VECTORS } from './vectors.ts';

/** A revealed, honest record of a vector played at 50 % rolling under. */
function honest(v: (typeof VECTORS)[number], chance = 50_000, rollUnder = true): GameRecord {
  return {
    serverSeedHash: v.hash,
    serverSeed: v.serverSeed,
    clientSeed: v.clientSeed,
    nonce: v.nonce,
    chance,
    rollUnder,
    roll: v.R,
    success: rollUnder ? v.R < chance : v.R >= 100_000 - chance,
  };
}

describe('verifyGame with WebCrypto (the browser path)', () => {
  it.each(VECTORS)('vector $n: all checks pass and the roll is recomputed at round $round chunk $chunk', async (v) => {
    const result = await verifyGame(honest(v), hmacSha256Web, sha256HexWeb);
    expect(result).toEqual({
      seedMatchesHash: true,
      rollMatches: true,
      resultFollows: true,
      // No stake and target price given: nothing to recompute the chance from.
      chanceFollows: null,
      recomputed: { value: v.R, round: v.round, chunk: v.chunk },
      expectedWin: v.R < 50_000,
    });
  });

  it('gives the same answer with node:crypto hashes', async () => {
    const hmacNode = async (k: string, m: string) => new Uint8Array(createHmac('sha256', k).update(m, 'utf8').digest());
    const shaNode = async (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');
    for (const v of VECTORS) {
      expect(await verifyGame(honest(v), hmacNode, shaNode)).toEqual(
        await verifyGame(honest(v), hmacSha256Web, sha256HexWeb),
      );
    }
  });

  it('leaves hash and roll checks pending until the seed is revealed, but judges the result', async () => {
    const record = { ...honest(VECTORS[1], 24_709, true), serverSeed: null };
    expect(await verifyGame(record, hmacSha256Web, sha256HexWeb)).toEqual({
      seedMatchesHash: null,
      rollMatches: null,
      resultFollows: true,
      chanceFollows: null,
      recomputed: null,
      expectedWin: true,
    });
  });

  it.each([
    [
      'a roll changed in the database',
      { roll: 24_707 },
      { seedMatchesHash: true, rollMatches: false, resultFollows: true },
    ],
    [
      'a result flipped to a loss',
      { success: false },
      { seedMatchesHash: true, rollMatches: true, resultFollows: false },
    ],
    [
      'a seed that is not the committed one',
      { serverSeed: 'c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168' },
      { seedMatchesHash: false, rollMatches: false, resultFollows: true },
    ],
    [
      'a revealed seed that is not hex',
      { serverSeed: 'not-a-seed' },
      { seedMatchesHash: false, rollMatches: false, resultFollows: true },
    ],
    ['a shifted nonce', { nonce: 2 }, { seedMatchesHash: true, rollMatches: false, resultFollows: true }],
  ] as const)('reports %s as a failed check', async (_name, change, expected) => {
    const record = { ...honest(VECTORS[1], 24_709, true), ...change };
    expect(await verifyGame(record, hmacSha256Web, sha256HexWeb)).toMatchObject(expected);
  });

  it.each([
    // The spec's win-rule checks: vector 2 under at 24.708 loses, at 24.709 wins; vector 1 over at 16.601 wins, 16.600 loses.
    [1, 24_708, true, false],
    [1, 24_709, true, true],
    [0, 16_601, false, true],
    [0, 16_600, false, false],
    [7, 80_000, false, true],
    [7, 80_000, true, false],
  ] as const)('vector index %i at chance %i (roll under %s): expected win is %s', async (i, chance, rollUnder, win) => {
    const result = await verifyGame(honest(VECTORS[i], chance, rollUnder), hmacSha256Web, sha256HexWeb);
    expect(result.expectedWin).toBe(win);
    expect(result.resultFollows).toBe(true);
  });
});

describe('percentToThousandths', () => {
  it.each([
    [24.708, 24_708],
    [0.1, 100],
    [80, 80_000],
    [16.601, 16_601],
    [99.999, 99_999],
    [0, 0],
  ])('%f -> %i', (p, t) => {
    expect(percentToThousandths(p)).toBe(t);
  });
});
