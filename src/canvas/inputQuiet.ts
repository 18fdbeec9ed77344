/** Runs a task later; returns a function that cancels it. */
export type Schedule = (task: () => void) => () => void;

/** Runs the task at once (no waiting). */
export const immediately: Schedule = (task) => {
  task();
  return () => undefined;
};

const INPUT_EVENTS = ['keydown', 'input', 'pointerdown', 'wheel', 'touchstart'] as const;

/** Runs the task once the page has had no user input for `quietMs`. */
export function afterInputQuiet(quietMs: number): Schedule {
  return (task) => {
    if (typeof document === 'undefined') return immediately(task);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      for (const type of INPUT_EVENTS) document.removeEventListener(type, restart, true);
    };
    const fire = () => {
      stop();
      task();
    };
    function restart() {
      clearTimeout(timer);
      timer = setTimeout(fire, quietMs);
    }
    for (const type of INPUT_EVENTS) document.addEventListener(type, restart, { capture: true, passive: true });
    restart();
    return stop;
  };
}
