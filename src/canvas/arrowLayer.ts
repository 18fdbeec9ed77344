/**
 * The arrow outside the Pixi stage. Pixi still draws it (drawArrow), once per look, but the pixels are read back
 * into a 2D canvas in a DOM layer above the wheel canvas; a spin frame then only sets that layer's CSS transform
 * (the compositor rotates it) instead of rendering the WebGL stage. No Pixi import: the math is tested in Node.
 */
import { normalizeAngle } from './spinPlan.ts';

/** A rectangle in the wheel's CSS pixels, its origin the wheel's top-left corner. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The box to read the arrow from: its bounds snapped outwards to whole CSS pixels. Whole pixels because Pixi's
 * generateTexture truncates a frame's width and height to integers, and so that the layer's canvas sits on the
 * same pixel grid as the wheel's canvas (both start at the wheel's top-left corner). Null when there is nothing.
 */
export function arrowBox(bounds: { minX: number; minY: number; maxX: number; maxY: number }): PixelBox | null {
  const x = Math.floor(bounds.minX);
  const y = Math.floor(bounds.minY);
  const width = Math.ceil(bounds.maxX) - x;
  const height = Math.ceil(bounds.maxY) - y;
  if (!(width > 0 && height > 0)) return null;
  return { x, y, width, height };
}

/**
 * Pixels read back from a Pixi texture (premultiplied alpha, as WebGL renders them: Pixi's getPixels does not
 * undo it) turned into the straight alpha ImageData expects, in place. Without it every soft edge and the win
 * halo would come out darker than on the stage.
 */
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

/** The layer's transform for an arrow at `angle` degrees (any number of turns): folded into one turn. */
export function arrowTransform(angle: number): string {
  return `rotate(${normalizeAngle(angle)}deg)`;
}
