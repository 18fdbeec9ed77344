/**
 * Tickets a game earns for the bonus balance, win or lose: one per full TICKET_STEP_MINOR of staked value,
 * and at least one, so every game the player plays shows in the header.
 */
export function ticketsFor(stakeMinor: number, stepMinor: number): number {
  if (!Number.isSafeInteger(stakeMinor) || stakeMinor < 0 || !Number.isSafeInteger(stepMinor) || stepMinor <= 0) {
    throw new RangeError('stake must be >= 0 and step > 0, both integers');
  }
  return Math.max(1, Math.floor(stakeMinor / stepMinor));
}
