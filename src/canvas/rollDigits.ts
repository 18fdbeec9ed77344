/**
 * The running roll in the wheel's centre as one sprite per character over one glyph atlas. A spin changes the
 * shown value almost every frame; a BitmapText (or Text) rebuilds its geometry and its render group's batch on
 * every change, while swapping a sprite's texture for another frame of the same atlas page is updated in place.
 * So a spin frame moves sprites instead of rebuilding text.
 */
import { BitmapFontManager, type BitmapFont, type Sprite } from 'pixi.js';

/** Characters of the longest roll, '99.999'. */
export const ROLL_SLOTS = 6;

const fonts = new Map<string, BitmapFont>();

/** The glyph atlas of the running roll (digits and the point) in the wheel's big font, installed once per size. */
export function rollFont(fontFamily: string, fontSize: number, resolution: number): BitmapFont {
  const name = `wheel-roll-${fontSize}-${resolution}`;
  let font = fonts.get(name);
  if (!font) {
    // White glyphs: the colour (white, win green, loss red) is the sprites' tint.
    font = BitmapFontManager.install({
      name,
      style: { fontFamily, fontWeight: '800', fontSize, fill: 0xffffff },
      chars: [['0', '9'], '.'],
      resolution,
      skipKerning: true,
    });
    fonts.set(name, font);
  }
  return font;
}

/** Glyph metrics the layout needs (a subset of Pixi's CharData). */
export interface GlyphMetrics {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** Left edge of each character of `text`, laid out on one line centred on x = 0. Unknown characters take no room. */
export function layoutRoll(text: string, glyphs: Readonly<Record<string, GlyphMetrics | undefined>>): number[] {
  let width = 0;
  for (const c of text) width += glyphs[c]?.xAdvance ?? 0;
  const xs: number[] = [];
  let pen = -width / 2;
  for (const c of text) {
    const g = glyphs[c];
    xs.push(pen + (g?.xOffset ?? 0));
    pen += g?.xAdvance ?? 0;
  }
  return xs;
}

/**
 * Shows `text` in the slot sprites, centred on their parent (vertically too); unused slots are hidden. Positions
 * are in the font's measurement units, as a BitmapText lays them out: the parent is scaled by
 * fontSize / font.baseMeasurementFontSize.
 */
export function writeRoll(slots: readonly Sprite[], font: BitmapFont, text: string): void {
  const xs = layoutRoll(text, font.chars);
  const top = -font.lineHeight / 2 + font.baseLineOffset;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i];
    const glyph = i < text.length ? font.chars[text[i]] : undefined;
    if (!glyph?.texture) {
      // Only the '9.999' / '10.000' crossing toggles this: it changes the group's structure, a rebuild.
      if (slot.visible) slot.visible = false;
      continue;
    }
    if (slot.texture !== glyph.texture) slot.texture = glyph.texture;
    slot.position.set(xs[i], top + glyph.yOffset);
    if (!slot.visible) slot.visible = true;
  }
}
