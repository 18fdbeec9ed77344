/**
 * The page's one sound player (src/canvas/sound.ts synthesises it). The synthesiser is loaded on the first spin,
 * not with the page: nothing is heard before the player presses play, so it has no place in first-paint JavaScript.
 */
import type { SoundPlayer } from '../canvas/sound.ts';

let player: SoundPlayer | null = null;
let loading: Promise<SoundPlayer> | null = null;

/** Loads the synthesiser once; later calls share the same promise. */
function load(): Promise<SoundPlayer> {
  loading ??= import('../canvas/sound.ts').then((m) => (player = m.createSoundPlayer({ muted: false })));
  return loading;
}

/** Shared player: the wheel's ticks and the outcome sounds. Ticks before the synthesiser has loaded are dropped. */
export const sounds: Pick<SoundPlayer, 'tick' | 'win' | 'loss'> & { preload(): void } = {
  tick: () => (player ? player.tick() : void load()),
  win: () => void load().then((p) => p.win()),
  loss: () => void load().then((p) => p.loss()),
  preload: () => void load(),
};
