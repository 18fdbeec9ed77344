/**
 * Where the wheel renders: the canvas module's LazyWheel (SVG at once, Pixi when its chunk arrives), or in UI
 * tests a stub with the same props. Also plays the outcome sound when a result appears.
 */
import { createContext, useContext, useEffect, useEffectEvent, useSyncExternalStore, type ComponentType } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { LazyWheel } from '../canvas/LazyWheel.tsx';
import type { WheelProps } from '../canvas/wheelTypes.ts';
import { MOBILE_BREAKPOINT } from '../domain/constants.ts';
import { directionWords, rollWords } from './announce/gameWords.ts';
import { PageActor } from './pageActor.ts';
import { sounds } from './sounds.ts';
import { useWheelProps } from './wheelProps.ts';

/** The wheel renderer in use. */
export const WheelRenderer = createContext<ComponentType<WheelProps>>(LazyWheel);

/**
 * Chime on a win, thud on a loss, when the panel shows and sound is on. A component of its own beside the wheel,
 * so the result's arrival does not re-render the wheel's slot.
 */
function OutcomeSound(): null {
  const outcome = PageActor.useSelector((s) =>
    s.matches({ result: 'win' }) ? 'win' : s.matches({ result: 'loss' }) ? 'loss' : null,
  );
  const sound = PageActor.useSelector((s) => s.context.sound);
  // An effect event reads the latest sound: only a change of outcome plays, toggling sound on a shown result stays quiet.
  const play = useEffectEvent((shown: 'win' | 'loss') => {
    if (!sound) return;
    if (shown === 'win') sounds.win();
    else sounds.loss();
  });
  useEffect(() => {
    if (outcome) play(outcome);
  }, [outcome]);
  return null;
}

/** A resize re-renders the wheel only when its size changes (the snapshot is a number). */
const onResize = (changed: () => void) => {
  window.addEventListener('resize', changed);
  return () => window.removeEventListener('resize', changed);
};
/**
 * The wheel's size: 380 wide, 300 on phones, and on the narrowest phones the game panel's inner width (app.css below
 * 480 px: the viewport less 6 px gutters, 10 px padding and a 1 px border each side), so it is never cut at 320 px.
 */
const wheelSize = () =>
  window.innerWidth < MOBILE_BREAKPOINT ? Math.min(300, Math.floor(window.innerWidth - 2 * (6 + 10 + 1))) : 380;
/** The server (src/entry-server.tsx) renders the wide layout's wheel; hydrating its HTML renders that too, then this. */
const wideOnServer = () => 380;

/** The wheel's accessible name: what it draws (chance, label, winning side; the roll once landed), in words. */
function useWheelName(props: WheelProps, waiting: boolean): string {
  const { t } = useTranslation();
  const lang = PageActor.useSelector((s) => s.context.site.lang);
  if (waiting) return t('a11y.wheelWaiting');
  if (props.chance <= 0) return t('a11y.wheelIdle');
  const direction = directionWords(t, lang, props.chance, props.rollUnder);
  if (props.phase === 'spinning') return t('a11y.wheelSpinning', { chance: props.centreText, direction });
  if (props.phase === 'result' && props.roll != null)
    return t('a11y.wheelLanded', { roll: rollWords(lang, props.roll), chance: props.centreText, direction });
  return t('a11y.wheelChance', { chance: props.centreText, label: props.label, direction });
}

/**
 * The wheel with the current page's props, as one image with a name (its canvas and SVG are hidden from assistive
 * technology). While the upgrade request is on its way (a slow network: seconds), a busy mark over the still wheel.
 */
export function WheelSlot() {
  const { t } = useTranslation();
  const Renderer = useContext(WheelRenderer);
  const size = useSyncExternalStore(onResize, wheelSize, wideOnServer);
  const props = useWheelProps(size);
  const waiting = PageActor.useSelector((s) => s.matches({ playing: 'requesting' }));
  const name = useWheelName(props, waiting);
  return (
    <>
      <div className="wheel-figure" role="img" aria-label={name} aria-busy={waiting} data-testid="wheel-figure">
        {/* eslint-disable-next-line react-hooks/static-components -- context holds a module-level component */}
        <Renderer {...props} />
        {waiting && (
          <span className="wheel-figure__busy" aria-hidden="true" data-testid="wheel-waiting">
            <span className="spinner" />
            {t('a11y.waiting')}
          </span>
        )}
      </div>
      <OutcomeSound />
    </>
  );
}
