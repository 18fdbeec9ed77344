/**
 * The wheel in SVG and CSS, shown while the Pixi chunk loads (and for good if it never does). It can run a spin
 * itself, so the game never waits on a download; no Pixi or GSAP import, as it ships in the entry chunk.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { winArc } from '../domain/wheel.ts';
import { polar, wheelLayout } from './layout.ts';
import { markSpinEnd, markSpinStart } from './spinMarks.ts';
import { formatRoll, MAJOR_TICK_EVERY, planSpin, restAngle, SPIN_EASE_CSS, TICK_DEG, turnsFor } from './spinPlan.ts';
import {
  ACCENT,
  ACCENT_LIGHT,
  DISC,
  DISC_EDGE,
  FONT_FAMILY,
  LOSS,
  RING,
  TEXT,
  TEXT_MUTED,
  TICK,
  TONE_COLOR,
  WIN,
} from './theme.ts';
import type { WheelProps } from './wheelTypes.ts';

function arcPath(c: number, r: number, a0: number, a1: number): string {
  const p0 = polar(r, a0);
  const p1 = polar(r, a1);
  const large = a1 - a0 > 180 ? 1 : 0;
  return `M ${c + p0.x} ${c + p0.y} A ${r} ${r} 0 ${large} 1 ${c + p1.x} ${c + p1.y}`;
}

/** The tick marks as one path, not a hundred elements. */
function ticksPath(c: number, outer: number, inner: number, majorInner: number): string {
  const parts: string[] = [];
  for (let i = 0; i < 360 / TICK_DEG; i++) {
    const a = i * TICK_DEG;
    const p0 = polar(outer, a);
    const p1 = polar(i % MAJOR_TICK_EVERY === 0 ? majorInner : inner, a);
    parts.push(`M ${c + p0.x} ${c + p0.y} L ${c + p1.x} ${c + p1.y}`);
  }
  return parts.join(' ');
}

/** The SVG wheel; same props as the Pixi wheel. */
export function SvgWheel(props: WheelProps) {
  const { chance, rollUnder, phase, roll, outcome, centreText, decimal, label, tone, spinMs, size } = props;
  const L = wheelLayout(size);
  const c = L.centre;
  const [angle, setAngle] = useState(0);
  const [transitionMs, setTransitionMs] = useState(0);
  const [landed, setLanded] = useState(false);
  const onLandedRef = useRef(props.onLanded);
  // eslint-disable-next-line react-hooks/refs -- the latest callback for the timer; no render reads it
  onLandedRef.current = props.onLanded;
  const angleRef = useRef(0);

  // A timer, not transitionend, reports the landing: a hidden tab or reduced motion may never fire the event.
  // rollUnder and spinMs are read at spin start only, so a change mid-spin does not restart it.
  useEffect(() => {
    if (phase === 'spinning' && roll !== null) {
      const plan = planSpin(angleRef.current, roll, rollUnder, turnsFor(spinMs));
      angleRef.current = plan.to;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- starts the CSS transition with the timer
      setLanded(false);
      setTransitionMs(spinMs);
      setAngle(plan.to);
      markSpinStart();
      const timer = setTimeout(() => {
        markSpinEnd();
        setLanded(true);
        onLandedRef.current();
      }, spinMs);
      return () => clearTimeout(timer);
    }
    if (phase === 'idle') {
      angleRef.current = restAngle(angleRef.current);
      setLanded(false);
      setTransitionMs(0);
      setAngle(angleRef.current);
    }
    return undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rollUnder and spinMs are read at spin start only
  }, [phase, roll]);

  const showResult = (phase === 'result' || landed) && roll !== null;
  const arc = chance > 0 ? winArc(chance, rollUnder) : null;
  const win = showResult && outcome === 'win';
  const loss = showResult && outcome === 'loss';
  const big = showResult ? formatRoll(roll, decimal) : centreText;
  const bigColor = win ? WIN : loss ? LOSS : TEXT;
  const small = showResult ? centreText : label;
  const smallColor = showResult ? TEXT_MUTED : TONE_COLOR[tone];
  const stroke = Math.max(1, size * 0.004);
  const { arrowTip: tip, arrowBase: base, arrowHalfWidth: hw } = L;

  const arrowStyle: CSSProperties = {
    transform: `rotate(${angle}deg)`,
    transformOrigin: `${c}px ${c}px`,
    transition: transitionMs > 0 ? `transform ${transitionMs}ms ${SPIN_EASE_CSS}` : 'none',
  };
  const text: CSSProperties = {
    position: 'absolute',
    left: 0,
    right: 0,
    textAlign: 'center',
    lineHeight: 1,
    fontFamily: FONT_FAMILY,
  };

  return (
    <div
      data-testid="wheel-placeholder"
      data-phase={phase}
      data-spin-ms={spinMs}
      data-outcome={showResult ? (outcome ?? '') : ''}
      data-vin={win || undefined}
      style={{ position: 'relative', width: size, height: size }}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" style={{ display: 'block' }}>
        <circle cx={c} cy={c} r={L.ringRadius + L.ringWidth / 2 + 2} fill={DISC} opacity={0.55} />
        <circle cx={c} cy={c} r={L.discRadius} fill={DISC} stroke={DISC_EDGE} strokeWidth={stroke * 2} />
        <path
          d={ticksPath(c, L.tickOuter, L.tickInner, L.majorTickInner)}
          stroke={TICK}
          strokeWidth={stroke * 2}
          strokeLinecap="round"
        />
        <circle cx={c} cy={c} r={L.ringRadius} fill="none" stroke={RING} strokeWidth={L.ringWidth} />
        {arc && (
          <g data-testid="wheel-arc" opacity={loss ? 0.3 : 1} style={{ transition: 'opacity 300ms ease-out' }}>
            <path
              d={arcPath(c, L.ringRadius, arc.start, arc.end)}
              fill="none"
              stroke={ACCENT}
              strokeWidth={L.ringWidth}
            />
            <path
              d={arcPath(c, L.ringRadius - L.ringWidth / 2 + 1.5, arc.start, arc.end)}
              fill="none"
              stroke={ACCENT_LIGHT}
              strokeWidth={3}
              opacity={0.9}
            />
          </g>
        )}
        <g style={arrowStyle}>
          <line
            x1={c}
            y1={c - (L.ringRadius - L.ringWidth / 2)}
            x2={c}
            y2={c - tip}
            stroke={win ? WIN : TEXT}
            strokeWidth={stroke * 2.5}
            opacity={0.9}
          />
          <path
            d={`M ${c} ${c - tip} L ${c - hw} ${c - base} L ${c + hw} ${c - base} Z`}
            fill={win ? WIN : TEXT}
            stroke={DISC}
            strokeWidth={stroke * 3}
            strokeLinejoin="round"
          />
        </g>
      </svg>
      <div style={{ ...text, top: c + L.bigY - L.bigFont / 2, fontSize: L.bigFont, fontWeight: 800, color: bigColor }}>
        {big}
      </div>
      <div
        style={{
          ...text,
          top: c + L.smallY - L.smallFont / 2,
          fontSize: L.smallFont,
          fontWeight: 600,
          color: smallColor,
        }}
      >
        {small}
      </div>
    </div>
  );
}
