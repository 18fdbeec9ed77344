/**
 * The wheel, as the page mounts it. Import only from here (this module pulls no Pixi or GSAP: the Pixi wheel is a
 * lazy chunk that LazyWheel loads on mount).
 *
 *   import { LazyWheel, spinDuration, createSoundPlayer, ACCENT, type WheelProps } from '../canvas/index.ts';
 *   <LazyWheel chance={45000} rollUnder phase="idle" roll={null} outcome={null} centreText="45.000%"
 *     label="Medium chance" tone="medium" spinMs={spinDuration()} size={360}
 *     onLanded={() => actor.send({ type: 'wheel.landed' })} onSpin={(ticks) => sound.spin(ticks)} />
 *
 * Protocol: phase 'spinning' with the server's roll (and outcome) starts the spin; the wheel calls onLanded once
 * when the arrow rests on rollAngle(roll); the page may then switch to 'result' (the pose is held) and later to
 * 'idle' (the arrow glides back to the top). See docs/wheel.md.
 */
export { LazyWheel, createLazyWheel, type WheelLoader } from './LazyWheel.tsx';
export { SvgWheel } from './SvgWheel.tsx';
export type { WheelPhase, WheelProps, WheelTone } from './wheelTypes.ts';
export { ACCENT, ACCENT_LIGHT, FONT_FAMILY, LOSS, RING, TONE_COLOR, WIN } from './theme.ts';
export { prefersReducedMotion, spinDuration, REDUCED_SPIN_MS } from './reducedMotion.ts';
export { createSoundPlayer, type SoundPlayer } from './sound.ts';
