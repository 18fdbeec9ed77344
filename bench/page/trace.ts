// Main-thread script per animation frame from a Chromium trace: the renderer main thread's script events (rAF
// callbacks, timers, handlers, microtasks) merged into intervals, cut into frames at each batch of rAF callbacks.
type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

/** Trace categories that carry the events below. */
export const TRACE_CATEGORIES =
  'devtools.timeline disabled-by-default-devtools.timeline v8.execute blink.user_timing'.split(' ');

const SCRIPT = new Set([
  ...['FunctionCall', 'EvaluateScript', 'FireAnimationFrame', 'TimerFire', 'EventDispatch', 'RunMicrotasks'],
  ...['V8.Execute', 'FireIdleCallback', 'v8.callFunction'],
]);

/** Script milliseconds of each frame between `fromMark` and `toMark` (performance.mark names). */
export function scriptPerFrame(traceJson: Buffer, fromMark: string, toMark: string): number[] {
  const parsed = JSON.parse(traceJson.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const key = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  // The page's main thread: the renderer main thread that ran the most animation frames.
  const mains = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(key),
  );
  const count = new Map<string, number>();
  for (const e of events)
    if (e.name === 'FireAnimationFrame' && mains.has(key(e))) count.set(key(e), (count.get(key(e)) ?? 0) + 1);
  const main = [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return [];
  const on = events.filter((e) => key(e) === main && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const mark = (name: string) => events.find((e) => e.name === name && 'RIinb'.includes(e.ph))?.ts;
  const from = mark(fromMark) ?? -Infinity;
  const to = mark(toMark) ?? Infinity;
  // Script intervals, nested events merged into their parent.
  const merged: Array<[number, number]> = [];
  for (const e of on.filter((e) => SCRIPT.has(e.name))) {
    const last = merged[merged.length - 1];
    if (last && e.ts <= last[1]) last[1] = Math.max(last[1], e.ts + e.dur!);
    else merged.push([e.ts, e.ts + e.dur!]);
  }
  // Frame starts: the first rAF callback of each batch (one frame's callbacks run back to back).
  const starts: number[] = [];
  let batchEnd = -Infinity;
  for (const r of on.filter((e) => e.name === 'FireAnimationFrame' && e.ts >= from && e.ts <= to)) {
    if (r.ts > batchEnd + 1000) starts.push(r.ts);
    batchEnd = Math.max(batchEnd, r.ts + r.dur!);
  }
  return starts.slice(0, -1).map((a, i) => {
    const b = starts[i + 1];
    let us = 0;
    for (const [s, e] of merged) if (e > a && s < b) us += Math.min(e, b) - Math.max(s, a);
    return us / 1000;
  });
}
