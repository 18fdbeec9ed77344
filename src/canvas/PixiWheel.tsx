/**
 * The real wheel: Pixi v8 through @pixi/react, motion by GSAP. React renders it when its props change (a few
 * times per game). During a spin nothing on the Pixi stage changes: the arrow (drawn by Pixi once per look, see
 * arrowLayer.ts) lives in a DOM layer above the canvas, and the running roll is a small DOM text over the centre.
 * So a spin frame is a GSAP onUpdate that sets the arrow layer's CSS transform (the compositor rotates it) and
 * writes the roll's text when the shown value changes: no WebGL render per frame. Pixi's own ticker never runs:
 * the stage is rendered only when its content changed (a commit of the Pixi tree, a resize, the win glow's
 * breathing), so an idle wheel costs nothing per frame and a spin has one animation loop (GSAP's), not two. The
 * landing angle is rollAngle(server's roll) by planSpin, so what the arrow shows is the truth. Default export:
 * loaded through React.lazy by LazyWheel.
 */
// The site's CSP has no 'unsafe-eval': Pixi's shader and uniform code generation must use its eval-free path.
import 'pixi.js/unsafe-eval';
import { Application, extend } from '@pixi/react';
// gsap-core, not 'gsap': the wheel tweens plain numbers, so CSSPlugin (~10 KB gzipped) is dead weight.
import { gsap } from 'gsap/gsap-core';
import {
  Container,
  Graphics,
  Rectangle,
  Sprite,
  Text,
  Texture,
  Ticker,
  type Application as PixiApp,
  type Renderer,
} from 'pixi.js';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { rollAngle } from '../domain/wheel.ts';
import { wheelLayout, type WheelLayout } from './layout.ts';
import { prefersReducedMotion } from './reducedMotion.ts';
import { markSpinEnd, markSpinStart } from './spinMarks.ts';
import { planSpin, RESET_MS, restAngle, runningRollText, SPIN_EASE, turnsFor } from './spinPlan.ts';
import { spinTickTimes } from './spinTicks.ts';
import { FONT_FAMILY, LOSS, TEXT, TEXT_MUTED, TONE_COLOR, WIN } from './theme.ts';
import { wheelTextStyle } from './textStyles.ts';
import type { WheelProps } from './wheelTypes.ts';
import { arrowCentre, drawArc, drawArrow, drawBody, drawGlow } from './wheelDraw.ts';
import { arrowBox, arrowTransform, unpremultiply, type PixelBox } from './arrowLayer.ts';
import { LookCache } from './lookCache.ts';
import { SvgWheel } from './SvgWheel.tsx';

extend({ Container, Sprite });

/** The layers drawn into textures, in stage order (the arrow is not on the stage: see bakeArrow). */
const BAKED_LAYERS = ['body', 'glow', 'arc', 'texts'] as const;
type BakedLayer = (typeof BAKED_LAYERS)[number];

/**
 * Lives inside the Pixi tree: its layout effect runs after every commit of that tree (the sprites exist by then),
 * the first one included, which comes after Pixi's asynchronous init.
 */
function AfterCommit({ run }: { run: () => void }) {
  useLayoutEffect(() => {
    run();
  });
  return null;
}

interface StageProps {
  size: number;
  resolution: number;
  centre: number;
  onInit: (app: PixiApp) => void;
  layerRef: Record<BakedLayer, (sprite: Sprite | null) => void>;
  afterCommit: () => void;
}

/**
 * The Pixi application and its stage of four sprites, which the wheel sets up imperatively (textures, the glow's
 * visibility, the arc's alpha). Memoised on the canvas's size and resolution: @pixi/react renders its tree again
 * through its own reconciler (and its context bridge) on every render of <Application>, and a game re-rendered the
 * wheel five or six times, which kept that second React's code hot for nothing (heap snapshots over 50 games).
 */
