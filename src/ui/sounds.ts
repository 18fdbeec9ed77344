/**
 * The wheel's sounds, synthesised with WebAudio (no files to download): a soft tick as the arrow passes a
 * segment, a chime on a win, a low thud on a loss. One AudioContext, created on first use (after the
 * player's click on play, so autoplay rules allow it).
 */
let ctx: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  ctx ??= new window.AudioContext();
  if (ctx.state === 'suspended') void ctx.resume();
  return ctx;
}

/** One enveloped oscillator note. */
function note(freq: number, start: number, length: number, gain: number, type: OscillatorType, glideTo?: number): void {
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + start;
  const osc = a.createOscillator();
  const amp = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (glideTo) osc.frequency.exponentialRampToValueAtTime(glideTo, t0 + length);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(amp).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

/** A short click for one segment passing the arrow. */
export function tick(): void {
  note(1800, 0, 0.03, 0.05, 'square');
}

/** Three rising notes. */
export function chime(): void {
  [880, 1108.7, 1318.5].forEach((f, i) => note(f, i * 0.09, 0.5, 0.12, 'sine'));
}

/** A low falling thump. */
export function thud(): void {
  note(140, 0, 0.35, 0.3, 'sine', 55);
}
