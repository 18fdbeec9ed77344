/** The wheel's WebAudio sounds; a spin's ticks are one pre-rendered track, so no audio call per frame. */

/** What the page drives; every call does nothing without WebAudio. */
export interface SoundPlayer {
  /** Plays a spin's ticks at `ticksMs` after `startedAt` (performance.now()), replacing any. */
  spin(ticksMs: readonly number[], startedAt?: number): void;
  stopSpin(): void;
  /** Opens the audio on the player's click: browsers only allow it inside a gesture. */
  warm(): void;
  win(): void;
  loss(): void;
  setMuted(muted: boolean): void;
  dispose(): void;
}

/** Ticks closer than this merge: early in a spin ~400 marks a second would be a buzz. */
export const TICK_MIN_GAP_MS = 45;

/** The ticks that are heard, each at least `minGapMs` after the last one kept. */
export function mergeTicks(ticksMs: readonly number[], minGapMs: number = TICK_MIN_GAP_MS): number[] {
  const kept: number[] = [];
  let last = -Infinity;
  for (const t of ticksMs) {
    if (t - last < minGapMs) continue;
    kept.push(t);
    last = t;
  }
  return kept;
}

type AudioContextCtor = new () => AudioContext;
type OfflineContextCtor = new (channels: number, length: number, sampleRate: number) => OfflineAudioContext;
interface Out {
  ctx: BaseAudioContext;
  out: AudioNode;
}

function audioContextCtor(): AudioContextCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** One enveloped oscillator note; `glideTo` bends the pitch. */
function note(
  a: Out,
  type: OscillatorType,
  freq: number,
  at: number,
  dur: number,
  peak: number,
  glideTo?: number,
): void {
  const osc = a.ctx.createOscillator();
  const env = a.ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (glideTo) osc.frequency.exponentialRampToValueAtTime(glideTo, at + dur);
  env.gain.setValueAtTime(0.0001, at);
  env.gain.exponentialRampToValueAtTime(peak, at + 0.005);
  env.gain.exponentialRampToValueAtTime(0.0001, at + dur);
  osc.connect(env).connect(a.out);
  osc.start(at);
  osc.stop(at + dur + 0.02);
}

/** A soft band-passed click, like a plastic flapper. */
function tickSound(a: Out, at: number, pitch = 1500 + Math.random() * 200): void {
  const band = a.ctx.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = 2400;
  band.Q.value = 1.2;
  band.connect(a.out);
  note({ ctx: a.ctx, out: band }, 'triangle', pitch, at, 0.03, 0.25);
}

/** Pitches rendered side by side into one buffer, one per TICK_SLOT_S. */
const TICK_PITCHES = [1500, 1550, 1600, 1650, 1700];
const TICK_SLOT_S = 0.06;
/** The note's 30 ms plus the oscillator's 20 ms tail. */
const TICK_LENGTH_S = 0.05;

/** The ticks rendered ahead of time; null without offline audio. */
function renderTicks(sampleRate: number): Promise<AudioBuffer> | null {
  const w = window as unknown as {
    OfflineAudioContext?: OfflineContextCtor;
    webkitOfflineAudioContext?: OfflineContextCtor;
  };
  const Offline = w.OfflineAudioContext ?? w.webkitOfflineAudioContext;
  if (!Offline) return null;
  try {
    const offline = new Offline(1, Math.ceil(sampleRate * TICK_SLOT_S * TICK_PITCHES.length), sampleRate);
    TICK_PITCHES.forEach((pitch, i) => tickSound({ ctx: offline, out: offline.destination }, i * TICK_SLOT_S, pitch));
    return offline.startRendering();
  } catch {
    return null;
  }
}

/** A spin's ticks as one buffer source started now, each a random rendered pitch. */
function playTrack(a: Out, ticks: AudioBuffer, ticksS: readonly number[]): AudioBufferSourceNode | null {
  if (ticksS.length === 0) return null;
  const rate = ticks.sampleRate;
  const slot = Math.round(TICK_SLOT_S * rate);
  const length = Math.round(TICK_LENGTH_S * rate);
  const track = a.ctx.createBuffer(1, Math.round(ticksS[ticksS.length - 1] * rate) + length, rate);
  const out = track.getChannelData(0);
  const from = ticks.getChannelData(0);
  for (const t of ticksS) {
    const pitch = Math.floor(Math.random() * TICK_PITCHES.length);
    out.set(from.subarray(pitch * slot, pitch * slot + length), Math.round(t * rate));
  }
  const source = a.ctx.createBufferSource();
  source.buffer = track;
  source.connect(a.out);
  source.start(a.ctx.currentTime);
  return source;
}

