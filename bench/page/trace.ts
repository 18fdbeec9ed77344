/**
 * Main-thread script time per animation frame from a Chromium trace (devtools.timeline): every script event on
 * the page's renderer main thread (rAF callbacks, timers, event handlers, microtasks, React's scheduler tasks)
 * merged into intervals, then cut into frames at each batch of animation-frame callbacks.
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Trace categories that carry the events below. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
];

/** BENCH_TRACE_EXTRA=a,b: more trace categories for a bench's traces (e.g. the CPU profiler). */
export const extraCategories = (): string[] => (process.env.BENCH_TRACE_EXTRA ?? '').split(',').filter(Boolean);

const SCRIPT = new Set([
  'FunctionCall',
  'EvaluateScript',
  'FireAnimationFrame',
  'TimerFire',
  'EventDispatch',
  'RunMicrotasks',
  'V8.Execute',
  'FireIdleCallback',
  'v8.callFunction',
]);

/** One animation frame of the window: its script time as the figure counts it, and on the thread's own clock. */
export interface ScriptFrame {
  /** Trace clock (µs) of the frame's first animation-frame callback, and of the next frame's. */
  start: number;
  end: number;
  /** Script milliseconds in the frame (wall clock): what scriptPerFrame reports. */
  ms: number;
  /**
   * The same script on the main thread's own CPU clock (the events' `tdur`, pro rata where an event crosses the
   * frame's edge). DevTools' CPU throttling spins on the thread, so it is counted; time the OS gave the core to
   * another process is not. Wall ms far above thread ms means the thread was waiting for a core.
   */
  threadMs: number;
}

/** The frames between `fromMark` and `toMark` (performance.mark names), with their script time. */
export function scriptFrames(
  traceJson: Buffer,
  fromMark: string,
  toMark: string,
): { frames: ScriptFrame[]; threadEvents: number } {
  const parsed = JSON.parse(traceJson.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  // The page's main thread: the renderer main thread that ran animation frames.
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const count = new Map<string, number>();
  for (const e of events)
    if (e.name === 'FireAnimationFrame' && mains.has(`${e.pid}:${e.tid}`))
      count.set(`${e.pid}:${e.tid}`, (count.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return { frames: [], threadEvents: 0 };
  const on = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const mark = (name: string) =>
    events.find((e) => e.name === name && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b'))?.ts;
  const from = mark(fromMark) ?? -Infinity;
  const to = mark(toMark) ?? Infinity;

  // Script intervals (nested events merge into their parent).
  const script = on
    .filter((e) => e.ph === 'X' && SCRIPT.has(e.name) && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const spans = script.map((e) => [e.ts, e.ts + e.dur!] as [number, number]);
  const merged: Array<[number, number]> = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([...s]);
  }
  // Outermost script events, for their thread-clock durations.
  const outer: TraceEvent[] = [];
  let outerEnd = -Infinity;
  for (const e of script) {
    if (e.ts >= outerEnd) outer.push(e);
    outerEnd = Math.max(outerEnd, e.ts + e.dur!);
  }
  // Frame starts: the first rAF callback of each batch (callbacks of one frame run back to back).
  const rafs = on
    .filter((e) => e.ph === 'X' && e.name === 'FireAnimationFrame' && e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts);
  const starts: number[] = [];
  let batchEnd = -Infinity;
  for (const r of rafs) {
    if (r.ts > batchEnd + 1000) starts.push(r.ts);
    batchEnd = Math.max(batchEnd, r.ts + (r.dur ?? 0));
  }
  const frames: ScriptFrame[] = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const [a, b] = [starts[i], starts[i + 1]];
    let us = 0;
    for (const [s, e] of merged) if (e > a && s < b) us += Math.min(e, b) - Math.max(s, a);
    let thread = 0;
    for (const e of outer) {
      const end = e.ts + e.dur!;
      if (end > a && e.ts < b && e.dur! > 0)
        thread += ((Math.min(end, b) - Math.max(e.ts, a)) / e.dur!) * (e.tdur ?? e.dur!);
    }
    frames.push({ start: a, end: b, ms: us / 1000, threadMs: thread / 1000 });
  }
  return { frames, threadEvents: on.length };
}

/** Per-frame script milliseconds of the frames between `fromMark` and `toMark` (performance.mark names). */
export function scriptPerFrame(
  traceJson: Buffer,
  fromMark: string,
  toMark: string,
): { frames: number[]; threadEvents: number } {
  const { frames, threadEvents } = scriptFrames(traceJson, fromMark, toMark);
  return { frames: frames.map((f) => f.ms), threadEvents };
}
