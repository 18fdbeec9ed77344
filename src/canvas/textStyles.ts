// One TextStyle per look for the page's lifetime: Pixi's text-measuring cache keys on the instance.
import { TextStyle } from 'pixi.js';
import { FONT_FAMILY } from './theme.ts';

const styles = new Map<string, TextStyle>();

/** The TextStyle of one look, the same instance each time. */
export function wheelTextStyle(fontWeight: '600' | '800', fontSize: number, fill: string): TextStyle {
  const key = `${fontWeight}|${fontSize}|${fill}`;
  let style = styles.get(key);
  if (!style) {
    style = new TextStyle({ fontFamily: FONT_FAMILY, fontWeight, fontSize, fill });
    styles.set(key, style);
  }
  return style;
}
