/** The page's one sound player (src/canvas/sound.ts synthesises it), muted by the statechart's sound toggle. */
import { createSoundPlayer } from '../canvas/sound.ts';

/** Shared player: the wheel's ticks and the outcome sounds. */
export const sounds = createSoundPlayer({ muted: false });
