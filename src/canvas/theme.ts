/** The wheel's palette and type, plain values the page's CSS and both wheels share. */
import type { WheelTone } from './wheelTypes.ts';

/** The win arc, the play button, selected cells: a warm orange reads as "the prize" on dark blue-grey. */
export const ACCENT = '#ff9f1c';
/** The win glow's core. */
export const ACCENT_LIGHT = '#ffd27a';
/** The winning arrow and landed roll. */
export const WIN = '#4cd964';
/** The losing landed roll. */
export const LOSS = '#eb4b4b';
/** The muted ring behind the arc. */
export const RING = '#2a3140';
/** Tick marks. */
export const TICK = '#3d4759';
/** A shade lighter than the page panel, so the wheel reads as an object. */
export const DISC = '#151a24';
/** The disc's rim. */
export const DISC_EDGE = '#232a38';
/** An inner line giving the disc depth. */
export const DISC_SHADE = '#1b2130';
/** Primary text. */
export const TEXT = '#ffffff';
/** Secondary text. */
export const TEXT_MUTED = '#8a94a7';
/** One stack for canvas and DOM, so both wheels look the same. */
export const FONT_FAMILY = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The chance label's colour per tone. */
export const TONE_COLOR: Record<WheelTone, string> = {
  low: '#eb4b4b',
  medium: '#f5a623',
  high: '#4cd964',
};

/** A '#rrggbb' colour as a number for Pixi. */
export function hex(color: string): number {
  return Number.parseInt(color.slice(1), 16);
}
