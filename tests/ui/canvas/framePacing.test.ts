import { describe, expect, it } from 'vitest';
import { createFramePacer, type FenceGl } from '../../../src/canvas/framePacing.ts';

/** A WebGL2 stand-in whose fences pass when the test says the GPU has caught up. */
function fakeGl() {
  const live = new Set<number>();
  let next = 1;
  let signalled = 0;
  const gl = {
    SYNC_GPU_COMMANDS_COMPLETE: 0x9117,
    SYNC_STATUS: 0x9114,
    SIGNALED: 0x9119,
    fenceSync: () => {
      live.add(next);
      return next++ as unknown as WebGLSync;
    },
    getSyncParameter: (sync: WebGLSync) => ((sync as unknown as number) <= signalled ? 0x9119 : 0x9118),
    deleteSync: (sync: WebGLSync | null) => void live.delete(sync as unknown as number),
  } as unknown as FenceGl;
  return { gl, live, catchUp: () => (signalled = next - 1) };
}

describe('frame pacing', () => {
  it('renders every frame while the GPU keeps up', () => {
    const { gl, catchUp } = fakeGl();
    const pacer = createFramePacer();
    for (let i = 0; i < 5; i++) {
      expect(pacer.ready(gl)).toBe(true);
      pacer.rendered(gl);
      catchUp();
    }
  });

  it('skips motion frames while the last render is still running, at most maxSkipped in a row', () => {
    const { gl } = fakeGl();
    const pacer = createFramePacer(2);
    expect(pacer.ready(gl)).toBe(true);
    pacer.rendered(gl);
    expect([pacer.ready(gl), pacer.ready(gl), pacer.ready(gl)]).toEqual([false, false, true]);
  });

  it('always renders a forced frame (a landing, a changed stage)', () => {
    const { gl } = fakeGl();
    const pacer = createFramePacer();
    pacer.rendered(gl);
    expect(pacer.ready(gl, true)).toBe(true);
  });

  it('renders again as soon as the fence has passed, and keeps one fence alive', () => {
    const { gl, live, catchUp } = fakeGl();
    const pacer = createFramePacer();
    pacer.rendered(gl);
    expect(pacer.ready(gl)).toBe(false);
    catchUp();
    expect(pacer.ready(gl)).toBe(true);
    pacer.rendered(gl);
    expect(live.size).toBe(1);
  });

  it('renders every frame without WebGL2 (no fences)', () => {
    const pacer = createFramePacer();
    pacer.rendered(null);
    expect(pacer.ready(null)).toBe(true);
  });
});
