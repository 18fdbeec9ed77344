/**
 * A heap snapshot through CDP, split into V8's compiled code and feedback (what the engine keeps to run hot
 * functions fast: bytecode, machine code, feedback vectors) and everything else (the page's objects). Beside the
 * heap figure it tells growth in data a page keeps (a leak) from functions V8 optimised as they became hot.
 */
import type { CDPSession } from '@playwright/test';

/** Node classes of a snapshot that hold compiled code or its feedback, by name ("system / <Class>"). */
const CODE_CLASSES = /^system \/ (InstructionStream|Code|TrustedByteArray|ProtectedFixedArray|TrustedWeakFixedArray|FeedbackVector|FeedbackMetadata|BytecodeArray|CodeWrapper|LoadHandler|SharedFunctionInfo|SharedFunctionInfoWrapper|FeedbackCell|ClosureFeedbackCellArray|ScopeInfo)\b/;

export interface HeapSplit {
  /** Bytes of compiled code and feedback. */
  code: number;
  /** Bytes of every other V8 heap object. */
  data: number;
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Sizes of a parsed snapshot's V8 objects, code apart from the rest (Blink's native nodes are not counted). */
export function splitSnapshot(s: Snapshot): HeapSplit {
  const fields = s.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const nameAt = fields.indexOf('name');
  const types = s.snapshot.meta.node_types[0];
  let code = 0;
  let data = 0;
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + typeAt]];
    const size = s.nodes[i + sizeAt];
    const name = s.strings[s.nodes[i + nameAt]];
    if (type === 'synthetic') continue;
    if (type === 'native' && !name.startsWith('system /')) continue;
    if (CODE_CLASSES.test(name)) code += size;
    else data += size;
  }
  return { code, data };
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
