/** The wheel's palette and type, plain values the page's CSS and both wheels share. */
import type { WheelTone } from './wheelTypes.ts';

/** The accent: the win arc, the play button, selected cells. A warm orange reads as "the prize" on dark blue-grey. */
export const ACCENT = '#ff9f1c';
/** The accent's lighter tint for the win glow's core and the 'vin' arrow. */
export const ACCENT_LIGHT = '#ffd27a';
/** The 'vin' (win) colour of the arrow and landed roll. */
export const WIN = '#4cd964';
/** The loss colour of the landed roll. */
export const LOSS = '#eb4b4b';
/** The muted ring behind the arc. */
export const RING = '#2a3140';
/** Tick marks on the muted part of the ring. */
export const TICK = '#3d4759';
/** The inner disc, a shade lighter than the page panel so the wheel reads as an object. */
export const DISC = '#151a24';
/** The disc's rim line. */
export const DISC_EDGE = '#232a38';
/** An inner line on the disc that gives it a little depth. */
export const DISC_SHADE = '#1b2130';
/** Primary and secondary text. */
export const TEXT = '#ffffff';
/** Secondary text (the chance under the running roll). */
export const TEXT_MUTED = '#8a94a7';
/** One family stack for canvas and DOM so both wheels look the same. */
export const FONT_FAMILY = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The chance label's colour per tone: red / amber / green as the genre expects. */
export const TONE_COLOR: Record<WheelTone, string> = {
  low: '#eb4b4b',
  medium: '#f5a623',
  high: '#4cd964',
};

/** A '#rrggbb' colour as the number Pixi prefers for tinting. */
export function hex(color: string): number {
  return Number.parseInt(color.slice(1), 16);
}
