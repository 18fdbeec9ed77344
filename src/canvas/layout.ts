/**
 * The wheel's proportions as fractions of its size, shared by the Pixi wheel and the SVG placeholder so the
 * swap from one to the other does not jump. No Pixi import.
 */

/** Radii, widths and font sizes in CSS pixels for a wheel `size` pixels square, measured from its centre. */
export interface WheelLayout {
  centre: number;
  /** Centre line and width of the coloured ring's stroke. */
  ringRadius: number;
  ringWidth: number;
  /** Tick marks sit inside the ring, on the disc's edge. */
  tickOuter: number;
  tickInner: number;
  majorTickInner: number;
  /** The inner disc holding the centre text. */
  discRadius: number;
  /** The arrow: its tip just touches the ring's outer edge, its base is on the canvas rim. */
  arrowTip: number;
  arrowBase: number;
  arrowHalfWidth: number;
  bigFont: number;
  smallFont: number;
  /** Vertical offsets of the two text lines from the centre. */
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

/** A point at `radius` and `deg` degrees clockwise from the top, relative to the centre (y grows down). */
export function polar(radius: number, deg: number): { x: number; y: number } {
  const rad = (deg * Math.PI) / 180;
  return { x: radius * Math.sin(rad), y: -radius * Math.cos(rad) };
}
