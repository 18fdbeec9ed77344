/** Display of the spec's integer thousandths (rolls, chances) without floating point. */
import { ROLL_SPACE } from '../domain/chance.ts';

/** 24708 -> "24.708", 100 -> "0.100": the exact 3-decimal text a player compares. */
export function formatThousandths(value: number): string {
  return `${Math.floor(value / 1000)}.${String(value % 1000).padStart(3, '0')}`;
}

/** The roll a bet wins from, in thousandths: below C rolling under, at or above 100_000 - C rolling over. */
export function winThreshold(chance: number, rollUnder: boolean): number {
  return rollUnder ? chance : ROLL_SPACE - chance;
}
