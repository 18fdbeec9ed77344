/** The wheel's contract with the page; no Pixi import, so the page imports it statically. */

/** 'spinning' starts the tween to `roll`; 'result' holds the landed pose; 'idle' glides back to rest. */
export type WheelPhase = 'idle' | 'spinning' | 'result';

/** The chance label's tone (red, amber, green). */
export type WheelTone = 'low' | 'medium' | 'high';

/** Plain props built by a pure function of the page snapshot; the wheel decides nothing. */
export interface WheelProps {
  /** Thousandths of a percent; 0 draws an empty ring. */
  chance: number;
  rollUnder: boolean;
  phase: WheelPhase;
  /** The server's R while spinning or landed, else null. */
  roll: number | null;
  /** Known at spin start, shown only after landing. */
  outcome: 'win' | 'loss' | null;
  /** The chance, already formatted and translated. */
  centreText: string;
  /** The site's decimal separator for the roll. */
  decimal: string;
  label: string;
  tone: WheelTone;
  spinMs: number;
  /** CSS pixels (square). */
  size: number;
  /** Called once when the spin has landed. */
  onLanded: () => void;
  /** Called once as a spin starts, with the times (ms from now) the arrow will pass tick marks. */
  onSpin?: (ticksMs: number[]) => void;
}
