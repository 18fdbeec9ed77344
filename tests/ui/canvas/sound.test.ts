import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSoundPlayer, TICK_MIN_GAP_MS } from '../../../src/canvas/sound.ts';

/** A minimal WebAudio stand-in that counts oscillators started. */
function installFakeAudio() {
  const started: number[] = [];
  const param = () => ({ value: 0, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() });
  const node = () => ({ connect: vi.fn((n: unknown) => n), gain: param(), frequency: param(), Q: param(), type: '' });
  class FakeContext {
    state = 'running';
    currentTime = 0;
    sampleRate = 8000;
    destination = {};
    createGain = node;
    createBiquadFilter = node;
    createOscillator = () => ({ ...node(), start: (t: number) => started.push(t), stop: vi.fn() });
    createBuffer = (_c: number, len: number) => ({ getChannelData: () => new Float32Array(len) });
    createBufferSource = () => ({ ...node(), buffer: null, start: vi.fn() });
    resume = () => Promise.resolve();
    close = vi.fn(() => Promise.resolve());
  }
  vi.stubGlobal('AudioContext', FakeContext);
  return started;
}

/** An OfflineAudioContext stand-in: records the ticks rendered into it and answers a buffer. */
function installFakeOffline() {
  const rendered: number[] = [];
  const param = () => ({ value: 0, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() });
  const node = () => ({ connect: vi.fn((n: unknown) => n), gain: param(), frequency: param(), Q: param(), type: '' });
  const buffer = { duration: 0.3 };
  class FakeOffline {
    destination = {};
    constructor(readonly channels: number, readonly length: number, readonly sampleRate: number) {}
    createGain = node;
    createBiquadFilter = node;
    createOscillator = () => ({ ...node(), start: (t: number) => rendered.push(t), stop: vi.fn() });
    startRendering = () => Promise.resolve(buffer);
  }
  vi.stubGlobal('OfflineAudioContext', FakeOffline);
  return { rendered, buffer };
}

afterEach(() => vi.unstubAllGlobals());

describe('createSoundPlayer', () => {
  it('does nothing and never throws where WebAudio is missing (jsdom)', () => {
    const player = createSoundPlayer();
    expect(() => {
      player.tick();
      player.win();
      player.loss();
      player.setMuted(true);
      player.dispose();
    }).not.toThrow();
  });

  it('plays the chime and the thud through WebAudio, and nothing when muted', () => {
    const started = installFakeAudio();
    const player = createSoundPlayer();
    player.win();
    expect(started.length).toBe(8);
    player.loss();
    expect(started.length).toBe(9);
    player.setMuted(true);
    player.win();
    expect(started.length).toBe(9);
  });

  it('merges ticks closer than the minimum gap so a fast spin does not buzz', () => {
    const started = installFakeAudio();
    let t = 0;
    const player = createSoundPlayer({ now: () => t });
    player.tick();
    t += TICK_MIN_GAP_MS - 1;
    player.tick();
    t += 2;
    player.tick();
    expect(started.length).toBe(2);
  });

  it('renders the ticks once, then plays each from the buffer instead of building it on the main thread', async () => {
    const started = installFakeAudio();
    const { rendered, buffer } = installFakeOffline();
    const sources: Array<{ buffer: unknown; args: number[] }> = [];
    const Live = (globalThis as unknown as { AudioContext: new () => Record<string, unknown> }).AudioContext;
    vi.stubGlobal('AudioContext', class extends Live {
      createBufferSource = () => {
        const source = { connect: vi.fn(), buffer: null as unknown, start: (...args: number[]) => sources.push({ buffer: source.buffer, args }) };
        return source;
      };
    });
    let t = 0;
    const player = createSoundPlayer({ now: () => t });
    player.tick();
    // The first tick, before the rendering has answered, is built as nodes; the five pitches render side by side.
    expect(started).toHaveLength(1);
    expect(rendered).toEqual([0, 0.06, 0.12, 0.18, 0.24].map((at) => expect.closeTo(at, 9)));
    await Promise.resolve();
    t += TICK_MIN_GAP_MS;
    player.tick();
    expect(started).toHaveLength(1);
    expect(sources).toHaveLength(1);
    expect(sources[0].buffer).toBe(buffer);
    const [, offset, length] = sources[0].args;
    expect([0, 0.06, 0.12, 0.18, 0.24].some((slot) => Math.abs(slot - offset) < 1e-9)).toBe(true);
    expect(length).toBe(0.05);
    player.setMuted(true);
    t += TICK_MIN_GAP_MS;
    player.tick();
    expect(sources).toHaveLength(1);
  });

  it('swallows a WebAudio failure', () => {
    vi.stubGlobal('AudioContext', class {
      constructor() {
        throw new Error('not allowed');
      }
    });
    const player = createSoundPlayer();
    expect(() => player.win()).not.toThrow();
  });
});
