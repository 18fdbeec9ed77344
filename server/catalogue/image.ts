/** An item's offline picture as a small self-contained SVG: rarity glow, emblem, name; all text XML-escaped. */
import { DOTA_RARITIES, RARITY_COLORS } from '../../src/domain/constants.ts';
import { levelCount } from '../../src/domain/filters.ts';
import { CS_WEAPONS } from './data/cs-weapons.ts';
import { fnv1a } from './hash.ts';
import { EMBLEM_PATHS, LEVEL_SHIELD, type EmblemKind } from './svg-shapes.ts';

const FALLBACK_COLOR = '#9aa4b2';
const FONT = `Inter,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif`;
const WEAR_ABBR: Readonly<Record<string, string>> = {
  'Factory New': 'FN',
  'Minimal Wear': 'MW',
  'Field-Tested': 'FT',
  'Well-Worn': 'WW',
  'Battle-Scarred': 'BS',
};
/** Steam's own badge colours for StatTrak™ and Souvenir. */
const STATTRAK_COLOR = '#cf6a32';
const SOUVENIR_COLOR = '#ffd700';

/** Escaped XML text, without the code points XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '',
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Cuts a line to max code points with an ellipsis (never splitting a surrogate pair). */
function fit(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

interface Parsed {
  line1: string;
  line2: string;
  kind: EmblemKind | 'level';
  wear?: string;
  badge?: [string, string];
  level?: number;
}

function parse(name: string, type: string): Parsed {
  const level = levelCount(name);
  if (level != null) return { line1: name, line2: 'Battle Pass', kind: 'level', level };
  const at = name.indexOf(' | ');
  if (at >= 0) {
    let weapon = name.slice(0, at);
    let skin = name.slice(at + 3);
    const wearMatch = / \(([A-Za-z -]+)\)$/.exec(skin);
    const wear = wearMatch ? WEAR_ABBR[wearMatch[1]] : undefined;
    if (wear) skin = skin.slice(0, wearMatch!.index);
    let badge: [string, string] | undefined;
    if (weapon.includes('StatTrak™ ')) {
      weapon = weapon.replace('StatTrak™ ', '');
      badge = ['ST™', STATTRAK_COLOR];
    }
    if (weapon.startsWith('Souvenir ')) {
      weapon = weapon.slice(9);
      badge = ['SOUVENIR', SOUVENIR_COLOR];
    }
    const kind = CS_WEAPONS[weapon.replace(/^★ /, '')]?.[0] ?? guessKind(weapon);
    return { line1: weapon, line2: skin, kind, wear, badge };
  }
  // Dota and other one-part names: wrap on a word boundary near the middle.
  const words = name.split(' ');
  let split = 0;
  for (let i = 1; i < words.length; i++) if (words.slice(0, i).join(' ').length <= name.length / 2 + 4) split = i;
  const line1 = split ? words.slice(0, split).join(' ') : name;
  const line2 = split ? words.slice(split).join(' ') : '';
  return { line1, line2, kind: (DOTA_RARITIES as readonly string[]).includes(type) ? 'gem' : guessKind(name) };
}

/** Imported names may use weapons the table does not know; a few keywords still pick a fitting emblem. */
function guessKind(name: string): EmblemKind {
  if (/knife|bayonet|karambit|dagger/i.test(name)) return 'knife';
  if (/gloves|wraps/i.test(name)) return 'glove';
  return 'gem';
}

function badge(x: number, label: string, color: string, anchorEnd: boolean): string {
  const w = label.length * 7 + 10;
  const left = anchorEnd ? x - w : x;
  return (
    `<rect x="${left}" y="8" width="${w}" height="17" rx="4" fill="${color}" fill-opacity=".9"/>` +
    `<text x="${left + w / 2}" y="20.5" font-size="11" font-weight="700" fill="#10131a" text-anchor="middle">${escapeXml(label)}</text>`
  );
}

/** The SVG picture of an item (256x192), from its name and rarity type. */
export function itemSvg(item: { name: string; type: string }): string {
  const color = Object.hasOwn(RARITY_COLORS, item.type) ? RARITY_COLORS[item.type] : FALLBACK_COLOR;
  const p = parse(item.name, item.type);
  // Keeps gradients apart if pictures are inlined into one document.
  const id = `g${fnv1a(item.name).toString(36)}`;
  const emblem =
    p.kind === 'level'
      ? `<path d="${LEVEL_SHIELD}" fill="${color}" fill-opacity=".25" stroke="${color}" stroke-width="3"/>` +
        `<text x="100" y="28" font-size="11" font-weight="700" fill="${color}" text-anchor="middle" letter-spacing="2">LVL</text>` +
        `<text x="100" y="56" font-size="${String(p.level).length > 3 ? 20 : 26}" font-weight="800" fill="#fff" text-anchor="middle">${p.level}</text>`
      : `<path d="${EMBLEM_PATHS[p.kind]}" fill="#e6ebf2" fill-opacity=".93" stroke="${color}" stroke-width="2" stroke-linejoin="round"/>` +
        (p.kind === 'gem' ? `<path d="M64 26H136" stroke="${color}" stroke-width="2"/>` : '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="192" viewBox="0 0 256 192" font-family="${FONT}">` +
    `<defs><radialGradient id="${id}" cx="50%" cy="50%" r="50%">` +
    `<stop offset="0" stop-color="${color}" stop-opacity=".55"/><stop offset=".6" stop-color="${color}" stop-opacity=".16"/>` +
    `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs>` +
    `<ellipse cx="128" cy="76" rx="124" ry="74" fill="url(#${id})"/>` +
    `<ellipse cx="128" cy="124" rx="70" ry="6" fill="#000" fill-opacity=".3"/>` +
    `<g transform="translate(28 36)">${emblem}</g>` +
    (p.badge ? badge(8, p.badge[0], p.badge[1], false) : '') +
    (p.wear ? badge(248, p.wear, '#c9d1dc', true) : '') +
    `<g text-anchor="middle" stroke="#0b0e13" stroke-width="3" stroke-linejoin="round" paint-order="stroke">` +
    `<text x="128" y="154" font-size="15" font-weight="700" fill="#fff">${escapeXml(fit(p.line1, 28))}</text>` +
    (p.line2 ? `<text x="128" y="174" font-size="13" fill="#c9d1dc">${escapeXml(fit(p.line2, 32))}</text>` : '') +
    `</g><rect x="100" y="184" width="56" height="3" rx="1.5" fill="${color}"/></svg>`
  );
}