const Stage = memo(function Stage({ size, resolution, centre, onInit, layerRef, afterCommit }: StageProps) {
  return (
    <Application
      width={size}
      height={size}
      backgroundAlpha={0}
      antialias={false}
      resolution={resolution}
      autoDensity
      preference="webgl"
      autoStart={false}
      sharedTicker={false}
      onInit={onInit}
      className="wheel-canvas"
    >
      <pixiContainer x={centre} y={centre}>
        {/* Each part is rendered into an antialiased texture (see bake) once per look, and again only when a look
            not kept comes (the canvas itself has no MSAA: software GL would pay for it on every frame). The stage
            is one render group of plain sprites, rendered only when one of them changes: never during a spin.
            (With cacheAsTexture each part was a render group of its own, walked on every render, and the hidden
            glow asked the texture pool for a new texture on every render.) */}
        <pixiSprite ref={layerRef.body} />
        <pixiSprite ref={layerRef.glow} />
        <pixiSprite ref={layerRef.arc} />
        <pixiSprite ref={layerRef.texts} />
      </pixiContainer>
      <AfterCommit run={afterCommit} />
    </Application>
  );
});

/**
 * What the baked layers are drawn from: Pixi objects kept off the stage. Each is rendered into a texture when
 * what it shows changes, and the stage shows that texture in a plain sprite.
 */
interface LayerSources {
  body: Graphics;
  glow: Graphics;
  arc: Graphics;
  arrow: Graphics;
  /** Holds the arrow where it sits on the wheel (canvas coordinates), so its bounds are the layer's pixels. */
  arrowFrame: Container;
  texts: Container;
  small: Text;
  big: Text;
}

function createSources(): LayerSources {
  const small = new Text({ text: '', anchor: 0.5 });
  const big = new Text({ text: '', anchor: 0.5 });
  const texts = new Container();
  texts.addChild(small, big);
  const arrow = new Graphics();
  const arrowFrame = new Container();
  arrowFrame.addChild(arrow);
  return { body: new Graphics(), glow: new Graphics(), arc: new Graphics(), arrow, arrowFrame, texts, small, big };
}

/** A baked layer's look: its texture and where it sits; null for an empty source (the sprite shows nothing). */
type BakedLook = { texture: Texture; x: number; y: number } | null;

/**
 * How many looks each layer keeps (LookCache). A game cycles the texts through three looks (pick, the target's
 * chance, the muted chance while spinning) and the arc and glow between the target's chance and none (an empty
 * look, no texture); the body has one look per size.
 */
const LOOKS_KEPT: Record<BakedLayer, number> = { body: 1, glow: 2, arc: 2, texts: 4 };
/** The arrow's looks: plain and win. */
const ARROW_LOOKS_KEPT = 2;

/**
 * Renders `source` into a new antialiased texture, placed where the source's pixels are (bounds snapped outwards
 * to whole pixels); null for an empty source. The caller frees the texture when the look is dropped.
 */
function bake(renderer: Renderer, source: Container, resolution: number): BakedLook {
  const b = source.getLocalBounds();
  const x = Math.floor(b.minX);
  const y = Math.floor(b.minY);
  const width = Math.ceil(b.maxX) - x;
  const height = Math.ceil(b.maxY) - y;
  if (!(width > 0 && height > 0)) return null;
  const texture = renderer.generateTexture({
    target: source,
    frame: new Rectangle(x, y, width, height),
    resolution,
    antialias: true,
  });
  return { texture, x, y };
}

function showBaked(sprite: Sprite, look: BakedLook): void {
  if (!look) {
    sprite.texture = Texture.EMPTY;
    return;
  }
  sprite.texture = look.texture;
  sprite.position.set(look.x, look.y);
}

function freeBaked(look: BakedLook): void {
  look?.texture.destroy(true);
}

/** The arrow's pixels (straight alpha) and where they sit on the wheel; null when there is nothing to show. */
type ArrowLook = { image: ImageData; box: PixelBox; originX: number; originY: number } | null;

/**
 * Draws the arrow's look with Pixi at `resolution` and reads its pixels back, on whole CSS pixels of the wheel's
 * box (the same grid as the wheel canvas), with the arrow's own centre as the origin the win pulse scales about.
 */
function readArrow(
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
  const { pixels, width, height } = renderer.extract.pixels({
    target: src.arrowFrame,
    frame,
    resolution,
    antialias: true,
  });
  const image = ctx.createImageData(width, height);
  image.data.set(unpremultiply(pixels));
  return { image, box, originX: cx - box.x, originY: cy - box.y };
}

