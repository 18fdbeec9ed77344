/**
 * "The first screen is complete": the page has its lists on screen and their item pictures have loaded (or
 * failed), and the main thread is idle. Work the first screen does not need waits for it: the Pixi wheel's chunk
 * (Pixi, @pixi/react, GSAP: about 0.7 s of parsing, compiling and WebGL set-up at CPU 4x) used to start on mount
 * and held back the first item pictures (issue 6). The SVG wheel plays every game in the meantime.
 */

/** At most this long after the lists appear, even if a picture never settles. */
const PICTURE_WAIT_MS = 2_000;
/** requestIdleCallback's deadline: the wheel must not wait for an idle moment forever on a busy page. */
const IDLE_WAIT_MS = 1_000;

let resolveShown: () => void = () => {};
let marked = false;
const shown = new Promise<void>((resolve) => {
  resolveShown = resolve;
});

/** Resolves once the first screen is complete (see the file comment). */
export function afterFirstScreen(): Promise<void> {
  return shown;
}

function settled(img: HTMLImageElement): Promise<void> {
  if (img.complete) return Promise.resolve();
  return new Promise((resolve) => {
    img.addEventListener('load', () => resolve(), { once: true });
    img.addEventListener('error', () => resolve(), { once: true });
  });
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    else setTimeout(resolve, 0);
  });
}

/**
 * Called once the page's lists (or whatever the state shows instead) are rendered: waits for the pictures in
 * `root` that are on screen now, then for an idle moment, and resolves afterFirstScreen. Only the first call counts.
 */
export function markFirstScreen(root: ParentNode = document): void {
  if (marked) return;
  marked = true;
  const pictures = Promise.all([...root.querySelectorAll('img')].map(settled));
  const cap = new Promise<void>((resolve) => setTimeout(resolve, PICTURE_WAIT_MS));
  void Promise.race([pictures, cap]).then(idle).then(resolveShown);
}
