/**
 * The wheel's text styles, one TextStyle instance per look for the page's lifetime. Pixi keys its text-measuring
 * cache (an LRU of 1,000 entries, each holding its TextStyle) on the style instance (`uid-tick`), not on what it
 * looks like: a new instance for a look seen before measures the same text again and adds an entry. The chance
 * label's colour changes three times per game (pick, tone, muted while spinning), so a style made per change left
 * three entries per game in that cache (seen in heap snapshots after 50 games).
 */
import { TextStyle } from 'pixi.js';
import { FONT_FAMILY } from './theme.ts';

const styles = new Map<string, TextStyle>();

/** The TextStyle of one look; the same instance whenever the look comes back. */
export function wheelTextStyle(fontWeight: '600' | '800', fontSize: number, fill: string): TextStyle {
  const key = `${fontWeight}|${fontSize}|${fill}`;
  let style = styles.get(key);
  if (!style) {
    style = new TextStyle({ fontFamily: FONT_FAMILY, fontWeight, fontSize, fill });
    styles.set(key, style);
  }
  return style;
}
