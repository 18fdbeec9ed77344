/** The arrow as a DOM layer above the stage, so a spin frame is a CSS transform, not a WebGL render. */
import { normalizeAngle } from './spinPlan.ts';

/** A rectangle in the wheel's CSS pixels, its origin the wheel's top-left corner. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The arrow's bounds snapped outwards to whole CSS pixels; null when empty. */
export function arrowBox(bounds: { minX: number; minY: number; maxX: number; maxY: number }): PixelBox | null {
  const x = Math.floor(bounds.minX);
  const y = Math.floor(bounds.minY);
  const width = Math.ceil(bounds.maxX) - x;
  const height = Math.ceil(bounds.maxY) - y;
  if (!(width > 0 && height > 0)) return null;
  return { x, y, width, height };
}

/** WebGL's premultiplied pixels to the straight alpha ImageData expects, in place. */
export function unpremultiply(pixels: Uint8ClampedArray): Uint8ClampedArray {
  for (let i = 0; i < pixels.length; i += 4) {
    const a = pixels[i + 3];
    if (a === 0 || a === 255) continue;
    const k = 255 / a;
    // Uint8ClampedArray rounds and clamps on write.
    pixels[i] = pixels[i] * k;
    pixels[i + 1] = pixels[i + 1] * k;
    pixels[i + 2] = pixels[i + 2] * k;
  }
  return pixels;
}

/** The layer's transform, folded into one turn. */
export function arrowTransform(angle: number): string {
  return `rotate(${normalizeAngle(angle)}deg)`;
}