/** Puts an arrow look into `canvas` (a DOM canvas in the arrow layer) and places the canvas where the arrow sits. */
function showArrow(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D, look: ArrowLook): void {
  if (!look) {
    canvas.width = 0;
    canvas.height = 0;
    return;
  }
  const { image, box } = look;
  canvas.width = image.width;
  canvas.height = image.height;
  ctx.putImageData(image, 0, 0);
  const style = canvas.style;
  style.left = `${box.x}px`;
  style.top = `${box.y}px`;
  style.width = `${box.width}px`;
  style.height = `${box.height}px`;
  style.transformOrigin = `${look.originX}px ${look.originY}px`;
}

/** Pixi's system ticker only runs its scheduler (texture GC on intervals of seconds): stepped at most this often. */
const SYSTEM_TICK_MS = 250;

/** The Pixi wheel; same props as LazyWheel. */
function PixiWheel(props: WheelProps) {
  const { chance, rollUnder, phase, roll, outcome, centreText, label, tone, size } = props;
  const L = useMemo(() => wheelLayout(size), [size]);
  const latest = useRef(props);
  latest.current = props;

  const app = useRef<PixiApp | null>(null);
  /** The DOM layer the spin rotates (the wheel's size, turning about its centre) and the arrow's canvas in it. */
  const arrowLayer = useRef<HTMLDivElement | null>(null);
  const arrowCanvas = useRef<HTMLCanvasElement | null>(null);
  /** The running roll over the wheel's centre during a spin (and the landed roll after it). */
  const rollText = useRef<HTMLDivElement | null>(null);
  /** What the arrow's canvas shows now (see afterCommit), and the arrow's looks drawn so far. */
  const bakedArrow = useRef('');
  const arrowLooks = useRef<LookCache<ArrowLook> | null>(null);
  /** The sprite showing each baked layer's texture. */
  const layerSprites = useRef<Partial<Record<BakedLayer, Sprite>>>({});
  const sources = useRef<LayerSources | null>(null);
  /** What each baked layer shows now (see afterCommit), and each layer's looks drawn so far. */
  const baked = useRef<Partial<Record<BakedLayer, string>>>({});
  const layerLooks = useRef<Partial<Record<BakedLayer, LookCache<BakedLook>>>>({});
  const systemTicked = useRef(-Infinity);
  const motion = useRef({ angle: 0, shown: '' });
  const tweens = useRef<{
    spin?: ReturnType<typeof gsap.to>;
    reset?: ReturnType<typeof gsap.to>;
    pulse?: ReturnType<typeof gsap.timeline>;
  }>({});
  const spunFor = useRef<number | null>(null);
  // Once per mount: the canvas has its first frame, so the SVG that kept the place can go.
  const [drawn, setDrawn] = useState(false);
  // The outcome shows once the page has the landed pose ('result'): the page switches there on onLanded.
  const showResult = phase === 'result' && roll !== null;
  const win = showResult && outcome === 'win';
  const loss = showResult && outcome === 'loss';

  const painted = useRef(false);

  /**
   * Renders the stage once (after init): the only place the wheel draws. Every call renders: no WebGL fence or
   * query per frame. (A fence-based pacer used to skip a motion frame while the GPU was behind; in traces it
   * never found the GPU behind, because the compositor reads the canvas back every frame, and its three WebGL
   * calls were about 5 % of a spin frame's script.)
   */
  const paint = useCallback(() => {
    const pixi = app.current;
    if (!pixi?.renderer) return;
    const now = performance.now();
    if (now - systemTicked.current >= SYSTEM_TICK_MS) {
      systemTicked.current = now;
      Ticker.system.update(now);
    }
    pixi.render();
    if (!painted.current) {
      painted.current = true;
      setDrawn(true);
    }
  }, []);

  const resolution = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;

  /**
   * One frame of motion: rotate the arrow's layer, write the running roll if it changed. Nothing here touches the
   * Pixi stage, so nothing is rendered: the compositor turns the layer. The ticks were scheduled at the spin's
   * start (onSpin), so no sound is made per frame.
   */
  const frame = useCallback(() => {
    const m = motion.current;
    const layer = arrowLayer.current;
    if (layer) layer.style.transform = arrowTransform(m.angle);
    const text = runningRollText(m.angle);
    const el = rollText.current;
    if (el && text !== m.shown) {
      el.textContent = text;
      m.shown = text;
    }
  }, []);

  useEffect(() => {
    const t = tweens.current;
    return () => {
      t.spin?.kill();
      t.reset?.kill();
      t.pulse?.kill();
      // A remount (StrictMode, Suspense) must be able to start the spin again.
      spunFor.current = null;
    };
  }, []);

  useEffect(() => {
    const t = tweens.current;
    const m = motion.current;
    if (phase === 'spinning' && roll !== null && spunFor.current !== roll) {
      spunFor.current = roll;
      t.reset?.kill();
      t.pulse?.kill();
      t.spin?.kill();
      const { rollUnder: under, spinMs } = latest.current;
      const plan = planSpin(m.angle, roll, under, turnsFor(spinMs));
      markSpinStart();
      // The tween's ease is SPIN_EASE; spinTickTimes follows the same curve (spinEase), so the ticks land on the marks.
      latest.current.onSpin?.(spinTickTimes(plan, spinMs));
      t.spin = gsap.to(m, {
        angle: plan.to,
        duration: spinMs / 1000,
        ease: SPIN_EASE,
        onUpdate: () => frame(),
        // The page answers onLanded by switching to 'result', which shows the outcome: one render, not two.
        onComplete: () => {
          frame();
          markSpinEnd();
          latest.current.onLanded();
        },
      });
    } else if (phase === 'result' && roll !== null && !t.spin?.isActive()) {
      // Mounted straight into a result (no spin seen here): hold the landed pose without reporting a landing.
      m.angle = rollAngle(roll);
      spunFor.current = roll;
      frame();
    } else if (phase === 'idle') {
      spunFor.current = null;
      t.spin?.kill();
      t.pulse?.kill();
      const to = restAngle(m.angle);
      t.reset = gsap.to(m, {
        angle: to,
        duration: prefersReducedMotion() ? 0 : RESET_MS / 1000,
        ease: 'power2.inOut',
        onUpdate: () => frame(),
        onComplete: () => frame(),
      });
    }
  }, [phase, roll, frame]);

  // The win glow breathes three times, then stays lit, while the arrow pulses; under reduced motion the glow is
  // simply on. The glow is on the stage (one render per update); the arrow's pulse is its canvas's CSS scale.
  useEffect(() => {
    const glow = layerSprites.current.glow;
    const art = arrowCanvas.current;
    if (!win || !glow || !art || prefersReducedMotion()) return undefined;
    const pulse = { scale: 1 };
    const update = () => {
      art.style.transform = pulse.scale === 1 ? '' : `scale(${pulse.scale})`;
      paint();
    };
    const tl = gsap.timeline({ onUpdate: update, onComplete: update });
    tl.fromTo(glow, { alpha: 0.35 }, { alpha: 1, duration: 0.45, ease: 'sine.inOut', yoyo: true, repeat: 5 })
      .to(glow, { alpha: 1, duration: 0.3 })
      .fromTo(pulse, { scale: 1 }, { scale: 1.12, duration: 0.3, ease: 'sine.inOut', yoyo: true, repeat: 3 }, 0);
    tweens.current.pulse = tl;
    return () => {
      tl.kill();
      art.style.transform = '';
    };
  }, [win, paint]);

  useEffect(() => {
    app.current?.renderer?.resize(size, size);
    paint();
  }, [size, paint]);

  // The stage is built by the first commit of the Pixi tree, after init: AfterCommit draws it then.
  const onInit = useCallback((pixi: PixiApp) => {
    app.current = pixi;
    // Pixi's system ticker only steps its scheduler (texture GC every few seconds), yet it would request an
    // animation frame forever; paint() steps it instead, so an idle wheel schedules nothing.
    Ticker.system.autoStart = false;
    Ticker.system.stop();
  }, []);

  const spinningOrLanded = phase !== 'idle' && roll !== null;
  const smallText = spinningOrLanded ? centreText : label;
  const smallFill = spinningOrLanded ? TEXT_MUTED : TONE_COLOR[tone];
  // One TextStyle instance per look for the page's lifetime (textStyles.ts): Pixi's text-measuring cache keys on the
  // instance, so a style made per change of look added entries to that cache every game (seen in heap snapshots).
  const smallStyle = wheelTextStyle('600', L.smallFont, smallFill);
  const bigStyle = wheelTextStyle('800', L.bigFont, TEXT);

  // What each baked layer shows. Visibility and alpha (the win glow, the dimmed arc of a loss) are not part of
  // it: they apply to the layer's sprite.
  // A kept look is only good at the resolution it was drawn at, so the resolution is part of every key.
  const keys: Record<BakedLayer, string> = {
    body: `${size}|${resolution}`,
    glow: `${size}|${resolution}|${chance}|${rollUnder}`,
    arc: `${size}|${resolution}|${chance}|${rollUnder}`,
    texts: `${size}|${resolution}|${smallText}|${smallFill}|${spinningOrLanded ? '' : centreText}`,
  };
  const arrowKey = `${size}|${win}|${resolution}`;
  const keyList = BAKED_LAYERS.map((layer) => keys[layer]).join('\n');

  /** Draws a layer's source as it should look now. */
  const draw = useCallback(
    (layer: BakedLayer, src: LayerSources): Container => {
      switch (layer) {
        case 'body':
          drawBody(src.body, L);
          return src.body;
        case 'glow':
          drawGlow(src.glow, L, chance, rollUnder);
          return src.glow;
        case 'arc':
          drawArc(src.arc, L, chance, rollUnder);
          return src.arc;
        case 'texts': {
          const { small, big } = src;
          small.text = smallText;
          small.resolution = resolution;
          small.y = L.smallY;
          small.style = smallStyle;
          big.text = centreText;
          big.visible = !spinningOrLanded;
          big.resolution = resolution;
          big.y = L.bigY;
          big.style = bigStyle;
          return src.texts;
        }
      }
    },
    [L, chance, rollUnder, smallText, smallStyle, bigStyle, centreText, spinningOrLanded, resolution],
  );

  // After a commit of the wheel (and after the Pixi tree's first commit): the layers whose look changed show it,
  // drawn and rendered into a texture only if it is not one of the layer's kept looks; the glow's visibility and
  // the arc's alpha follow the outcome; the stage is drawn once if any of that changed.
  const afterCommit = useCallback(() => {
    const renderer = app.current?.renderer;
    const sprites = layerSprites.current;
    if (!renderer || !sprites.body || !sprites.glow || !sprites.arc || !sprites.texts) return;
    const src = (sources.current ??= createSources());
    const now = keyList.split('\n');
    let changed = !painted.current;
    BAKED_LAYERS.forEach((layer, i) => {
      const sprite = sprites[layer];
      if (!sprite || baked.current[layer] === now[i]) return;
      const looks = (layerLooks.current[layer] ??= new LookCache<BakedLook>(LOOKS_KEPT[layer], freeBaked));
      let look = looks.get(now[i]);
      if (look === undefined) look = bake(renderer, draw(layer, src), resolution);
      showBaked(sprite, look);
      looks.set(now[i], look);
      baked.current[layer] = now[i];
      changed = true;
    });
    const arcAlpha = loss ? 0.3 : 1;
    if (sprites.glow.visible !== win || sprites.arc.alpha !== arcAlpha) {
      sprites.glow.visible = win;
      sprites.arc.alpha = arcAlpha;
      changed = true;
    }
    const canvas = arrowCanvas.current;
    const ctx = canvas && bakedArrow.current !== arrowKey ? canvas.getContext('2d') : null;
    if (canvas && ctx) {
      const looks = (arrowLooks.current ??= new LookCache<ArrowLook>(ARROW_LOOKS_KEPT, () => {}));
      let look = looks.get(arrowKey);
      if (look === undefined) look = readArrow(renderer, src, L, win, resolution, ctx);
      showArrow(canvas, ctx, look);
      looks.set(arrowKey, look);
      bakedArrow.current = arrowKey;
    }
    frame();
    if (changed) paint();
  }, [keyList, arrowKey, draw, L, win, loss, resolution, frame, paint]);
  const afterCommitRef = useRef(afterCommit);
  afterCommitRef.current = afterCommit;
  /** For the Pixi tree's commits: stable, so the memoised Stage is not rendered again when the look changes. */
  const runAfterCommit = useCallback(() => afterCommitRef.current(), []);
  // Every commit of the wheel shows its new look on the stage (the Stage itself is not rendered again).
  useLayoutEffect(() => {
    afterCommit();
  }, [afterCommit]);

  // The baked textures and their sources are off the stage, so the Pixi tree's unmount does not free them. (A
  // StrictMode remount of this effect bakes them again.)
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) afterCommitRef.current();
    mounted.current = true;
    const sprites = layerSprites.current;
    const looks = layerLooks.current;
    return () => {
      for (const layer of BAKED_LAYERS) {
        const sprite = sprites[layer];
        if (sprite && !sprite.destroyed) sprite.texture = Texture.EMPTY;
        looks[layer]?.clear();
        delete looks[layer];
      }
      baked.current = {};
      bakedArrow.current = '';
      arrowLooks.current = null;
      const src = sources.current;
      sources.current = null;
      if (!src) return;
      src.texts.destroy({ children: true });
      src.arrowFrame.destroy({ children: true });
      for (const g of [src.body, src.glow, src.arc]) g.destroy();
    };
  }, []);

  const layerRef = useMemo(() => {
    const set = (layer: BakedLayer) => (sprite: Sprite | null) => {
      if (sprite) layerSprites.current[layer] = sprite;
    };
    return { body: set('body'), glow: set('glow'), arc: set('arc'), texts: set('texts') };
  }, []);

  return (
    <div
      data-testid="wheel-pixi"
      data-phase={phase}
      data-spin-ms={props.spinMs}
      data-outcome={showResult ? (outcome ?? '') : ''}
      data-vin={win || undefined}
      style={{ position: 'relative', width: size, height: size }}
    >
      {/* The SVG still keeps the place until Pixi's first frame, so the swap does not flash an empty box. */}
      {!drawn && (
        <div style={{ position: 'absolute', inset: 0 }}>
          <SvgWheel {...props} phase="idle" roll={null} onLanded={noop} onSpin={undefined} />
        </div>
      )}
      <Stage
        size={size}
        resolution={resolution}
        centre={L.centre}
        onInit={onInit}
        layerRef={layerRef}
        afterCommit={runAfterCommit}
      />
      {/* The running roll: written by frame() only when the shown value changes. Its fixed, contained box keeps
          the write from laying out anything else; tabular digits keep the width from jittering. */}
      <div
        ref={rollText}
        data-wheel-part="roll"
        aria-hidden="true"
        style={rollStyle(L, size, spinningOrLanded, win ? WIN : loss ? LOSS : TEXT)}
      />
      {/* The arrow: a layer of the wheel's size that turns about the wheel's centre (frame() sets its transform),
          holding the arrow's pixels as Pixi drew them (bakeArrow). */}
      <div ref={arrowLayer} data-wheel-part="arrow" aria-hidden="true" style={ARROW_LAYER_STYLE}>
        <canvas ref={arrowCanvas} style={ARROW_CANVAS_STYLE} />
      </div>
    </div>
  );
}

function noop(): void {}

const ARROW_LAYER_STYLE: CSSProperties = {
  position: 'absolute',
  inset: 0,
  pointerEvents: 'none',
  willChange: 'transform',
};
const ARROW_CANVAS_STYLE: CSSProperties = { position: 'absolute', display: 'block' };

/** The running roll's box: the wheel's width, centred on the big text's line (as the baked centre text is). */
function rollStyle(L: WheelLayout, size: number, visible: boolean, color: string): CSSProperties {
  const height = Math.ceil(L.bigFont * 1.5);
  return {
    position: 'absolute',
    left: 0,
    top: L.centre + L.bigY - height / 2,
    width: size,
    height,
    lineHeight: `${height}px`,
    textAlign: 'center',
    whiteSpace: 'pre',
    fontFamily: FONT_FAMILY,
    fontWeight: 800,
    fontSize: L.bigFont,
    fontVariantNumeric: 'tabular-nums',
    color,
    contain: 'strict',
    pointerEvents: 'none',
    visibility: visible ? 'visible' : 'hidden',
  };
}

/** Memoised: a parent re-rendering with the same props must not re-commit the Pixi tree. */
export default memo(PixiWheel);
