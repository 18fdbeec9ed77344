import { describe, expect, it } from 'vitest';
import { parseChancePercent, parseVerifyInput, type VerifyInputText } from '../../src/fair/parseVerifyInput.ts';

const good: VerifyInputText = {
  serverSeed: '0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80',
  clientSeed: 'lucky-player',
  nonce: '4294967296',
  chance: '',
  rollUnder: '',
};

describe('parseVerifyInput', () => {
  it('reads seeds and a nonce beyond 32 bits, with no bet when chance and direction are empty', () => {
    expect(parseVerifyInput(good)).toEqual({
      ok: true,
      value: { serverSeed: good.serverSeed, clientSeed: 'lucky-player', nonce: 4294967296n, bet: null },
    });
  });

  it('accepts a pasted uppercase seed with spaces and keeps the client seed byte for byte', () => {
    const r = parseVerifyInput({ ...good, serverSeed: ` ${good.serverSeed.toUpperCase()} `, clientSeed: ' a:b ' });
    expect(r).toMatchObject({ ok: true, value: { serverSeed: good.serverSeed, clientSeed: ' a:b ' } });
  });

  it('reads a chance and a direction into thousandths', () => {
    expect(parseVerifyInput({ ...good, chance: '16.601', rollUnder: '0' })).toMatchObject({
      ok: true,
      value: { bet: { chance: 16_601, rollUnder: false } },
    });
  });

  it.each([
    ['a short seed', { serverSeed: 'abc' }, ['serverSeed']],
    ['a non-hex seed', { serverSeed: 'g'.repeat(64) }, ['serverSeed']],
    ['an empty client seed', { clientSeed: '' }, ['clientSeed']],
    ['a client seed of 65 characters', { clientSeed: 'x'.repeat(65) }, ['clientSeed']],
    ['a control character in the client seed', { clientSeed: 'a\u0007' }, ['clientSeed']],
    ['a negative nonce', { nonce: '-1' }, ['nonce']],
    ['a fractional nonce', { nonce: '1.5' }, ['nonce']],
    ['an empty nonce', { nonce: '' }, ['nonce']],
    ['a chance of 100', { chance: '100', rollUnder: '1' }, ['chance']],
    ['a chance of 0', { chance: '0', rollUnder: '1' }, ['chance']],
    ['a chance with 4 decimals', { chance: '10.0001', rollUnder: '1' }, ['chance']],
    ['a chance without a direction', { chance: '10', rollUnder: '' }, ['rollUnder']],
    ['a direction without a chance', { chance: '', rollUnder: '1' }, ['chance']],
    ['a direction of 2', { chance: '10', rollUnder: '2' }, ['rollUnder']],
    [
      'everything wrong',
      { serverSeed: '', clientSeed: '', nonce: 'x', chance: 'y', rollUnder: 'z' },
      ['serverSeed', 'clientSeed', 'nonce', 'chance', 'rollUnder'],
    ],
  ] as const)('refuses %s', (_name, change, errors) => {
    expect(parseVerifyInput({ ...good, ...change })).toEqual({ ok: false, errors });
  });
});

describe('parseChancePercent', () => {
  it.each([
    ['0.1', 100],
    ['80', 80_000],
    ['24,708', 24_708],
    ['16.6', 16_600],
    ['5', 5_000],
    ['abc', null],
    ['1e1', null],
    ['-5', null],
  ])('%s -> %s', (text, value) => {
    expect(parseChancePercent(text)).toBe(value);
  });
});
