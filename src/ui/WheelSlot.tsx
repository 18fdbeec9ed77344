/**
 * Where the wheel renders: the canvas module's LazyWheel (SVG at once, Pixi when its chunk arrives), or in UI
 * tests a stub with the same props. Also plays the outcome sound when a result appears.
 */
import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ComponentType } from 'react';
import { LazyWheel } from '../canvas/LazyWheel.tsx';
import type { WheelProps } from '../canvas/wheelTypes.ts';
import { MOBILE_BREAKPOINT } from '../domain/constants.ts';
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
  // Read through a ref: only a change of outcome plays, toggling sound on a shown result stays quiet.
  const soundOn = useRef(sound);
  soundOn.current = sound;
  useEffect(() => {
    if (!soundOn.current || !outcome) return;
    if (outcome === 'win') sounds.win();
    else sounds.loss();
  }, [outcome]);
  return null;
}

/** The viewport is read at render, as before; no resize subscription. */
const noSubscription = () => () => {};
const narrowViewport = () => window.innerWidth < MOBILE_BREAKPOINT;
/** The server (src/entry-server.tsx) renders the wide layout's wheel; hydrating its HTML renders that too, then this. */
const wideOnServer = () => false;

/** The wheel with the current page's props. */
export function WheelSlot() {
  const Renderer = useContext(WheelRenderer);
  const mobile = useSyncExternalStore(noSubscription, narrowViewport, wideOnServer);
  const props = useWheelProps(mobile ? 300 : 380);
  return (
    <>
      <Renderer {...props} />
      <OutcomeSound />
    </>
  );
}
