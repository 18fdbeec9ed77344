import fs from 'node:fs';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { stripDescriptions } from '../../scripts/vite-strip-descriptions.ts';

describe('stripDescriptions', () => {
  it.each([
    ['a state description', `const c = { a: { description: 'Loads.', on: {} } };`, `const c = { a: { on: {} } };`],
    [
      'the last property, no comma after it',
      `const c = { target: 'x', description: "Picked." };`,
      `const c = { target: 'x',  };`,
    ],
    [
      'a template literal without expressions',
      'const c = { description: `Sells.`, actions: "sell" };',
      'const c = { actions: "sell" };',
    ],
    [
      'in TypeScript',
      `const c = { description: 'x', n: 1 as number } satisfies object;`,
      `const c = { n: 1 as number } satisfies object;`,
    ],
  ])('removes %s', (_name, input, output) => {
    expect(stripDescriptions(input, 'm.ts')).toBe(output);
  });

  it.each([
    ['a computed value', 'const c = { description: label(), a: 1 };'],
    ['a template with an expression', 'const c = { description: `x ${y}`, a: 1 };'],
    ['a reference to description elsewhere', 'const d = node.description; const c = { describe: "x" };'],
  ])('keeps %s', (_name, input) => {
    expect(stripDescriptions(input, 'm.ts')).toBe(input);
  });

  it('leaves the page statechart without its descriptions and still valid TypeScript', () => {
    const file = 'src/machines/upgradeMachine.ts';
    const source = fs.readFileSync(file, 'utf8');
    expect(source.match(/description:/g)?.length ?? 0).toBeGreaterThan(10);
    const stripped = stripDescriptions(source, file);
    // What may remain: the word in comments, and a description built from an expression (kept on purpose).
    const left = stripped.split('\n').filter((l) => /\bdescription:\s*['"`]/.test(l) && !l.includes('${'));
    expect(left).toEqual([]);
    expect(stripped.length).toBeLessThan(source.length * 0.8);
    expect(parseSync(file, stripped).errors).toEqual([]);
    // Everything else survives: the same state names and guards.
    for (const word of ['loading', 'selecting', 'playing', 'canPlay'])
      expect(stripped.includes(word), word).toBe(source.includes(word));
  });
});
