/**
 * The coverage check itself, on a small toy chart: it lists every kind of transition from the definition
 * (events, guarded candidates, invoke done/error, delays, eventless), so one a run never takes is reported,
 * and the path generator produces a path for each.
 */
import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromPromise, setup, type EventObject } from 'xstate';
import { coverageTable, CoverageRecorder, transitionInfos } from './coverage.ts';
import { transitionPaths } from './paths.ts';

const toy = setup({
  guards: { isBig: ({ event }) => (event as { n?: number }).n === 2 },
  actors: { fetch: fromPromise(async () => 1) },
  // A targetless transition without actions emits no microstep, so it could never be recorded: the page chart
  // has none (every self-transition runs an action), and the toy's runs one too.
  actions: { count: assign({ n: ({ context }) => context.n + 1 }) },
}).createMachine({
  id: 'toy',
  context: { n: 0 },
  initial: 'idle',
  states: {
    idle: { on: { go: [{ guard: 'isBig', target: 'big' }, { target: 'small' }], stay: { actions: 'count' } } },
    small: { invoke: { id: 'fetch', src: 'fetch', onDone: 'done', onError: 'idle' } },
    big: { after: { 100: 'check' } },
    check: { always: { target: 'done' } },
    done: { type: 'final' },
  },
});

describe('transition coverage', () => {
  it('lists every transition of the definition, whatever its kind', () => {
    expect(transitionInfos(toy).map((t) => t.key)).toEqual([
      'toy.idle|go|0',
      'toy.idle|go|1',
      'toy.idle|stay|0',
      'toy.small|xstate.done.actor.fetch|0',
      'toy.small|xstate.error.actor.fetch|0',
      'toy.big|xstate.after.100.toy.big|0',
      'toy.check|always|0',
    ]);
  });

  it('reports the transitions a run did not take, with the path that took the others', async () => {
    const recorder = new CoverageRecorder();
    recorder.path = 'go small';
    const actor = createActor(toy, { inspect: recorder.inspect }).start();
    actor.send({ type: 'go', n: 1 });
    await new Promise((r) => setTimeout(r, 10));
    expect(actor.getSnapshot().value).toBe('done');
    expect(recorder.missing(toy)).toEqual([
      'toy.idle|go|0',
      'toy.idle|stay|0',
      'toy.small|xstate.error.actor.fetch|0',
      'toy.big|xstate.after.100.toy.big|0',
      'toy.check|always|0',
    ]);
    const rows = coverageTable(toy, recorder);
    expect(rows.find((r) => r.key === 'toy.idle|go|1')).toMatchObject({
      covered: true,
      coveredBy: ['go small'],
      targets: ['toy.small'],
    });
    expect(rows.find((r) => r.key === 'toy.idle|go|0')).toMatchObject({
      covered: false,
      guard: 'isBig',
      coveredBy: [],
    });
  });

  it('a transition added to a chart is missing until a path takes it', () => {
    const grown = createMachine({ id: 'g', initial: 'a', states: { a: { on: { next: 'b', extra: 'b' } }, b: {} } });
    const recorder = new CoverageRecorder();
    createActor(grown, { inspect: recorder.inspect }).start().send({ type: 'next' });
    expect(recorder.missing(grown)).toEqual(['g.a|extra|0']);
  });

  it('generates a path through every transition of the toy chart', () => {
    const paths = transitionPaths(toy, {
      input: undefined,
      events: [{ type: 'go', n: 1 }, { type: 'go', n: 2 }, { type: 'stay' }] as EventObject[],
      abstract: (s) => JSON.stringify(s.value),
    });
    const covered = new Set(paths.flatMap((p) => p.covers));
    expect([...covered].sort()).toEqual(
      transitionInfos(toy)
        .map((t) => t.key)
        .sort(),
    );
  });
});
