/**
 * The Pixi wheel, loaded lazily by LazyWheel. The stage renders only when a layer's look changes, never per spin
 * frame (docs/decisions/spin-dom-layer.md).
 */
import { Texture, Ticker, type Application as PixiApp, type Container, type Sprite } from 'pixi.js';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import {
  ARROW_LOOKS_KEPT,
  bake,
  createSources,
  destroySources,
  freeBaked,
  LOOKS_KEPT,
  readArrow,
  showArrow,
  showBaked,
  type ArrowLook,
  type BakedLook,
  type LayerSources,
} from './bakedLayers.ts';
import { wheelLayout, type WheelLayout } from './layout.ts';
import { LookCache } from './lookCache.ts';
import { BAKED_LAYERS, Stage, type BakedLayer } from './pixiStage.tsx';
import { SvgWheel } from './SvgWheel.tsx';
import { wheelTextStyle } from './textStyles.ts';
import { FONT_FAMILY, LOSS, TEXT, TEXT_MUTED, TONE_COLOR, WIN } from './theme.ts';
import { useWheelMotion } from './useWheelMotion.ts';
import { drawArc, drawBody, drawGlow } from './wheelDraw.ts';
import type { WheelProps } from './wheelTypes.ts';

/** The system ticker only runs Pixi's scheduler (texture GC), so stepping it this often is enough. */
const SYSTEM_TICK_MS = 250;

/** The Pixi wheel; same props as LazyWheel. */
function PixiWheel(props: WheelProps) {
  const { chance, rollUnder, phase, roll, outcome, centreText, label, tone, size } = props;
  const L = useMemo(() => wheelLayout(size), [size]);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  const app = useRef<PixiApp | null>(null);
  // The look each layer shows now, and the looks drawn so far.
  const bakedArrow = useRef('');
  const arrowLooks = useRef<LookCache<ArrowLook> | null>(null);
  const layerSprites = useRef<Partial<Record<BakedLayer, Sprite>>>({});
  const sources = useRef<LayerSources | null>(null);
  const baked = useRef<Partial<Record<BakedLayer, string>>>({});
  const layerLooks = useRef<Partial<Record<BakedLayer, LookCache<BakedLook>>>>({});
  const systemTicked = useRef(-Infinity);
  // Set once the canvas has its first frame, so the SVG that kept the place can go.
  const [drawn, setDrawn] = useState(false);
  const painted = useRef(false);
  const showResult = phase === 'result' && roll !== null;
  const win = showResult && outcome === 'win';
  const loss = showResult && outcome === 'loss';

  // The only place the wheel renders the stage.
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

  const glow = useCallback(() => layerSprites.current.glow, []);
  const { frame, arrowLayer, arrowCanvas, rollText } = useWheelMotion(phase, roll, win, latest, glow, paint);
  const resolution = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;

  useEffect(() => {
    app.current?.renderer?.resize(size, size);
    paint();
  }, [size, paint]);

  const onInit = useCallback((pixi: PixiApp) => {
    app.current = pixi;
    // Left running, the system ticker requests frames forever; paint() steps it instead.
    Ticker.system.autoStart = false;
    Ticker.system.stop();
  }, []);

  const spinningOrLanded = phase !== 'idle' && roll !== null;
  const smallText = spinningOrLanded ? centreText : label;
  const smallFill = spinningOrLanded ? TEXT_MUTED : TONE_COLOR[tone];
  const smallStyle = wheelTextStyle('600', L.smallFont, smallFill);
  const bigStyle = wheelTextStyle('800', L.bigFont, TEXT);

  // Each layer's look; visibility and alpha apply to the sprite. A look is only good at its resolution.
  const keys: Record<BakedLayer, string> = {
    body: `${size}|${resolution}`,
    glow: `${size}|${resolution}|${chance}|${rollUnder}`,
    arc: `${size}|${resolution}|${chance}|${rollUnder}`,
    texts: `${size}|${resolution}|${smallText}|${smallFill}|${spinningOrLanded ? '' : centreText}`,
  };
  const arrowKey = `${size}|${win}|${resolution}`;
  const keyList = BAKED_LAYERS.map((layer) => keys[layer]).join('\n');

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
          Object.assign(small, { text: smallText, resolution, y: L.smallY, style: smallStyle });
          Object.assign(big, { text: centreText, visible: !spinningOrLanded, resolution, y: L.bigY, style: bigStyle });
          return src.texts;
        }
      }
    },
    [L, chance, rollUnder, smallText, smallStyle, bigStyle, centreText, spinningOrLanded, resolution],
  );

  // After a commit: show each changed look (baked unless kept), then render the stage once if anything changed.
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
  }, [keyList, arrowKey, draw, L, win, loss, resolution, frame, paint, arrowCanvas]);
  const afterCommitRef = useRef(afterCommit);
  // Stable, so the memoised Stage is not rendered again when the look changes.
  const runAfterCommit = useCallback(() => afterCommitRef.current(), []);
  useLayoutEffect(() => {
    afterCommitRef.current = afterCommit;
    afterCommit();
  }, [afterCommit]);

  // The textures and sources are off the stage, so the Pixi tree's unmount does not free them.
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
      if (sources.current) destroySources(sources.current);
      sources.current = null;
    };
  }, []);

  const onLayer = useCallback((layer: BakedLayer, sprite: Sprite | null) => {
    if (sprite) layerSprites.current[layer] = sprite;
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
      {/* Keeps the place until Pixi's first frame, so the swap does not flash an empty box. */}
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
        onLayer={onLayer}
        afterCommit={runAfterCommit}
      />
      {/* Contained, so writing the running roll lays out nothing else. */}
      <div
        ref={rollText}
        data-wheel-part="roll"
        aria-hidden="true"
        style={rollStyle(L, size, spinningOrLanded, win ? WIN : loss ? LOSS : TEXT)}
      />
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

/** The running roll's box on the big text's line; tabular digits do not jitter. */
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

/** Memoised so a parent's re-render with the same props does not re-commit the Pixi tree. */
export default memo(PixiWheel);
