/**
 * Runs `fn` once the next frame has been painted: a timer queued in that frame's animation callbacks runs after
 * its paint. For work the player does not see yet (pictures to ask for, cells off screen) that must not delay the
 * frame showing what they do see. Returns the cancel.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
