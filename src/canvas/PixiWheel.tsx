/**
 * The real wheel: Pixi v8 through @pixi/react, motion by GSAP. React renders it when its props change (a few
 * times per game); every frame of a spin is a GSAP onUpdate that rotates one container, sets one BitmapText when
 * the shown value changes, and renders the stage. Pixi's own ticker never runs: the stage is rendered only when
 * something changed (a commit of the Pixi tree, a tween update, a resize), so an idle wheel costs nothing per frame
 * and a spin has one animation loop (GSAP's), not two. The landing angle is rollAngle(server's roll) by planSpin,
 * so what the arrow shows is the truth. Default export: loaded through React.lazy by LazyWheel.
 */
// The site's CSP has no 'unsafe-eval': Pixi's shader and uniform code generation must use its eval-free path.
import 'pixi.js/unsafe-eval';
import { Application, extend } from '@pixi/react';
// gsap-core, not 'gsap': the wheel tweens plain numbers, so CSSPlugin (~10 KB gzipped) is dead weight.
import { gsap } from 'gsap/gsap-core';
import { Container, Graphics, Sprite, Text, Ticker, type Application as PixiApp } from 'pixi.js';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { rollAngle } from '../domain/wheel.ts';
import { wheelLayout } from './layout.ts';
import { prefersReducedMotion } from './reducedMotion.ts';
import { markSpinEnd, markSpinStart } from './spinMarks.ts';
import { planSpin, RESET_MS, restAngle, runningRollText, SPIN_EASE, ticksCrossed, turnsFor } from './spinPlan.ts';
import { FONT_FAMILY, LOSS, TEXT, TEXT_MUTED, TONE_COLOR, WIN } from './theme.ts';
import type { WheelProps } from './wheelTypes.ts';
import { arrowCentre, drawArc, drawArrow, drawBody, drawGlow } from './wheelDraw.ts';
import { ROLL_SLOTS, rollFont, writeRoll } from './rollDigits.ts';
import { createFramePacer, webgl2Of } from './framePacing.ts';
import { SvgWheel } from './SvgWheel.tsx';

extend({ Container, Graphics, Text, Sprite });

const DEG = Math.PI / 180;

const SLOT_KEYS = Array.from({ length: ROLL_SLOTS }, (_, i) => i);

/** The layers drawn once into textures, in stage order. */
const CACHED_LAYERS = ['body', 'glow', 'arc', 'texts', 'arrow'] as const;
type CachedLayer = (typeof CACHED_LAYERS)[number];

/**
 * Lives inside the Pixi tree: its layout effect runs after every commit of that tree (the props of the Pixi
 * objects are applied by then), which is exactly when a changed stage needs one render.
 */
function AfterCommit({ run }: { run: () => void }) {
  useLayoutEffect(() => {
    run();
  });
  return null;
}

/** Caches a layer as one texture (antialiased), or redraws that texture after its content changed. */
function refreshCache(layer: Container | null, resolution: number): void {
  if (!layer) return;
  if (layer.isCachedAsTexture) layer.updateCacheTexture();
  else layer.cacheAsTexture({ antialias: true, resolution });
}

