/** The wheel's contract with the page; no Pixi import, so the page imports it statically. */

/** Where the wheel is in a game: at rest, spinning to the server's roll, or holding the landed pose. */
export type WheelPhase = 'idle' | 'spinning' | 'result';

/** The chance label's tone, coloured red / amber / green. */
export type WheelTone = 'low' | 'medium' | 'high';

/** Plain props built by a pure function of the page snapshot; the wheel decides nothing. */
export interface WheelProps {
  /** Thousandths of a percent (100..80000); 0 = nothing chosen yet (an empty ring). */
  chance: number;
  /** true: win arc [0, C); false (mirrored): [100000 - C, 100000). */
  rollUnder: boolean;
  /** 'spinning' starts the tween to `roll`; 'result' holds the landed pose; 'idle' resets to rest. */
  phase: WheelPhase;
  /** The server's R (0..99999) while spinning/result, else null. */
  roll: number | null;
  /** Known from the server at spin start; shown (glow/vin or dim) only after landing. */
  outcome: 'win' | 'loss' | null;
  /** The chance already formatted and translated, e.g. '45.000%' or '45,0 %'. */
  centreText: string;
  /** The site's decimal separator for the roll the centre shows ('.' or ','). */
  decimal: string;
  /** e.g. 'Medium chance' (translated). */
  label: string;
  tone: WheelTone;
  /** 5000, or shorter under prefers-reduced-motion (see spinDuration). */
  spinMs: number;
  /** CSS pixels (square). */
  size: number;
  /** Called once when the spin has landed (the page then waits 0.5 s and shows the panel). */
  onLanded: () => void;
  /** Called once as a spin starts, with the times (ms from now) the arrow will pass tick marks. */
  onSpin?: (ticksMs: number[]) => void;
}
