/**
 * Paths that take every transition of a chart at least once: createTestModel's shortest paths to every
 * abstract state, each extended by one event, kept only when it takes a transition no earlier path took.
 * Which transitions a candidate takes is found by running it on the model machine (pure, no effects).
 */
import { createActor, initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { allTransitions, CoverageRecorder } from './coverage.ts';
import { modelOf, possible } from './modelOf.ts';

/** One generated test path. */
export interface TransitionPath {
  description: string;
  steps: { event: EventObject; state: AnyMachineSnapshot }[];
  /** Transition keys (coverage.ts) this path was chosen for. */
  covers: string[];
}

/** A short label for an event: its type and its scalar payload. */
export function eventLabel(e: EventObject): string {
  const rest = Object.entries(e)
    .filter(([k, v]) => k !== 'type' && (typeof v !== 'object' || v === null))
    .map(([k, v]) => `${k}=${String(v)}`);
  const out = (e as { output?: unknown }).output;
  if (out && typeof out === 'object' && 'success' in out) rest.push(`success=${String((out as { success: unknown }).success)}`);
  if (out && typeof out === 'object' && 'user' in out) rest.push((out as { user: unknown }).user ? 'signed-in' : 'signed-out');
  return rest.length ? `${e.type}(${rest.join(',')})` : e.type;
}

function stateLabel(s: AnyMachineSnapshot): string {
  return JSON.stringify(s.value).replace(/"/g, '');
}

/** Generates the paths for `machine` with the given concrete events and state abstraction. */
export function transitionPaths(
  machine: AnyStateMachine,
  options: {
    input: unknown;
    events: EventObject[];
    abstract: (s: AnyMachineSnapshot) => string;
    /** Restricts which events may happen in a snapshot (e.g. only what a rendered page can do). */
    allow?: (s: AnyMachineSnapshot, e: EventObject) => boolean;
    /** Transitions no path needs to cover (e.g. controls a site variant does not render). */
    skip?: (key: string) => boolean;
  },
): TransitionPath[] {
  const model = modelOf(machine);
  const testModel = createTestModel(model, {
    events: () => options.events as never,
    filterEvents: (s, e) => possible(s as AnyMachineSnapshot, e) && (options.allow?.(s as AnyMachineSnapshot, e) ?? true),
    serializeState: (s) => `${options.abstract(s as AnyMachineSnapshot)}${JSON.stringify((s as AnyMachineSnapshot).context.__running)}`,
  });
  const toStates = testModel.getShortestPaths({ input: options.input as never });
  toStates.sort((a, b) => a.steps.length - b.steps.length);
  const all = new Map([...allTransitions(machine)].filter(([k]) => !options.skip?.(k)));
  const covered = new Set<string>();
  const out: TransitionPath[] = [];

  // Payload-free events the caller did not list are tried as plain { type }.
  const listed = new Set(options.events.map((e) => e.type));
  const eventTypes = new Set([...all.keys()].map((k) => k.split('|')[1]).filter((t) => t !== 'always'));
  const events = [...options.events, ...[...eventTypes].filter((t) => !listed.has(t)).map((type) => ({ type }))];

  const run = (events: EventObject[]): Set<string> => {
    const recorder = new CoverageRecorder();
    const actor = createActor(model, { input: options.input, inspect: recorder.inspect });
    actor.subscribe({ error: () => {} });
    actor.start();
    for (const e of events) actor.send(e);
    actor.stop();
    return recorder.taken;
  };

  for (const path of toStates) {
    const prefix = path.steps.map((s) => s.event as EventObject).filter((e) => e.type !== 'xstate.init');
    const state = path.state as AnyMachineSnapshot;
    const candidates: (EventObject | null)[] = [null, ...events.filter((e) => state.can(e) && possible(state, e) && (options.allow?.(state, e) ?? true))];
    for (const extra of candidates) {
      if (covered.size === all.size) break;
        const taken = [...run(extra ? [...prefix, extra] : prefix)].filter((k) => all.has(k) && !covered.has(k));
      if (taken.length === 0) continue;
      taken.forEach((k) => covered.add(k));
      // Replayed from the start: the graph's stored snapshots are per abstract state, not per event sequence.
      let snapshot = initialTransition(model, options.input as never)[0] as AnyMachineSnapshot;
      const steps = (extra ? [...prefix, extra] : prefix).map((event) => {
        snapshot = transition(model, snapshot as never, event as never)[0] as AnyMachineSnapshot;
        return { event, state: snapshot };
      });
      const last = steps.at(-1)?.state ?? (path.state as AnyMachineSnapshot);
      out.push({
        description: `${steps.map((s) => eventLabel(s.event)).join(' → ') || 'start'} ⇒ ${stateLabel(last)}`,
        steps,
        covers: taken,
      });
    }
  }
  return out;
}