/** The Pixi wheel; same props as LazyWheel. */
function PixiWheel(props: WheelProps) {
  const { chance, rollUnder, phase, roll, outcome, centreText, label, tone, size } = props;
  const L = useMemo(() => wheelLayout(size), [size]);
  const latest = useRef(props);
  latest.current = props;

  const app = useRef<PixiApp | null>(null);
  const arrow = useRef<Container | null>(null);
  const arrowArt = useRef<Container | null>(null);
  const body = useRef<Container | null>(null);
  const arc = useRef<Container | null>(null);
  const texts = useRef<Container | null>(null);
  const slots = useRef<Sprite[]>([]);
  const glow = useRef<Container | null>(null);
  /** What each cached layer's texture shows now (see afterCommit). */
  const cached = useRef<Partial<Record<CachedLayer, string>>>({});
  const motion = useRef({ angle: 0, lastTickAngle: 0, shown: '' });
  const tweens = useRef<{ spin?: ReturnType<typeof gsap.to>; reset?: ReturnType<typeof gsap.to>; pulse?: ReturnType<typeof gsap.timeline> }>({});
  const spunFor = useRef<number | null>(null);
  // Once per mount: the canvas has its first frame, so the SVG that kept the place can go.
  const [drawn, setDrawn] = useState(false);
  // The outcome shows once the page has the landed pose ('result'): the page switches there on onLanded.
  const showResult = phase === 'result' && roll !== null;
  const win = showResult && outcome === 'win';
  const loss = showResult && outcome === 'loss';

  const painted = useRef(false);

  /** Renders the stage once (after init): the only place the wheel draws. */
  const pacer = useMemo(() => createFramePacer(), []);

  /** Renders the stage once (after init): the only place the wheel draws. Motion frames may be paced (`force` off). */
  const paint = useCallback((force = true) => {
    const pixi = app.current;
    if (!pixi?.renderer) return;
    const gl = webgl2Of(pixi.renderer);
    if (!pacer.ready(gl, force)) return;
    Ticker.system.update();
    pixi.render();
    pacer.rendered(gl);
    if (!painted.current) {
      painted.current = true;
      setDrawn(true);
    }
  }, [pacer]);

  const resolution = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const digits = useMemo(() => rollFont(FONT_FAMILY, L.bigFont, resolution), [L.bigFont, resolution]);

  /**
   * One frame of motion: rotate the arrow, refresh the running roll if it changed, report passed ticks, render.
   * Tween updates are paced (see framePacing.ts); a landing, a reset's end and a changed stage are always drawn.
   */
  const frame = useCallback((force = false) => {
    const m = motion.current;
    if (arrow.current) arrow.current.rotation = m.angle * DEG;
    const text = runningRollText(m.angle);
    if (text !== m.shown && slots.current.length === ROLL_SLOTS) {
      writeRoll(slots.current, digits, text);
      m.shown = text;
    }
    if (ticksCrossed(m.lastTickAngle, m.angle) > 0) latest.current.onTick?.();
    m.lastTickAngle = m.angle;
    paint(force);
  }, [paint, digits]);

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
      m.lastTickAngle = m.angle;
      markSpinStart();
      t.spin = gsap.to(m, {
        angle: plan.to,
        duration: spinMs / 1000,
        ease: SPIN_EASE,
        onUpdate: () => frame(),
        // The page answers onLanded by switching to 'result', which shows the outcome: one render, not two.
        onComplete: () => {
          frame(true);
          markSpinEnd();
          latest.current.onLanded();
        },
      });
    } else if (phase === 'result' && roll !== null && !t.spin?.isActive()) {
      // Mounted straight into a result (no spin seen here): hold the landed pose without reporting a landing.
      m.angle = rollAngle(roll);
      spunFor.current = roll;
      frame(true);
    } else if (phase === 'idle') {
      spunFor.current = null;
      t.spin?.kill();
      t.pulse?.kill();
      const to = restAngle(m.angle);
      t.reset = gsap.to(m, { angle: to, duration: prefersReducedMotion() ? 0 : RESET_MS / 1000, ease: 'power2.inOut', onUpdate: () => frame(), onComplete: () => frame(true) });
    }
  }, [phase, roll, frame]);

  // The win glow breathes three times, then stays lit; under reduced motion it is simply on.
  useEffect(() => {
    if (!win || !glow.current || !arrowArt.current || prefersReducedMotion()) return undefined;
    const tl = gsap.timeline({ onUpdate: () => paint(false), onComplete: () => paint(true) });
    tl.fromTo(glow.current, { alpha: 0.35 }, { alpha: 1, duration: 0.45, ease: 'sine.inOut', yoyo: true, repeat: 5 })
      .to(glow.current, { alpha: 1, duration: 0.3 })
      .fromTo(arrowArt.current.scale, { x: 1, y: 1 }, { x: 1.12, y: 1.12, duration: 0.3, ease: 'sine.inOut', yoyo: true, repeat: 3 }, 0);
    tweens.current.pulse = tl;
    return () => {
      tl.kill();
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

  // What each cached layer shows. Visibility and alpha (the win glow, the dimmed arc of a loss) are not part of
  // it: they apply to the cached texture as a whole.
  const keys: Record<CachedLayer, string> = {
    body: `${size}`,
    glow: `${size}|${chance}|${rollUnder}`,
    arc: `${size}|${chance}|${rollUnder}`,
    texts: `${size}|${smallText}|${smallFill}|${spinningOrLanded ? '' : centreText}`,
    arrow: `${size}|${win}`,
  };
  const keyList = CACHED_LAYERS.map((layer) => keys[layer]).join('\n');

  // After a commit of the Pixi tree: the layers whose content changed are drawn into their textures again, then
  // the stage is drawn once.
  const afterCommit = useCallback(() => {
    if (!app.current?.renderer) return;
    const nodes: Record<CachedLayer, Container | null> = { body: body.current, glow: glow.current, arc: arc.current, texts: texts.current, arrow: arrowArt.current };
    const now = keyList.split('\n');
    CACHED_LAYERS.forEach((layer, i) => {
      if (cached.current[layer] === now[i]) return;
      refreshCache(nodes[layer], resolution);
      cached.current[layer] = now[i];
    });
    motion.current.shown = '';
    frame(true);
  }, [keyList, resolution, frame]);

  const bodyDraw = useCallback((g: Graphics) => drawBody(g, L), [L]);
  const arcDraw = useCallback((g: Graphics) => drawArc(g, L, chance, rollUnder), [L, chance, rollUnder]);
  const glowDraw = useCallback((g: Graphics) => drawGlow(g, L, chance, rollUnder), [L, chance, rollUnder]);
  const arrowDraw = useCallback((g: Graphics) => drawArrow(g, L, win), [L, win]);
  const font = { fontFamily: FONT_FAMILY, fontWeight: '800' as const };

  return (
    <div data-testid="wheel-pixi" data-phase={phase} data-outcome={showResult ? (outcome ?? '') : ''} data-vin={win || undefined} style={{ position: 'relative', width: size, height: size }}>
      {/* The SVG still keeps the place until Pixi's first frame, so the swap does not flash an empty box. */}
      {!drawn && (
        <div style={{ position: 'absolute', inset: 0 }}>
          <SvgWheel {...props} phase="idle" roll={null} onLanded={noop} onTick={undefined} />
        </div>
      )}
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
        <pixiContainer x={L.centre} y={L.centre}>
          {/* Each part is drawn once into an antialiased texture and redrawn only when what it shows changes
              (the canvas itself has no MSAA: software GL would pay for it on every frame). Everything is one
              batch of textured quads: a spin frame rotates the arrow's quad, swaps glyph frames of the running
              roll (same atlas page: updated in place) and issues one draw call. */}
          <pixiContainer ref={body}>
            <pixiGraphics draw={bodyDraw} />
          </pixiContainer>
          <pixiContainer ref={glow} visible={win}>
            <pixiGraphics draw={glowDraw} />
          </pixiContainer>
          <pixiContainer ref={arc} alpha={loss ? 0.3 : 1}>
            <pixiGraphics draw={arcDraw} />
          </pixiContainer>
          <pixiContainer ref={texts}>
            <pixiText
              text={smallText}
              anchor={0.5}
              y={L.smallY}
              resolution={resolution}
              style={{ fontFamily: FONT_FAMILY, fontWeight: '600', fontSize: L.smallFont, fill: smallFill }}
            />
            <pixiText
              text={centreText}
              visible={!spinningOrLanded}
              anchor={0.5}
              y={L.bigY}
              resolution={resolution}
              style={{ ...font, fontSize: L.bigFont, fill: TEXT }}
            />
          </pixiContainer>
          <pixiContainer visible={spinningOrLanded} y={L.bigY} scale={L.bigFont / digits.baseMeasurementFontSize} tint={win ? WIN : loss ? LOSS : TEXT}>
            {SLOT_KEYS.map((i) => (
              <pixiSprite key={i} ref={(sprite: Sprite | null) => { if (sprite) slots.current[i] = sprite; }} />
            ))}
          </pixiContainer>
          <pixiContainer ref={arrow}>
            <pixiContainer ref={arrowArt} y={arrowCentre(L)}>
              <pixiGraphics draw={arrowDraw} />
            </pixiContainer>
          </pixiContainer>
        </pixiContainer>
        <AfterCommit run={afterCommit} />
      </Application>
    </div>
  );
}

function noop(): void {}

/** Memoised: a parent re-rendering with the same props must not re-commit the Pixi tree. */
export default memo(PixiWheel);
