/**
 * A heap snapshot through CDP, split into V8's compiled code and feedback (what the engine keeps to run hot
 * functions fast: bytecode, machine code, feedback vectors) and everything else (the page's objects), with the
 * part that is Playwright's own apart. Beside the heap figure it tells growth in data a page keeps (a leak) from
 * functions V8 optimised as they became hot, and the page's heap from the bench's.
 *
 * Playwright's scripts (its injected selector engine, its utility script and the page.clock shim) run in the
 * page's V8 heap, in its own world or in the main one, and their functions become hot over the games like the
 * page's: after 50 games their compiled code had grown from about 0.18 to 0.4 MB. They are scripts without a URL
 * whose source names Playwright's clock global (`__pwClock`); the page's own scripts all have a URL.
 */
import type { CDPSession } from '@playwright/test';

/** Node classes of a snapshot that hold compiled code or its feedback, by name ("system / <Class>"). */
const CODE_CLASSES =
  /^system \/ (InstructionStream|Code|TrustedByteArray|ProtectedFixedArray|TrustedWeakFixedArray|FeedbackVector|FeedbackMetadata|BytecodeArray|CodeWrapper|LoadHandler|SharedFunctionInfo|SharedFunctionInfoWrapper|FeedbackCell|ClosureFeedbackCellArray|ScopeInfo)\b/;

/** Marks a script as Playwright's: no URL, and its source names Playwright's clock global. */
const PLAYWRIGHT_SOURCE = '__pwClock';

export interface HeapSplit {
  /** Bytes of the page's compiled code and feedback. */
  code: number;
  /** Bytes of every other V8 heap object of the page. */
  data: number;
  /** Bytes of Playwright's scripts: their sources, functions, bytecode, compiled code and feedback. */
  playwright: number;
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** Node indexes (by ordinal) of what Playwright's scripts own: see playwrightBytes. */
function playwrightNodes(s: Snapshot): Set<number> {
  const {
    node_fields: nf,
    node_types: [ntypes],
    edge_fields: ef,
    edge_types: [etypes],
  } = s.snapshot.meta;
  const N = nf.length;
  const E = ef.length;
  const typeAt = nf.indexOf('type');
  const nameAt = nf.indexOf('name');
  const countAt = nf.indexOf('edge_count');
  const count = s.nodes.length / N;
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0; i < count; i++) firstEdge[i + 1] = firstEdge[i] + s.nodes[i * N + countAt] * E;
  const type = (i: number) => ntypes[s.nodes[i * N + typeAt]];
  const name = (i: number) => s.strings[s.nodes[i * N + nameAt]];
  const edgeName = (e: number) => {
    const t = etypes[s.edges[e]];
    return t === 'element' || t === 'hidden' ? '' : s.strings[s.edges[e + 1]];
  };
  const edges = function* (i: number): Generator<[string, number]> {
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += E) yield [edgeName(e), s.edges[e + 2] / N];
  };

  const owned = new Set<number>();
  const functions = new Set<number>();
  for (let i = 0; i < count; i++) {
    if (name(i) !== 'system / Script / ') continue;
    let source = -1;
    let infos = -1;
    for (const [n, to] of edges(i)) {
      if (n === 'source') source = to;
      if (n === 'infos') infos = to;
    }
    if (source < 0 || !name(source).includes(PLAYWRIGHT_SOURCE)) continue;
    owned.add(i);
    owned.add(source);
    if (infos >= 0) for (const [, sfi] of edges(infos)) functions.add(sfi);
  }
  // Code-kind objects reachable from Playwright's functions and their closures' feedback and code, never crossing
  // into a function of another script (optimised code lists the functions it inlined) or into a script.
  const queue: number[] = [...functions];
  for (let i = 0; i < count; i++) {
    if (type(i) !== 'closure') continue;
    let ours = false;
    for (const [n, to] of edges(i)) if (n === 'shared' && functions.has(to)) ours = true;
    if (!ours) continue;
    for (const [n, to] of edges(i)) if (n === 'code' || n === 'feedback_cell') queue.push(to);
  }
  while (queue.length) {
    const i = queue.pop()!;
    if (owned.has(i) || type(i) !== 'code' || name(i).startsWith('system / Script')) continue;
    if (name(i).startsWith('system / SharedFunctionInfo') && !functions.has(i)) continue;
    owned.add(i);
    for (const [, to] of edges(i)) queue.push(to);
  }
  return owned;
}

/** Sizes of a parsed snapshot's V8 objects: Playwright's apart, then code apart from the rest (Blink's native nodes are not counted). */
export function splitSnapshot(s: Snapshot): HeapSplit {
  const fields = s.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const nameAt = fields.indexOf('name');
  const types = s.snapshot.meta.node_types[0];
  const ours = playwrightNodes(s);
  let code = 0;
  let data = 0;
  let playwright = 0;
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + typeAt]];
    const size = s.nodes[i + sizeAt];
    const name = s.strings[s.nodes[i + nameAt]];
    if (type === 'synthetic') continue;
    if (type === 'native' && !name.startsWith('system /')) continue;
    if (ours.has(i / width)) playwright += size;
    else if (CODE_CLASSES.test(name)) code += size;
    else data += size;
  }
  return { code, data, playwright };
}

/** Takes a snapshot of the page's heap (after a GC, which taking one does) and splits it. */
export async function heapSplit(cdp: CDPSession): Promise<HeapSplit> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  return splitSnapshot(JSON.parse(chunks.join('')) as Snapshot);
}
