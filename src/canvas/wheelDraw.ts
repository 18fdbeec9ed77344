/** Pixi draw functions for the wheel's parts, run once per change of look, never during a spin. */
import type { Graphics } from 'pixi.js';
import { winArc } from '../domain/wheel.ts';
import { polar, type WheelLayout } from './layout.ts';
import { MAJOR_TICK_EVERY, TICK_DEG } from './spinPlan.ts';
import { ACCENT, ACCENT_LIGHT, DISC, DISC_EDGE, DISC_SHADE, hex, RING, TEXT, TICK, WIN } from './theme.ts';

/** Degrees clockwise from the top to Pixi radians. */
function rad(deg: number): number {
  return ((deg - 90) * Math.PI) / 180;
}

/** Butt caps by default, so the arc ends exactly where the winning values end. */
function ringArc(
  g: Graphics,
  radius: number,
  a0: number,
  a1: number,
  width: number,
  color: string,
  alpha = 1,
  cap: 'butt' | 'round' = 'butt',
): void {
  // beginPath, not moveTo: a zero-length lead-in segment makes a miter spike at the arc's start.
  g.beginPath()
    .arc(0, 0, radius, rad(a0), rad(a1))
    .stroke({ width, color: hex(color), alpha, cap });
}

/** The static body: disc, muted ring, tick marks. */
export function drawBody(g: Graphics, L: WheelLayout): void {
  g.clear();
  g.circle(0, 0, L.ringRadius + L.ringWidth / 2 + 2).fill({ color: hex(DISC), alpha: 0.55 });
  g.circle(0, 0, L.discRadius)
    .fill({ color: hex(DISC) })
    .stroke({ width: Math.max(1, L.centre * 0.008), color: hex(DISC_EDGE) });
  g.circle(0, 0, L.discRadius * 0.86).stroke({ width: Math.max(1, L.centre * 0.004), color: hex(DISC_SHADE) });
  g.circle(0, 0, L.ringRadius).stroke({ width: L.ringWidth, color: hex(RING) });
  const tickWidth = Math.max(1, L.centre * 0.008);
  for (let i = 0; i < 360 / TICK_DEG; i++) {
    const major = i % MAJOR_TICK_EVERY === 0;
    const a = i * TICK_DEG;
    const p0 = polar(L.tickOuter, a);
    const p1 = polar(major ? L.majorTickInner : L.tickInner, a);
    g.moveTo(p0.x, p0.y).lineTo(p1.x, p1.y);
  }
  g.stroke({ width: tickWidth, color: hex(TICK), cap: 'round' });
}

/** The win arc; nothing for chance 0. */
export function drawArc(g: Graphics, L: WheelLayout, chance: number, rollUnder: boolean): void {
  g.clear();
  if (chance <= 0) return;
  const arc = winArc(chance, rollUnder);
  ringArc(g, L.ringRadius, arc.start, arc.end, L.ringWidth, ACCENT);
  // A light inner edge keeps a 0.1 % arc visible.
  ringArc(g, L.ringRadius - L.ringWidth / 2 + 1.5, arc.start, arc.end, 3, ACCENT_LIGHT, 0.9);
}

/** A glow of stacked translucent strokes: no filter pass. */
export function drawGlow(g: Graphics, L: WheelLayout, chance: number, rollUnder: boolean): void {
  g.clear();
  if (chance <= 0) return;
  const arc = winArc(chance, rollUnder);
  // Round caps only here: the glow may soften past the arc's ends, the arc itself may not.
  for (let i = 7; i >= 1; i--) {
    ringArc(g, L.ringRadius, arc.start, arc.end, L.ringWidth + i * L.centre * 0.02, ACCENT, 0.07, 'round');
  }
  ringArc(g, L.ringRadius, arc.start, arc.end, L.ringWidth, ACCENT_LIGHT, 0.5);
}

/** The arrow's centre on the radius, so a pulse scales in place. */
export function arrowCentre(L: WheelLayout): number {
  return -(L.arrowTip + L.arrowBase) / 2;
}

/** The arrow, drawn around its own centre (arrowCentre). */
export function drawArrow(g: Graphics, L: WheelLayout, vin: boolean): void {
  g.clear();
  const color = vin ? WIN : TEXT;
  const half = (L.arrowBase - L.arrowTip) / 2;
  const hw = L.arrowHalfWidth;
  if (vin) {
    for (let i = 6; i >= 1; i--) g.circle(0, 0, half * (0.55 + i * 0.18)).fill({ color: hex(WIN), alpha: 0.07 });
  }
  g.poly([0, half, -hw, -half, hw, -half])
    .fill({ color: hex(color) })
    .stroke({ width: Math.max(1.5, L.centre * 0.012), color: hex(DISC), join: 'round' });
  // A hairline across the ring marks the exact slot.
  const ringInner = L.ringRadius - L.ringWidth / 2;
  g.moveTo(0, half)
    .lineTo(0, half + (L.arrowTip - ringInner))
    .stroke({ width: Math.max(1.5, L.centre * 0.01), color: hex(color), alpha: 0.9 });
}
