/**
 * The rarity colours as classes: app.css holds one `--rarity` rule per rarity (so cells of one rarity share their
 * computed style; docs/performance.md, session 15), and RARITY_COLORS in the domain stays the one list of them (the
 * server's item pictures use it). These tests fail when the two drift apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RARITY_COLORS } from '../../../src/domain/constants.ts';
import { rarityClass } from '../../../src/ui/ItemCell.tsx';

const css = fs.readFileSync(path.join(import.meta.dirname, '../../../src/styles/app.css'), 'utf8');

/** Each `.r-<type>` class in app.css with the colour its rule gives `--rarity`. */
function rarityRules(): Map<string, string> {
  const rules = new Map<string, string>();
  for (const [, selectors, body] of css.matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    const classes = [...selectors.matchAll(/\.r-(\w+)/g)].map((m) => m[1]);
    if (classes.length === 0) continue;
    const colour = /--rarity:\s*([^;\s]+)/.exec(body)?.[1];
    for (const type of classes) {
      expect(rules.has(type), `.r-${type} is given a colour once`).toBe(false);
      rules.set(type, colour ?? '(none)');
    }
  }
  return rules;
}

describe('rarity classes', () => {
  it('app.css gives every rarity of RARITY_COLORS its colour, and no other', () => {
    expect(Object.fromEntries(rarityRules())).toEqual(RARITY_COLORS);
  });

  it('names the class after a type that is a plain word, and gives none to any other type', () => {
    expect(rarityClass('covert')).toBe(' r-covert');
    expect(rarityClass('Arcana')).toBe(' r-Arcana');
    expect(rarityClass('unheard_of')).toBe(' r-unheard_of');
    expect(rarityClass('')).toBe('');
    expect(rarityClass('cell cell--selected')).toBe('');
    expect(rarityClass('Тайное')).toBe('');
  });
});
