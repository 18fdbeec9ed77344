/**
 * Emblems for the generated item pictures, drawn in a 200x80 box (the picture places it above the name).
 * Hand-drawn side views, deliberately simple: they identify the kind of item at cell size, not the skin.
 */
import type { WeaponCategory } from './data/cs-weapons.ts';

/** Emblem kinds: the CS weapon families, a Dota gem, and the battle-pass level badge (drawn separately). */
export type EmblemKind = WeaponCategory | 'gem';

/** SVG path data per emblem kind. */
export const EMBLEM_PATHS: Readonly<Record<EmblemKind, string>> = {
  // Curved magazine, wooden stock, long barrel: reads as an AK/M4 at 100 px.
  rifle:
    'M6 44L40 32L60 28H150V22H158V28H198V34H150L138 38H120L124 52Q126 62 120 66L108 64Q114 54 106 38H86L82 50H72L74 40H56L16 56L6 54Z',
  sniper:
    'M2 46L34 34L60 32H132V28H200V33H132L112 38H100L96 54H86L88 40H64L22 56L4 56ZM62 18H112L114 24H60ZM76 24H82V32H76ZM94 24H100V32H94Z',
  pistol: 'M56 22H152V36H108L100 40L110 74H86L78 46Q66 42 60 36ZM92 40Q92 54 104 56L102 50Q98 48 98 40Z',
  smg: 'M18 34L36 30H148V24H156V30H176V36H148L126 40L124 66H110L110 40H90L86 52H76L78 42H50L26 52L16 48Z',
  heavy: 'M4 46L34 34L66 30H200V40H150V46H112V42H88L84 54H74L76 44H46L12 58Z',
  knife: 'M26 46Q52 40 80 44V36H90V43Q150 34 206 28Q170 60 90 58V64H80V56Q52 60 26 54Z',
  glove:
    'M84 36Q84 10 92 10Q100 10 100 34V8Q100 0 108 0Q116 0 116 8V32V6Q116 -2 124 -2Q132 -2 132 6V34V12Q132 4 140 4Q148 4 148 12V54Q160 40 168 40Q176 42 170 52L146 82H94Q84 72 84 56Z',
  gem: 'M100 0L136 26L100 80L64 26ZM100 0L88 26L100 80L112 26Z',
};

/** Drawn where the emblem of a level item would be: a shield with 'LVL' and the count inside. */
export const LEVEL_SHIELD = 'M100 0L136 12V44Q136 68 100 80Q64 68 64 44V12Z';
