/**
 * Tickets a game earns for the bonus balance, win or lose: one per full TICKET_STEP_MINOR of staked value. A stake
 * below one step earns none, so splitting value into many tiny games never earns more than one game of it.
 */
export function ticketsFor(stakeMinor: number, stepMinor: number): number {
  if (!Number.isSafeInteger(stakeMinor) || stakeMinor < 0 || !Number.isSafeInteger(stepMinor) || stepMinor <= 0) {
    throw new RangeError('stake must be >= 0 and step > 0, both integers');
  }
  return Math.floor(stakeMinor / stepMinor);
}
