import { describe, expect, it } from 'vitest';
import { arrowBox, arrowTransform, unpremultiply } from '../../../src/canvas/arrowLayer.ts';

describe('arrow layer', () => {
  it('reads the arrow from its bounds snapped outwards to whole pixels of the wheel', () => {
    expect(arrowBox({ minX: 148.3, minY: 7.9, maxX: 171.2, maxY: 40 })).toEqual({
      x: 148,
      y: 7,
      width: 24,
      height: 33,
    });
    expect(arrowBox({ minX: 10, minY: 10, maxX: 10, maxY: 20 })).toBeNull();
    expect(arrowBox({ minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity })).toBeNull();
  });

  it('turns premultiplied pixels into straight alpha, leaving opaque and empty pixels alone', () => {
    const px = new Uint8ClampedArray([
      255,
      255,
      255,
      255, // opaque white
      0,
      0,
      0,
      0, // empty
      38,
      76,
      13,
      128, // half-covered (76, 153, 26) premultiplied by 128/255
      1,
      1,
      1,
      18, // a faint halo pixel
    ]);
    expect([...unpremultiply(px)]).toEqual([255, 255, 255, 255, 0, 0, 0, 0, 76, 151, 26, 128, 14, 14, 14, 18]);
  });

  it("folds any number of turns into one for the layer's transform", () => {
    expect(arrowTransform(0)).toBe('rotate(0deg)');
    expect(arrowTransform(1800)).toBe('rotate(0deg)');
    expect(arrowTransform(-90)).toBe('rotate(270deg)');
    expect(arrowTransform(400.5)).toBe('rotate(40.5deg)');
  });
});
