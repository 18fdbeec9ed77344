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
