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
import { BitmapText, Container, Graphics, Text, type Application as PixiApp } from 'pixi.js';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { rollAngle } from '../domain/wheel.ts';
import { wheelLayout } from './layout.ts';
import { prefersReducedMotion } from './reducedMotion.ts';
import { planSpin, RESET_MS, restAngle, runningRollText, SPIN_EASE, ticksCrossed, turnsFor } from './spinPlan.ts';
import { FONT_FAMILY, LOSS, TEXT, TEXT_MUTED, TONE_COLOR, WIN } from './theme.ts';
import type { WheelProps } from './wheelTypes.ts';
import { arrowCentre, drawArc, drawArrow, drawBody, drawGlow } from './wheelDraw.ts';
import { SvgWheel } from './SvgWheel.tsx';

extend({ Container, Graphics, Text, BitmapText });

const DEG = Math.PI / 180;

/**
 * Lives inside the Pixi tree: its layout effect runs after every commit of that tree (the props of the Pixi
 * objects are applied by then), which is exactly when a changed stage needs one render.
 */
function PaintOnCommit({ paint }: { paint: () => void }) {
  useLayoutEffect(() => {
    paint();
  });
  return null;
}

/** The Pixi wheel; same props as LazyWheel. */
function PixiWheel(props: WheelProps) {
  const { chance, rollUnder, phase, roll, outcome, centreText, label, tone, size } = props;
  const L = useMemo(() => wheelLayout(size), [size]);
  const latest = useRef(props);
  latest.current = props;

  const app = useRef<PixiApp | null>(null);
  const arrow = useRef<Container | null>(null);
  const arrowShape = useRef<Graphics | null>(null);
  const rollText = useRef<BitmapText | null>(null);
  const glow = useRef<Graphics | null>(null);
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
  const paint = useCallback(() => {
    const pixi = app.current;
    if (!pixi?.renderer) return;
    pixi.render();
    if (!painted.current) {
      painted.current = true;
      setDrawn(true);
    }
  }, []);

  /** One frame of motion: rotate the arrow, refresh the running roll if it changed, report passed ticks, render. */
  const frame = useCallback(() => {
    const m = motion.current;
    if (arrow.current) arrow.current.rotation = m.angle * DEG;
    const text = runningRollText(m.angle);
    if (text !== m.shown && rollText.current) {
      rollText.current.text = text;
      m.shown = text;
    }
    if (ticksCrossed(m.lastTickAngle, m.angle) > 0) latest.current.onTick?.();
    m.lastTickAngle = m.angle;
    paint();
  }, [paint]);

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
      t.spin = gsap.to(m, {
        angle: plan.to,
        duration: spinMs / 1000,
        ease: SPIN_EASE,
        onUpdate: frame,
        // The page answers onLanded by switching to 'result', which shows the outcome: one render, not two.
        onComplete: () => {
          frame();
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
      t.reset = gsap.to(m, { angle: to, duration: prefersReducedMotion() ? 0 : RESET_MS / 1000, ease: 'power2.inOut', onUpdate: frame });
    }
  }, [phase, roll, frame]);

  // The win glow breathes three times, then stays lit; under reduced motion it is simply on.
  useEffect(() => {
    if (!win || !glow.current || !arrowShape.current || prefersReducedMotion()) return undefined;
    const tl = gsap.timeline({ onUpdate: paint });
    tl.fromTo(glow.current, { alpha: 0.35 }, { alpha: 1, duration: 0.45, ease: 'sine.inOut', yoyo: true, repeat: 5 })
      .to(glow.current, { alpha: 1, duration: 0.3 })
      .fromTo(arrowShape.current.scale, { x: 1, y: 1 }, { x: 1.12, y: 1.12, duration: 0.3, ease: 'sine.inOut', yoyo: true, repeat: 3 }, 0);
    tweens.current.pulse = tl;
    return () => {
      tl.kill();
    };
  }, [win, paint]);

  useEffect(() => {
    app.current?.renderer?.resize(size, size);
    paint();
  }, [size, paint]);

  // The stage is built by the first commit of the Pixi tree, after init: PaintOnCommit draws it then.
  const onInit = useCallback((pixi: PixiApp) => {
    app.current = pixi;
  }, []);
  const spinningOrLanded = phase !== 'idle' && roll !== null;

  const body = useCallback((g: Graphics) => drawBody(g, L), [L]);
  const arcDraw = useCallback((g: Graphics) => drawArc(g, L, chance, rollUnder), [L, chance, rollUnder]);
  const glowDraw = useCallback((g: Graphics) => drawGlow(g, L, chance, rollUnder), [L, chance, rollUnder]);
  const arrowDraw = useCallback((g: Graphics) => drawArrow(g, L, win), [L, win]);
  const font = { fontFamily: FONT_FAMILY, fontWeight: '800' as const };
  const resolution = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;

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
        antialias
        resolution={resolution}
        autoDensity
        preference="webgl"
        autoStart={false}
        sharedTicker={false}
        onInit={onInit}
        className="wheel-canvas"
      >
        <pixiContainer x={L.centre} y={L.centre}>
          {/* Render groups split what changes per frame from what does not: rotating the arrow group or
              retyping the roll group leaves the ring's batched geometry untouched, so a spin frame costs a
              transform and a few glyph quads, not a rebuild of the whole stage. */}
          <pixiContainer isRenderGroup>
            <pixiGraphics draw={body} />
            <pixiGraphics ref={glow} draw={glowDraw} visible={win} />
            <pixiGraphics draw={arcDraw} alpha={loss ? 0.3 : 1} />
            <pixiText
              text={spinningOrLanded ? centreText : label}
              anchor={0.5}
              y={L.smallY}
              style={{ fontFamily: FONT_FAMILY, fontWeight: '600', fontSize: L.smallFont, fill: spinningOrLanded ? TEXT_MUTED : TONE_COLOR[tone] }}
            />
            <pixiText
              text={centreText}
              visible={!spinningOrLanded}
              anchor={0.5}
              y={L.bigY}
              style={{ ...font, fontSize: L.bigFont, fill: TEXT }}
            />
          </pixiContainer>
          <pixiContainer isRenderGroup>
            <pixiBitmapText
              ref={rollText}
              visible={spinningOrLanded}
              anchor={0.5}
              y={L.bigY}
              style={{ ...font, fontSize: L.bigFont, fill: win ? WIN : loss ? LOSS : TEXT }}
            />
          </pixiContainer>
          <pixiContainer ref={arrow} isRenderGroup>
            <pixiGraphics ref={arrowShape} y={arrowCentre(L)} draw={arrowDraw} />
          </pixiContainer>
        </pixiContainer>
        <PaintOnCommit paint={frame} />
      </Application>
    </div>
  );
}

function noop(): void {}

/** Memoised: a parent re-rendering with the same props must not re-commit the Pixi tree. */
export default memo(PixiWheel);
