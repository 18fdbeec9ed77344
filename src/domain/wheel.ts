import { ROLL_SPACE } from './chance.ts';

/** The arc of winning rolls; roll R sits at R / 100_000 x 360 degrees clockwise from the top. */
export interface Arc {
  /** Degrees clockwise from the top. */
  start: number;
  end: number;
}

/** The winning arc: [0, C) rolling under, [100_000 - C, 100_000) rolling over. */
export function winArc(chance: number, rollUnder: boolean): Arc {
  const span = (chance / ROLL_SPACE) * 360;
  return rollUnder ? { start: 0, end: span } : { start: 360 - span, end: 360 };
}

/** The angle (degrees clockwise from the top) at the centre of roll value R's slot. */
export function rollAngle(roll: number): number {
  return ((roll + 0.5) / ROLL_SPACE) * 360;
}

/** Total rotation of a spin that starts at `from` degrees and ends on the roll after `turns` full turns. */
export function spinTarget(from: number, roll: number, turns = 5): number {
  const base = from - (from % 360);
  return base + turns * 360 + rollAngle(roll);
}
