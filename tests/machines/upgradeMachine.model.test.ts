/**
 * Model-based tests of the page statechart alone: createTestModel (xstate/graph) generates a path to every
 * transition of the chart, and each path is executed on the real machine with its actors swapped for
 * settle-able promises. The run fails if any transition the machine defines was not taken.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { upgradeMachine } from '../../src/machines/upgradeMachine.ts';
import type { PageEvent } from '../../src/machines/events.ts';
import { coverageMarkdown, coverageTable, CoverageRecorder } from './coverage.ts';
import { csSite } from './fixtures.ts';
import { abstract, modelEvents, observe } from './pageModel.ts';
import { Harness } from './harness.ts';
import { cachedPlan } from './pathCache.ts';
import { writeReport } from './reports.ts';

// The same cached walk as `npm run paths`, so the export and this suite describe the very same paths.
const paths = cachedPlan('machine', upgradeMachine, {
  input: { site: csSite },
  events: modelEvents,
  abstract,
}).transitions;
const recorder = new CoverageRecorder();
let sut: Harness;

beforeEach(() => {
  vi.useFakeTimers();
  sut = new Harness({ site: csSite }, recorder);
});
afterEach(() => {
  sut.stop();
  vi.useRealTimers();
});

/** Executes one model event on the running machine. */
async function exec(event: PageEvent): Promise<void> {
  const type = event.type as string;
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (settled) {
    const e = event as unknown as { output?: unknown; error?: unknown };
    return sut.settle(settled[2], settled[1] === 'done' ? { output: e.output } : { error: e.error });
  }
  if (type.startsWith('xstate.after.')) {
    await vi.advanceTimersByTimeAsync(500);
    return;
  }
  sut.actor.send(event);
}

describe('page statechart, model-based', () => {
  it('generates one path or more per transition group', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  for (const path of paths) {
    it(path.description, async () => {
      recorder.path = path.description;
      for (const step of path.steps) {
        await exec(step.event as unknown as PageEvent);
        expect(observe(sut.actor.getSnapshot())).toEqual(observe(step.state as AnyMachineSnapshot));
      }
    });
  }

  afterAll(() => {
    const rows = coverageTable(upgradeMachine, recorder);
    writeReport(
      'transition-coverage',
      coverageMarkdown('Transition coverage: the page statechart alone (tests/machines)', rows),
      rows,
    );
    // Computed from the definition: a new transition without a path fails here.
    expect(recorder.missing(upgradeMachine)).toEqual([]);
  });
});
