/**
 * Builds the wheel's plain props (src/canvas/wheelTypes.ts) from the page snapshot: a pure function
 * (`wheelView`) plus a hook that selects narrowly and memoises, so the wheel re-renders only when what it
 * draws changes. The tick sound rides on the wheel's onSpin (one track per spin); the sound toggle is the
 * statechart's, and switching it off stops the ticks of a spin under way.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { SnapshotFrom } from 'xstate';
import { spinDuration } from '../canvas/reducedMotion.ts';
import type { WheelPhase, WheelProps } from '../canvas/wheelTypes.ts';
import { chanceLabel, chancePercent, type ChanceLabel } from '../domain/chance.ts';
import { chanceOf } from '../machines/game.ts';
import type { upgradeMachine } from '../machines/upgradeMachine.ts';
import { PageActor } from './pageActor.ts';
import { sounds } from './sounds.ts';
import { useFormat } from './useFormat.ts';
import { useReducedMotion } from './useReducedMotion.ts';

type Snapshot = SnapshotFrom<typeof upgradeMachine>;

/** What the wheel draws, as numbers. During a game: the server's chance, direction and roll. */
export interface WheelView {
  phase: WheelPhase;
  chance: number;
  rollUnder: boolean;
  roll: number | null;
  outcome: 'win' | 'loss' | null;
}

/** The pure part: snapshot -> the wheel's numbers. */
export function wheelView(s: Snapshot): WheelView {
  const game = s.context.game;
  const phase: WheelPhase = s.matches({ playing: 'spinning' })
    ? 'spinning'
    : s.matches({ playing: 'revealing' }) || s.matches('result')
      ? 'result'
      : 'idle';
  if (game && phase !== 'idle') {
    const pf = game.provably_fair;
    return {
      phase,
      chance: Math.round(pf.chance * 1000),
      rollUnder: pf.roll_under === 1,
      roll: Math.round(pf.roll * 1000),
      outcome: game.success === 1 ? 'win' : 'loss',
    };
  }
  return { phase, chance: chanceOf(s.context) ?? 0, rollUnder: s.context.rollUnder, roll: null, outcome: null };
}

/**
 * The label of chance `chance` (thousandths) as the page shows it with `decimals`, so that the label agrees with the
 * figure beside it: 24.05 % shown as '24.0 %' is low, as the rule says of 24 %.
 */
export function shownTone(chance: number, decimals: number): ChanceLabel {
  return chanceLabel(Math.round(chancePercent(chance, decimals) * 1000));
}

/** Equality for selecting a WheelView (a new object each call). */
export const sameView = (a: WheelView, b: WheelView) =>
  a.phase === b.phase &&
  a.chance === b.chance &&
  a.rollUnder === b.rollUnder &&
  a.roll === b.roll &&
  a.outcome === b.outcome;

/** The wheel's props for the current page at a given size (CSS px). */
export function useWheelProps(size: number): WheelProps {
  const { t } = useTranslation();
  const fmt = useFormat();
  const view = PageActor.useSelector(wheelView, sameView);
  const decimals = PageActor.useSelector((s) => s.context.site.chanceDecimals);
  const sound = PageActor.useSelector((s) => s.context.sound);
  const fast = PageActor.useSelector((s) => s.context.fastSpin);
  const reduced = useReducedMotion();
  const actor = PageActor.useActorRef();
  // The latest sound setting, for the wheel to read when a spin starts.
  const soundOn = useRef(sound);
  useEffect(() => {
    soundOn.current = sound;
  }, [sound]);
  const onLanded = useCallback(() => actor.send({ type: 'wheel.landed' }), [actor]);
  const onSpin = useCallback((ticksMs: number[]) => {
    if (soundOn.current) sounds.spin(ticksMs);
  }, []);
  // A spin's ticks stop when sound is switched off, the wheel returns to rest or the page goes away.
  const ticking = sound && view.phase !== 'idle';
  useEffect(() => (ticking ? sounds.stopSpin : undefined), [ticking]);

  return useMemo(() => {
    const tone = view.chance > 0 ? shownTone(view.chance, decimals) : 'low';
    return {
      ...view,
      centreText: fmt.chance(view.chance > 0 ? chancePercent(view.chance, decimals) : 0),
      decimal: fmt.decimal,
      label: view.chance > 0 ? t(`wheel.${tone}`) : t('wheel.pick'),
      tone,
      spinMs: spinDuration(reduced, fast),
      size,
      onLanded,
      onSpin,
    };
  }, [view, decimals, reduced, fast, size, fmt, t, onLanded, onSpin]);
}
