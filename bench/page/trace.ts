/**
 * Main-thread script time per animation frame from a Chromium trace (devtools.timeline): every script event on
 * the page's renderer main thread (rAF callbacks, timers, event handlers, microtasks, React's scheduler tasks)
 * merged into intervals, then cut into frames at each batch of animation-frame callbacks.
 */

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } }

/** Trace categories that carry the events below. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'];

const SCRIPT = new Set(['FunctionCall', 'EvaluateScript', 'FireAnimationFrame', 'TimerFire', 'EventDispatch', 'RunMicrotasks', 'V8.Execute', 'FireIdleCallback', 'v8.callFunction']);

/** Per-frame script milliseconds of the frames between `fromMark` and `toMark` (performance.mark names). */
export function scriptPerFrame(traceJson: Buffer, fromMark: string, toMark: string): { frames: number[]; threadEvents: number } {
  const parsed = JSON.parse(traceJson.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  // The page's main thread: the renderer main thread that ran animation frames.
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const count = new Map<string, number>();
  for (const e of events) if (e.name === 'FireAnimationFrame' && mains.has(`${e.pid}:${e.tid}`)) count.set(`${e.pid}:${e.tid}`, (count.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return { frames: [], threadEvents: 0 };
  const on = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const mark = (name: string) => events.find((e) => e.name === name && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b'))?.ts;
  const from = mark(fromMark) ?? -Infinity;
  const to = mark(toMark) ?? Infinity;

  // Script intervals (nested events merge into their parent).
  const spans = on.filter((e) => e.ph === 'X' && SCRIPT.has(e.name) && e.dur !== undefined).map((e) => [e.ts, e.ts + e.dur!] as [number, number]).sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([...s]);
  }
  // Frame starts: the first rAF callback of each batch (callbacks of one frame run back to back).
  const rafs = on.filter((e) => e.ph === 'X' && e.name === 'FireAnimationFrame' && e.ts >= from && e.ts <= to).sort((a, b) => a.ts - b.ts);
  const starts: number[] = [];
  let batchEnd = -Infinity;
  for (const r of rafs) {
    if (r.ts > batchEnd + 1000) starts.push(r.ts);
    batchEnd = Math.max(batchEnd, r.ts + (r.dur ?? 0));
  }
  const frames: number[] = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const [a, b] = [starts[i], starts[i + 1]];
    let us = 0;
    for (const [s, e] of merged) if (e > a && s < b) us += Math.min(e, b) - Math.max(s, a);
    frames.push(us / 1000);
  }
  return { frames, threadEvents: on.length };
}
