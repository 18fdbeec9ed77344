import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSoundPlayer, mergeTicks, TICK_MIN_GAP_MS } from '../../../src/canvas/sound.ts';

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

/** The fakes' sample rate: 1 kHz, so one sample is one millisecond. */
const RATE = 1000;

/** A buffer of real samples, as an AudioBuffer holds them. */
function fakeBuffer(length: number, sampleRate: number) {
  const data = new Float32Array(length);
  return { length, sampleRate, duration: length / sampleRate, getChannelData: () => data };
}
type FakeBuffer = ReturnType<typeof fakeBuffer>;

/** A live context whose buffer sources are recorded with the buffer they play (the ticks' track). */
function installTrackAudio() {
  const started = installFakeAudio();
  const sources: Array<{ buffer: FakeBuffer | null; when: number; stopped: boolean; end: () => void }> = [];
  const Live = (globalThis as unknown as { AudioContext: new () => Record<string, unknown> }).AudioContext;
  vi.stubGlobal(
    'AudioContext',
    class extends Live {
      sampleRate = RATE;
      createBuffer = (_channels: number, length: number, rate: number) => fakeBuffer(length, rate);
      createBufferSource = () => {
        const entry = {
          get buffer() {
            return source.buffer;
          },
          when: -1,
          stopped: false,
          /** The browser's 'ended' event. */
          end: () => source.onended?.(),
        };
        const source = {
          buffer: null as FakeBuffer | null,
          onended: null as null | (() => void),
          connect: vi.fn(),
          disconnect: vi.fn(),
          start: (when: number) => {
            entry.when = when;
            sources.push(entry);
          },
          stop: () => {
            entry.stopped = true;
          },
        };
        return source;
      };
    },
  );
  return { started, sources };
}

/** Where ticks begin in a track: the fake tick's first sample is -1 (one sample per ms at RATE). */
function onsets(track: FakeBuffer): number[] {
  const found: number[] = [];
  track.getChannelData().forEach((v, i) => v === -1 && found.push(i));
  return found;
}

/** An OfflineAudioContext stand-in: records the ticks rendered into it and answers a buffer. */
function installFakeOffline() {
  const rendered: number[] = [];
  const param = () => ({ value: 0, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() });
  const node = () => ({ connect: vi.fn((n: unknown) => n), gain: param(), frequency: param(), Q: param(), type: '' });
  // The rendered ticks: five slots of 60 samples, each tick 50 samples long: -1 (its start), then its pitch's number.
  const buffer = fakeBuffer(300, RATE);
  for (let pitch = 0; pitch < 5; pitch++)
    buffer
      .getChannelData()
      .fill(pitch + 1, pitch * 60, pitch * 60 + 50)
      .fill(-1, pitch * 60, pitch * 60 + 1);
  class FakeOffline {
    destination = {};
    constructor(
      readonly channels: number,
      readonly length: number,
      readonly sampleRate: number,
    ) {}
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
      player.spin([0, 100]);
      player.stopSpin();
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

  it('keeps the ticks a player can tell apart: each at least the minimum gap after the last one kept', () => {
    expect(mergeTicks([1, 2, 30, 46, 47, 91, 92, 300])).toEqual([1, 46, 91, 300]);
    expect(mergeTicks([10, 10 + TICK_MIN_GAP_MS - 1, 10 + TICK_MIN_GAP_MS])).toEqual([10, 10 + TICK_MIN_GAP_MS]);
    expect(mergeTicks([])).toEqual([]);
  });

  it("plays a spin's ticks as one buffer source, each tick copied to its time, once the tick is rendered", async () => {
    const { started, sources } = installTrackAudio();
    const { rendered, buffer } = installFakeOffline();
    let t = 1000;
    const player = createSoundPlayer({ now: () => t });
    // The first spin: the context is new and the tick is still rendering, so nothing starts yet.
    player.spin([10, 20, 100, 200, 201, 400], 1000);
    expect(sources).toHaveLength(0);
    expect(rendered).toEqual([0, 0.06, 0.12, 0.18, 0.24].map((at) => expect.closeTo(at, 9)));
    // The rendering answers 50 ms into the spin: the ticks already passed (10) are dropped, 20 and 201 merge away.
    t = 1050;
    await Promise.resolve();
    await Promise.resolve();
    expect(sources).toHaveLength(1);
    expect(started).toHaveLength(0);
    expect(onsets(sources[0].buffer!)).toEqual([50, 150, 350]);
    expect(sources[0].when).toBe(0);
    // A warm spin starts its track at once, from the spin's start.
    t = 5000;
    player.spin([0, 45, 90], 5000);
    expect(sources).toHaveLength(2);
    expect(sources[0].stopped).toBe(true);
    expect(onsets(sources[1].buffer!)).toEqual([0, 45, 90]);
    expect(started).toHaveLength(0);
    // Played out, the track is let go: a stop after it touches nothing.
    sources[1].end();
    player.stopSpin();
    expect(sources[1].stopped).toBe(false);
    expect(buffer.sampleRate).toBe(RATE);
  });

  it('stops the ticks when the spin is stopped or sound is switched off, and a late rendering starts nothing', async () => {
    const { sources } = installTrackAudio();
    installFakeOffline();
    let t = 0;
    const player = createSoundPlayer({ now: () => t });
    player.spin([100, 200]);
    player.stopSpin();
    await Promise.resolve();
    await Promise.resolve();
    expect(sources).toHaveLength(0);
    player.spin([100, 200]);
    expect(sources).toHaveLength(1);
    player.setMuted(true);
    expect(sources[0].stopped).toBe(true);
    player.spin([100, 200]);
    expect(sources).toHaveLength(1);
    player.setMuted(false);
    t = 10;
    player.spin([100, 200]);
    expect(sources).toHaveLength(2);
    player.dispose();
    expect(sources[1].stopped).toBe(true);
  });

  it('warms up on the play click: the context opens and the tick renders, so the first spin starts its track at once', async () => {
    const { sources } = installTrackAudio();
    const { rendered } = installFakeOffline();
    const player = createSoundPlayer({ now: () => 0 });
    player.warm();
    expect(rendered).toHaveLength(5);
    await Promise.resolve();
    player.spin([0, 100]);
    expect(sources).toHaveLength(1);
    expect(onsets(sources[0].buffer!)).toEqual([0, 100]);
    // Muted, warming opens nothing.
    const Offline = vi.fn();
    vi.stubGlobal('OfflineAudioContext', Offline);
    createSoundPlayer({ muted: true }).warm();
    expect(Offline).not.toHaveBeenCalled();
  });

  it('schedules each tick as nodes where offline rendering is missing', () => {
    const started = installFakeAudio();
    const t = 0;
    const player = createSoundPlayer({ now: () => t });
    player.spin([0, 100, 120, 300]);
    expect(started).toEqual([0, 0.1, 0.3].map((at) => expect.closeTo(at, 9)));
  });

  it('swallows a WebAudio failure', () => {
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('not allowed');
        }
      },
    );
    const player = createSoundPlayer();
    expect(() => player.win()).not.toThrow();
  });
});
