/** The wheel as the page mounts it; no Pixi or GSAP here (docs/wheel.md). */
export { LazyWheel, createLazyWheel, type WheelLoader } from './LazyWheel.tsx';
export { SvgWheel } from './SvgWheel.tsx';
export type { WheelPhase, WheelProps, WheelTone } from './wheelTypes.ts';
export { ACCENT, ACCENT_LIGHT, FONT_FAMILY, LOSS, RING, TONE_COLOR, WIN } from './theme.ts';
export { prefersReducedMotion, spinDuration, REDUCED_SPIN_MS } from './reducedMotion.ts';
export { createSoundPlayer, type SoundPlayer } from './sound.ts';
