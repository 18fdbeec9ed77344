/**
 * Frame pacing for the wheel on WebGL2. Where the GPU cannot keep up with the animation frames (software GL on
 * a busy CPU), rendering every frame queues commands faster than they run, and the main thread ends up waiting
 * inside WebGL calls for the backlog to drain. A fence after each render tells, without waiting, whether the
 * previous frame has been drawn: until it has, a frame of motion skips its render (the next one draws the
 * newest pose), so the wheel runs at the rate the GPU sustains and the page stays free. With a real GPU the
 * fence has passed by the next frame and nothing is skipped. Never more than `maxSkipped` in a row, and the
 * callers force the frames that must be seen (a landing, a changed stage).
 */

/** The few WebGL2 calls the pacer uses (a WebGL2RenderingContext in the page; a fake in tests). */
export type FenceGl = Pick<WebGL2RenderingContext, 'fenceSync' | 'getSyncParameter' | 'deleteSync' | 'SYNC_GPU_COMMANDS_COMPLETE' | 'SYNC_STATUS' | 'SIGNALED'>;

/** Decides per frame whether to render, from the fence of the last render. */
export interface FramePacer {
  /** Whether to render now (always true without WebGL2 or when `force`). */
  ready(gl: FenceGl | null, force?: boolean): boolean;
  /** Call right after a render: fences it. */
  rendered(gl: FenceGl | null): void;
}

/** A pacer that skips at most `maxSkipped` renders in a row. */
export function createFramePacer(maxSkipped = 3): FramePacer {
  let fence: WebGLSync | null = null;
  let skipped = 0;
  return {
    ready(gl, force = false) {
      if (force || !gl || !fence || skipped >= maxSkipped) return true;
      if (gl.getSyncParameter(fence, gl.SYNC_STATUS) === gl.SIGNALED) return true;
      skipped++;
      return false;
    },
    rendered(gl) {
      skipped = 0;
      if (!gl) return;
      if (fence) gl.deleteSync(fence);
      fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    },
  };
}

/** The renderer's context when it is WebGL2 (fences need it), else null. */
export function webgl2Of(renderer: unknown): FenceGl | null {
  const gl = (renderer as { gl?: unknown } | null)?.gl;
  return typeof WebGL2RenderingContext !== 'undefined' && gl instanceof WebGL2RenderingContext ? gl : null;
}
