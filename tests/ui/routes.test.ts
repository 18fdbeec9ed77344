/** The address parser: which page an address shows and what it carries. */
import { describe, expect, it } from 'vitest';
import { parseRoute, type Route } from '../../src/ui/routes.ts';

const table: [string, Route][] = [
  ['/upgrades/', { kind: 'upgrades', preselect: [] }],
  ['/upgrades', { kind: 'upgrades', preselect: [] }],
  ['/upgrades/1,2,3', { kind: 'upgrades', preselect: [1, 2, 3] }],
  ['/upgrades/1,2,3/', { kind: 'upgrades', preselect: [1, 2, 3] }],
  ['/upgrades/7,,8,', { kind: 'upgrades', preselect: [7, 8] }],
  ['/upgrades/abc', { kind: 'upgrades', preselect: [] }],
  ['/en/provably_fair/roll_verifier/abc', { kind: 'verifier', lang: 'en', rollId: 'abc' }],
  ['/en/provably_fair/roll_verifier/abc/', { kind: 'verifier', lang: 'en', rollId: 'abc' }],
  ['/en/provably_fair/roll_verifier/a%20b', { kind: 'verifier', lang: 'en', rollId: 'a b' }],
  ['/en/provably_fair/roll_verifier/%E0%A4%A', { kind: 'verifier', lang: 'en', rollId: '%E0%A4%A' }],
  ['/ru/provably_fair/roll_verifier/', { kind: 'verifier', lang: 'ru' }],
  ['/ru/provably_fair/roll_verifier', { kind: 'verifier', lang: 'ru' }],
  ['/en/provably_fair/roll_verifier/abc/def', { kind: 'upgrades', preselect: [] }],
  ['/', { kind: 'upgrades', preselect: [] }],
];

describe('parseRoute', () => {
  it.each(table)('%s', (pathname, route) => {
    expect(parseRoute(pathname)).toEqual(route);
  });
});
