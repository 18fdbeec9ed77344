import { describe, expect, it } from 'vitest';
import { RARITY_COLORS } from '../../src/domain/constants.ts';
import { generateCatalogue } from '../../server/catalogue/generate.ts';
import { escapeXml, itemSvg } from '../../server/catalogue/image.ts';
import { EMBLEM_PATHS } from '../../server/catalogue/svg-shapes.ts';
import { xmlTexts } from './xml.ts';

const MAX_BYTES = 3 * 1024;
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('xmlTexts (the test helper)', () => {
  it.each([
    ['an unescaped &', '<svg><text>a & b</text></svg>'],
    ['an unescaped < in text', '<svg><text>a < b</text></svg>'],
    ['a quote closing an attribute early', '<svg><g a="x"y"/></svg>'],
    ['an unclosed element', '<svg><text>a</svg>'],
    ['text after the root', '<svg></svg>x'],
    ['a control character', '<svg>\u0001</svg>'],
  ])('rejects %s', (_what, xml) => {
    expect(() => xmlTexts(xml)).toThrow();
  });
});

describe('itemSvg', () => {
  it.each([
    [
      'ampersand and apostrophe',
      { name: "Souvenir P250 | Black & Tan's (Well-Worn)", type: 'mil_spec' },
      ['SOUVENIR', 'WW', 'P250', "Black & Tan's"],
    ],
    ['all five XML specials', { name: `AK-47 | <"Q&A'> (Factory New)`, type: 'covert' }, ['FN', 'AK-47', `<"Q&A'>`]],
    [
      'StatTrak and a star',
      { name: '★ StatTrak™ Karambit | Doppler (Minimal Wear)', type: 'special' },
      ['ST™', 'MW', '★ Karambit', 'Doppler'],
    ],
    ['Cyrillic', { name: 'АК-47 | Кровавый спорт', type: 'covert' }, ['АК-47', 'Кровавый спорт']],
    ['a level bundle', { name: '3000 Levels', type: 'Immortal' }, ['LVL', '3000', '3000 Levels', 'Battle Pass']],
    [
      'a Dota item wrapped in two lines',
      { name: 'Exalted Fractal Horns of the Outer Rift', type: 'Arcana' },
      ['Exalted Fractal Horns', 'of the Outer Rift'],
    ],
    ['control characters and a lone surrogate', { name: 'Bad\u0000\u0007 \ud800Name', type: 'Rare' }, ['Bad', 'Name']],
  ])('writes well-formed SVG with the text escaped: %s', (_what, item, texts) => {
    const svg = itemSvg(item);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(xmlTexts(svg)).toEqual(texts);
    expect(bytes(svg)).toBeLessThan(MAX_BYTES);
  });

  it('cuts a very long name with an ellipsis and stays small', () => {
    const svg = itemSvg({ name: `${'Ж&'.repeat(60)} | ${'<'.repeat(150)}`, type: 'covert' });
    const [line1, line2] = xmlTexts(svg);
    expect(Array.from(line1)).toHaveLength(28);
    expect(line1.endsWith('…')).toBe(true);
    expect(line2).toBe(`${'<'.repeat(31)}…`);
    expect(bytes(svg)).toBeLessThan(MAX_BYTES);
  });

  it.each([
    ['covert', RARITY_COLORS.covert],
    ['Arcana', RARITY_COLORS.Arcana],
    ['unknown', '#9aa4b2'],
    ['constructor', '#9aa4b2'],
  ])('glows in the colour of rarity %s', (type, color) => {
    expect(itemSvg({ name: 'X', type })).toContain(`stop-color="${color}"`);
  });

  it.each([
    ['AK-47 | Redline (Field-Tested)', 'rifle'],
    ['StatTrak™ AWP | Asiimov (Battle-Scarred)', 'sniper'],
    ['Souvenir Glock-18 | Fade (Factory New)', 'pistol'],
    ['P90 | Asiimov (Field-Tested)', 'smg'],
    ['Nova | Sand Dune (Well-Worn)', 'heavy'],
    ['★ Karambit | Fade (Factory New)', 'knife'],
    ['★ Sport Gloves | Vice (Minimal Wear)', 'glove'],
    ['★ Phantom Knife | Night (Field-Tested)', 'knife'],
    ['Inscribed Dragonclaw Hook', 'gem'],
  ] as const)('draws %s as a %s', (name, kind) => {
    expect(itemSvg({ name, type: 'Rare' })).toContain(EMBLEM_PATHS[kind]);
  });

  it('gives every generated item a well-formed picture under 3 KB', () => {
    for (const site of ['cs', 'dota'] as const) {
      for (const row of generateCatalogue(site, { rubPerUsd: 1 })) {
        const svg = itemSvg(row);
        if (bytes(svg) >= MAX_BYTES) throw new Error(`${row.name}: ${bytes(svg)} bytes`);
        xmlTexts(svg);
      }
    }
  });
});

describe('escapeXml', () => {
  it('escapes the five XML specials and keeps other text', () => {
    expect(escapeXml(`a&b<c>d"e'f ™★Ж`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f ™★Ж');
  });
});