/** A C major arpeggio with octave partials: a bell-like chime. */
function chimeSound(a: Out, at: number): void {
  [1046.5, 1318.5, 1568, 2093].forEach((f, i) => {
    note(a, 'sine', f, at + i * 0.09, 0.7, 0.22);
    note(a, 'triangle', f * 2, at + i * 0.09, 0.25, 0.04);
  });
}

/** A falling sine plus low-passed noise: a thud, not a buzzer. */
function thudSound(a: Out, at: number): void {
  note(a, 'sine', 110, at, 0.45, 0.7, 42);
  const len = Math.floor(a.ctx.sampleRate * 0.18);
  const buffer = a.ctx.createBuffer(1, len, a.ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 2;
  const noise = a.ctx.createBufferSource();
  noise.buffer = buffer;
  const low = a.ctx.createBiquadFilter();
  low.type = 'lowpass';
  low.frequency.value = 220;
  const env = a.ctx.createGain();
  env.gain.value = 0.5;
  noise.connect(low).connect(env).connect(a.out);
  noise.start(at);
}

/** Creates a player; `muted` is the page's sound toggle at start. */
export function createSoundPlayer(options: { muted?: boolean; now?: () => number } = {}): SoundPlayer {
  let muted = options.muted ?? false;
  const now = options.now ?? (() => performance.now());
  let ctx: AudioContext | null = null;
  let master: GainNode | null = null;
  let failed = false;
  let ticks: AudioBuffer | null = null;
  let rendering: Promise<AudioBuffer> | null = null;
  let track: AudioBufferSourceNode | null = null;
  // Counts spins started or stopped, so a late rendering never starts an old spin's track.
  let spins = 0;

  function audio(): Out | null {
    if (failed) return null;
    try {
      if (!ctx) {
        const Ctor = audioContextCtor();
        if (!Ctor) {
          failed = true;
          return null;
        }
        ctx = new Ctor();
        master = ctx.createGain();
        master.gain.value = 0.6;
        master.connect(ctx.destination);
        rendering = renderTicks(ctx.sampleRate);
        rendering?.then(
          (buffer) => {
            ticks = buffer;
          },
          () => undefined,
        );
      }
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
      return master ? { ctx, out: master } : null;
    } catch {
      failed = true;
      return null;
    }
  }

  function play(sound: (a: Out, at: number) => void): void {
    if (muted) return;
    const a = audio();
    if (!a) return;
    try {
      sound(a, a.ctx.currentTime);
    } catch {
      // A node the browser refuses costs one sound, never the game.
    }
  }

  function stopSpin(): void {
    spins++;
    const playing = track;
    track = null;
    try {
      playing?.stop();
      playing?.disconnect();
    } catch {
      // Already ended or its context closed.
    }
  }

  return {
    spin(ticksMs, startedAt = now()) {
      stopSpin();
      if (muted) return;
      const a = audio();
      if (!a) return;
      const spin = spins;
      const heard = mergeTicks(ticksMs);
      const ahead = () => {
        const elapsedMs = now() - startedAt;
        return heard.filter((t) => t >= elapsedMs).map((t) => (t - elapsedMs) / 1000);
      };
      const start = (rendered: AudioBuffer | null) => {
        if (spin !== spins || muted) return;
        try {
          if (rendered) {
            const source = playTrack(a, rendered, ahead());
            track = source;
            if (source)
              source.onended = () => {
                if (track === source) track = null;
              };
          } else {
            for (const t of ahead()) tickSound(a, a.ctx.currentTime + t);
          }
        } catch {
          // Costs the spin's ticks, never the game.
        }
      };
      if (ticks || !rendering) start(ticks);
      // First spin: the tick is still rendering; start then, skipping the ticks already passed.
      else rendering.then(start, () => start(null));
    },
    stopSpin,
    warm() {
      if (!muted) audio();
    },
    win: () => play(chimeSound),
    loss: () => play(thudSound),
    setMuted(value: boolean) {
      muted = value;
      if (muted) stopSpin();
    },
    dispose() {
      stopSpin();
      const c = ctx;
      ctx = null;
      master = null;
      failed = true;
      if (c) void c.close().catch(() => undefined);
    },
  };
}
