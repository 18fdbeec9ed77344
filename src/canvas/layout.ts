/** The wheel's proportions, shared by both wheels so the swap between them does not jump. */

/** CSS pixels from the wheel's centre. */
export interface WheelLayout {
  centre: number;
  ringRadius: number;
  ringWidth: number;
  tickOuter: number;
  tickInner: number;
  majorTickInner: number;
  discRadius: number;
  arrowTip: number;
  arrowBase: number;
  arrowHalfWidth: number;
  bigFont: number;
  smallFont: number;
  /** Text lines' offsets from the centre. */
  bigY: number;
  smallY: number;
}

/** The layout for a wheel `size` CSS pixels square. */
export function wheelLayout(size: number): WheelLayout {
  const s = size;
  return {
    centre: s / 2,
    ringRadius: 0.385 * s,
    ringWidth: 0.06 * s,
    tickOuter: 0.338 * s,
    tickInner: 0.322 * s,
    majorTickInner: 0.305 * s,
    discRadius: 0.29 * s,
    arrowTip: 0.405 * s,
    arrowBase: 0.475 * s,
    arrowHalfWidth: 0.036 * s,
    bigFont: Math.round(0.105 * s),
    smallFont: Math.max(11, Math.round(0.042 * s)),
    bigY: -0.022 * s,
    smallY: 0.075 * s,
  };
}

/** A point at `radius` and `deg` degrees clockwise from the top, relative to the centre. */
export function polar(radius: number, deg: number): { x: number; y: number } {
  const rad = (deg * Math.PI) / 180;
  return { x: radius * Math.sin(rad), y: -radius * Math.cos(rad) };
}
