/**
 * The page's one sound player (src/canvas/sound.ts synthesises it). The synthesiser is loaded when the player first
 * presses play, not with the page: nothing is heard before, so it has no place in first-paint JavaScript.
 */
import type { SoundPlayer } from '../canvas/sound.ts';

let loading: Promise<SoundPlayer> | null = null;

/** Loads the synthesiser once; later calls share the same promise. */
function load(): Promise<SoundPlayer> {
  loading ??= import('../canvas/sound.ts').then((m) => m.createSoundPlayer({ muted: false }));
  return loading;
}

/**
 * Shared player: the wheel's ticks (scheduled per spin) and the outcome sounds. Calls wait for the synthesiser and
 * run in the order made, so a stop always follows the spin it stops; a spin that started before the synthesiser
 * arrived plays the ticks still ahead.
 */
export const sounds: Pick<SoundPlayer, 'spin' | 'stopSpin' | 'warm' | 'win' | 'loss'> = {
  spin: (ticksMs, startedAt = performance.now()) => void load().then((p) => p.spin(ticksMs, startedAt)),
  stopSpin: () => void loading?.then((p) => p.stopSpin()),
  win: () => void load().then((p) => p.win()),
  loss: () => void load().then((p) => p.loss()),
  /** On the play click (a user gesture, which browsers want before audio): the first spin's ticks are then ready. */
  warm: () => void load().then((p) => p.warm()),
};
