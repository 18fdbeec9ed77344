/** User Timing marks, so a profiler can cut out "during a spin". */
export const SPIN_START_MARK = 'upgrades:wheel-spin-start';
export const SPIN_END_MARK = 'upgrades:wheel-spin-end';

function mark(name: string): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.clearMarks(name);
  performance.mark(name);
}

/** The wheel starts turning towards the server's roll. */
export const markSpinStart = () => mark(SPIN_START_MARK);
/** The wheel has landed, before it tells the page. */
export const markSpinEnd = () => mark(SPIN_END_MARK);
