/** A player's own figures for a set of games, by the fairness audit's rules: a win pays the target's price. */
import type { AuditSums } from './audit.ts';

/** Games, staked value, value won and net result (won - stake), in minor units. */
export interface PlayerFigures {
  games: number;
  stakeMinor: number;
  wonMinor: number;
  netMinor: number;
}

/** The figures of summed audit sums. */
export function playerFigures(s: Pick<AuditSums, 'games' | 'stakeMinor' | 'payoutMinor'>): PlayerFigures {
  return { games: s.games, stakeMinor: s.stakeMinor, wonMinor: s.payoutMinor, netMinor: s.payoutMinor - s.stakeMinor };
}
