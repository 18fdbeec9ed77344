/** The wheel's layers as off-stage Pixi objects baked into textures (the arrow into a DOM canvas) on change. */
import { Container, Graphics, Rectangle, Sprite, Text, Texture, type Renderer } from 'pixi.js';
import { arrowBox, unpremultiply, type PixelBox } from './arrowLayer.ts';
import type { WheelLayout } from './layout.ts';
import type { BakedLayer } from './pixiStage.tsx';
import { arrowCentre, drawArrow } from './wheelDraw.ts';

/** What the layers are drawn from. */
export interface LayerSources {
  body: Graphics;
  glow: Graphics;
  arc: Graphics;
  arrow: Graphics;
  /** Holds the arrow in canvas coordinates, so its bounds are the layer's pixels. */
  arrowFrame: Container;
  texts: Container;
  small: Text;
  big: Text;
}

/** Fresh, empty sources. */
export function createSources(): LayerSources {
  const small = new Text({ text: '', anchor: 0.5 });
  const big = new Text({ text: '', anchor: 0.5 });
  const texts = new Container();
  texts.addChild(small, big);
  const arrow = new Graphics();
  const arrowFrame = new Container();
  arrowFrame.addChild(arrow);
  return { body: new Graphics(), glow: new Graphics(), arc: new Graphics(), arrow, arrowFrame, texts, small, big };
}

/** Frees the sources: being off the stage, the Pixi tree's unmount does not. */
export function destroySources(src: LayerSources): void {
  src.texts.destroy({ children: true });
  src.arrowFrame.destroy({ children: true });
  for (const g of [src.body, src.glow, src.arc]) g.destroy();
}

/** A baked layer's look: its texture and where it sits; null for an empty source. */
export type BakedLook = { texture: Texture; x: number; y: number } | null;

/** Looks kept per layer: a game cycles through this many. */
export const LOOKS_KEPT: Record<BakedLayer, number> = { body: 1, glow: 2, arc: 2, texts: 4 };
/** Plain and win. */
export const ARROW_LOOKS_KEPT = 2;

/** Renders `source` into an antialiased texture on whole pixels; null when empty. */
export function bake(renderer: Renderer, source: Container, resolution: number): BakedLook {
  const b = source.getLocalBounds();
  const x = Math.floor(b.minX);
  const y = Math.floor(b.minY);
  const width = Math.ceil(b.maxX) - x;
  const height = Math.ceil(b.maxY) - y;
  if (!(width > 0 && height > 0)) return null;
  const frame = new Rectangle(x, y, width, height);
  return { texture: renderer.generateTexture({ target: source, frame, resolution, antialias: true }), x, y };
}

/** Shows a look in its sprite. */
export function showBaked(sprite: Sprite, look: BakedLook): void {
  sprite.texture = look ? look.texture : Texture.EMPTY;
  if (look) sprite.position.set(look.x, look.y);
}

/** Frees a look dropped from its cache. */
export function freeBaked(look: BakedLook): void {
  look?.texture.destroy(true);
}

/** The arrow's pixels (straight alpha) and where they sit; null when empty. */
export type ArrowLook = { image: ImageData; box: PixelBox; originX: number; originY: number } | null;

/** Draws the arrow with Pixi and reads its pixels back, origin at its centre for the win pulse. */
export function readArrow(
  renderer: Renderer,
  src: LayerSources,
  L: WheelLayout,
  win: boolean,
  resolution: number,
  ctx: CanvasRenderingContext2D,
): ArrowLook {
  drawArrow(src.arrow, L, win);
  const cx = L.centre;
  const cy = L.centre + arrowCentre(L);
  src.arrow.position.set(cx, cy);
  const box = arrowBox(src.arrowFrame.getLocalBounds());
  if (!box) return null;
  const frame = new Rectangle(box.x, box.y, box.width, box.height);
  const read = renderer.extract.pixels({ target: src.arrowFrame, frame, resolution, antialias: true });
  const image = ctx.createImageData(read.width, read.height);
  image.data.set(unpremultiply(read.pixels));
  return { image, box, originX: cx - box.x, originY: cy - box.y };
}

/** Puts an arrow look into the arrow layer's canvas. */
export function showArrow(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D, look: ArrowLook): void {
  if (!look) {
    canvas.width = 0;
    canvas.height = 0;
    return;
  }
  const { image, box } = look;
  canvas.width = image.width;
  canvas.height = image.height;
  ctx.putImageData(image, 0, 0);
  Object.assign(canvas.style, {
    left: `${box.x}px`,
    top: `${box.y}px`,
    width: `${box.width}px`,
    height: `${box.height}px`,
    transformOrigin: `${look.originX}px ${look.originY}px`,
  });
}
