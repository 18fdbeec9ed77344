/** GSAP tweens of one angle that turn the arrow's DOM layer; only the win glow renders the stage per step. */
// gsap-core, not 'gsap': the wheel tweens plain numbers, so CSSPlugin is dead weight.
import { gsap } from 'gsap/gsap-core';
import type { Sprite } from 'pixi.js';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { rollAngle } from '../domain/wheel.ts';
import { arrowTransform } from './arrowLayer.ts';
import { prefersReducedMotion } from './reducedMotion.ts';
import { markSpinEnd, markSpinStart } from './spinMarks.ts';
import { planSpin, RESET_MS, restAngle, runningRollText, SPIN_EASE, turnsFor } from './spinPlan.ts';
import { spinTickTimes } from './spinTicks.ts';
import type { WheelProps } from './wheelTypes.ts';

/** Runs the spin, reset and win pulse; returns the DOM refs it moves and `frame`, which shows the pose now. */
export function useWheelMotion(
  phase: WheelProps['phase'],
  roll: number | null,
  win: boolean,
  latest: RefObject<WheelProps>,
  glow: () => Sprite | undefined,
  paint: () => void,
) {
  const arrowLayer = useRef<HTMLDivElement | null>(null);
  const arrowCanvas = useRef<HTMLCanvasElement | null>(null);
  const rollText = useRef<HTMLDivElement | null>(null);
  const motion = useRef({ angle: 0, shown: '', decimal: '.' });
  const tweens = useRef<{
    spin?: ReturnType<typeof gsap.to>;
    reset?: ReturnType<typeof gsap.to>;
    pulse?: ReturnType<typeof gsap.timeline>;
  }>({});
  const spunFor = useRef<number | null>(null);

  // One frame: the compositor turns the arrow's layer; the roll text is written only when it changed.
  const frame = useCallback(() => {
    const m = motion.current;
    const layer = arrowLayer.current;
    if (layer) layer.style.transform = arrowTransform(m.angle);
    const text = runningRollText(m.angle, m.decimal);
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
    m.decimal = latest.current.decimal;
    if (phase === 'spinning' && roll !== null && spunFor.current !== roll) {
      spunFor.current = roll;
      t.reset?.kill();
      t.pulse?.kill();
      t.spin?.kill();
      const { rollUnder, spinMs, onSpin } = latest.current;
      const plan = planSpin(m.angle, roll, rollUnder, turnsFor(spinMs));
      markSpinStart();
      // Scheduled once, not per frame; they follow the tween's ease, so they land on the marks.
      onSpin?.(spinTickTimes(plan, spinMs));
      t.spin = gsap.to(m, {
        angle: plan.to,
        duration: spinMs / 1000,
        ease: SPIN_EASE,
        onUpdate: () => frame(),
        onComplete: () => {
          frame();
          markSpinEnd();
          latest.current.onLanded();
        },
      });
    } else if (phase === 'result' && roll !== null && !t.spin?.isActive()) {
      // Mounted straight into a result: hold the landed pose without reporting a landing.
      m.angle = rollAngle(roll);
      spunFor.current = roll;
      frame();
    } else if (phase === 'idle') {
      spunFor.current = null;
      t.spin?.kill();
      t.pulse?.kill();
      t.reset = gsap.to(m, {
        angle: restAngle(m.angle),
        duration: prefersReducedMotion() ? 0 : RESET_MS / 1000,
        ease: 'power2.inOut',
        onUpdate: () => frame(),
        onComplete: () => frame(),
      });
    }
  }, [phase, roll, frame, latest]);

  // A win: the glow breathes three times, then stays lit, while the arrow pulses.
  useEffect(() => {
    const sprite = glow();
    const art = arrowCanvas.current;
    if (!win || !sprite || !art || prefersReducedMotion()) return undefined;
    const pulse = { scale: 1 };
    const update = () => {
      art.style.transform = pulse.scale === 1 ? '' : `scale(${pulse.scale})`;
      paint();
    };
    const tl = gsap.timeline({ onUpdate: update, onComplete: update });
    tl.fromTo(sprite, { alpha: 0.35 }, { alpha: 1, duration: 0.45, ease: 'sine.inOut', yoyo: true, repeat: 5 })
      .to(sprite, { alpha: 1, duration: 0.3 })
      .fromTo(pulse, { scale: 1 }, { scale: 1.12, duration: 0.3, ease: 'sine.inOut', yoyo: true, repeat: 3 }, 0);
    tweens.current.pulse = tl;
    return () => {
      tl.kill();
      art.style.transform = '';
    };
  }, [win, paint, glow]);

  return { frame, arrowLayer, arrowCanvas, rollText };
}
