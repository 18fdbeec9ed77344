/**
 * Paths that take every transition of a chart at least once: createTestModel's shortest paths to every
 * abstract state, each extended by one event, kept only when it takes a transition no earlier path took
 * (then, for what is still missing, the same at every prefix of those paths).
 * Which transitions a candidate takes is found by running it on the model machine (pure, no effects).
 */
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { allTransitions, CoverageRecorder, nodesOf } from './coverage.ts';
import { modelOf, possible } from './modelOf.ts';

/** One step of a path: the event, the snapshot it leads to, the transition keys (coverage.ts) it takes. */
export interface PathStep {
  event: EventObject;
  state: AnyMachineSnapshot;
  taken: string[];
}

/** One generated test path. */
export interface TransitionPath {
  description: string;
  steps: PathStep[];
  /** Transition keys (coverage.ts) this path was chosen for. */
  covers: string[];
}

/** A short label for an event: its type and its scalar payload. */
export function eventLabel(e: EventObject): string {
  const rest = Object.entries(e)
    .filter(([k, v]) => k !== 'type' && (typeof v !== 'object' || v === null))
    .map(([k, v]) => `${k}=${String(v)}`);
  const out = (e as { output?: unknown }).output;
  if (out && typeof out === 'object' && 'success' in out)
    rest.push(`success=${String((out as { success: unknown }).success)}`);
  if (out && typeof out === 'object' && 'user' in out)
    rest.push((out as { user: unknown }).user ? 'signed-in' : 'signed-out');
  return rest.length ? `${e.type}(${rest.join(',')})` : e.type;
}

/** A state value as a short label, e.g. `{playing:spinning}`. */
export function stateLabel(s: AnyMachineSnapshot): string {
  return JSON.stringify(s.value).replace(/"/g, '');
}

/** Runs events on the model machine from its start; each step's snapshot and the transitions it took. */
export function replay(model: AnyStateMachine, input: unknown, events: EventObject[]): PathStep[] {
  const recorder = new CoverageRecorder();
  const actor = createActor(model, { input, inspect: recorder.inspect });
  actor.subscribe({ error: () => {} });
  actor.start();
  const steps = events.map((event) => {
    recorder.taken.clear();
    actor.send(event);
    return { event, state: actor.getSnapshot() as AnyMachineSnapshot, taken: [...recorder.taken] };
  });
  actor.stop();
  return steps;
}

/** How to walk a chart: its input, the concrete events to try, the state abstraction, restrictions. */
export interface PathOptions {
  input: unknown;
  events: EventObject[];
  abstract: (s: AnyMachineSnapshot) => string;
  /** Restricts which events may happen in a snapshot (e.g. only what a rendered page can do). */
  allow?: (s: AnyMachineSnapshot, e: EventObject) => boolean;
  /** Transitions no path needs to cover (e.g. controls a site variant does not render). */
  skip?: (key: string) => boolean;
}

/** A shortest path to one state node (the transient ones are reached by passing through them). */
export interface StatePath {
  node: string;
  description: string;
  steps: PathStep[];
}

/** Both path sets of a chart: shortest paths to every state node, and paths through every transition. */
export interface PathPlan {
  shortest: StatePath[];
  transitions: TransitionPath[];
}

/** Generates the paths for `machine` with the given concrete events and state abstraction. */
export function transitionPaths(machine: AnyStateMachine, options: PathOptions): TransitionPath[] {
  return planPaths(machine, options).transitions;
}

/** The events tried in each state: the caller's, plus a plain `{ type }` for every other event type the chart names. */
export function eventsToTry(machine: AnyStateMachine, listedEvents: EventObject[]): EventObject[] {
  const listed = new Set(listedEvents.map((e) => e.type));
  const eventTypes = new Set(
    [...allTransitions(machine).keys()].map((k) => k.split('|')[1]).filter((t) => t !== 'always'),
  );
  return [...listedEvents, ...[...eventTypes].filter((t) => !listed.has(t)).map((type) => ({ type }))];
}

/** Which invocations of a model snapshot (modelOf.ts) run and which have run, in a stable order. */
function runningKey(s: AnyMachineSnapshot): string {
  const running = (s.context as { __running?: Record<string, boolean> }).__running ?? {};
  return JSON.stringify(Object.entries(running).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Generates both path sets from one graph walk. */
export function planPaths(machine: AnyStateMachine, options: PathOptions): PathPlan {
  const model = modelOf(machine);
  const testModel = createTestModel(model, {
    events: () => options.events as never,
    filterEvents: (s, e) =>
      possible(s as AnyMachineSnapshot, e) && (options.allow?.(s as AnyMachineSnapshot, e) ?? true),
    // Keyed in a stable order: the order the invocations first ran in would multiply the states walked.
    serializeState: (s) => `${options.abstract(s as AnyMachineSnapshot)}${runningKey(s as AnyMachineSnapshot)}`,
  });
  const toStates = testModel.getShortestPaths({ input: options.input as never });
  toStates.sort((a, b) => a.steps.length - b.steps.length);
  const all = new Map([...allTransitions(machine)].filter(([k]) => !options.skip?.(k)));
  const covered = new Set<string>();
  const out: TransitionPath[] = [];

  const events = eventsToTry(machine, options.events);

  const run = (events: EventObject[]): Set<string> =>
    new Set(replay(model, options.input, events).flatMap((s) => s.taken));

  /** The transitions one event takes from a snapshot (the prefix's own are counted by its `null` candidate). */
  const step = (state: AnyMachineSnapshot, event: EventObject): Set<string> => {
    const recorder = new CoverageRecorder();
    const actor = createActor(model, { input: options.input, snapshot: state, inspect: recorder.inspect });
    actor.subscribe({ error: () => {} });
    actor.start();
    recorder.taken.clear();
    actor.send(event);
    actor.stop();
    return recorder.taken;
  };

  /** Tries the state a prefix of events reaches, then each event possible there; keeps what takes a new transition. */
  const extend = (prefix: EventObject[], state: AnyMachineSnapshot) => {
    const candidates: (EventObject | null)[] = [
      null,
      ...events.filter((e) => state.can(e) && possible(state, e) && (options.allow?.(state, e) ?? true)),
    ];
    for (const extra of candidates) {
      if (covered.size === all.size) return;
      const taken = [...(extra ? step(state, extra) : run(prefix))].filter((k) => all.has(k) && !covered.has(k));
      if (taken.length === 0) continue;
      taken.forEach((k) => covered.add(k));
      // Replayed from the start: the graph's stored snapshots are per abstract state, not per event sequence.
      const steps = replay(model, options.input, extra ? [...prefix, extra] : prefix);
      const last = steps.at(-1)?.state ?? state;
      out.push({
        description: `${steps.map((s) => eventLabel(s.event)).join(' → ') || 'start'} ⇒ ${stateLabel(last)}`,
        steps,
        covers: taken,
      });
    }
  };
  const sequences = toStates.map((p) =>
    p.steps.map((s) => s.event as EventObject).filter((e) => e.type !== 'xstate.init'),
  );
  toStates.forEach((path, i) => extend(sequences[i], path.state as AnyMachineSnapshot));
  // The graph drops paths that are prefixes of longer ones, so a transition out of a state that only lies on the
  // way somewhere else is looked for at every prefix too.
  for (const seq of sequences) {
    for (let n = 0; n < seq.length && covered.size < all.size; n++) {
      const prefix = seq.slice(0, n);
      extend(
        prefix,
        (prefix.length
          ? replay(model, options.input, prefix).at(-1)!.state
          : createActor(model, { input: options.input }).getSnapshot()) as AnyMachineSnapshot,
      );
    }
  }
  return { shortest: shortestToNodes(machine, model, options.input, sequences), transitions: out };
}

/**
 * For every state node, the shortest of the given event sequences (sorted shortest first) that makes it active,
 * cut at the first step that does; a transient node (left by an eventless transition) counts when a step
 * passes through it.
 */
function shortestToNodes(
  machine: AnyStateMachine,
  model: AnyStateMachine,
  input: unknown,
  sequences: EventObject[][],
): StatePath[] {
  const wanted = new Set(
    nodesOf(machine.root)
      .slice(1)
      .map((n) => n.id),
  );
  const found = new Map<string, StatePath>();
  const initial = createActor(model, { input }).getSnapshot() as AnyMachineSnapshot;
  for (const n of initial._nodes)
    if (wanted.has(n.id)) found.set(n.id, { node: n.id, description: `start ⇒ ${stateLabel(initial)}`, steps: [] });
  for (const events of sequences) {
    if (found.size === wanted.size) break;
    const steps = replay(model, input, events);
    steps.forEach((step, i) => {
      const visited = new Set([...step.state._nodes.map((n) => n.id), ...step.taken.map((k) => k.split('|')[0])]);
      for (const id of visited) {
        if (!wanted.has(id) || found.has(id)) continue;
        const prefix = steps.slice(0, i + 1);
        found.set(id, {
          node: id,
          description: `${prefix.map((s) => eventLabel(s.event)).join(' → ')} ⇒ ${stateLabel(step.state)}`,
          steps: prefix,
        });
      }
    });
  }
  return [...wanted].filter((id) => found.has(id)).map((id) => found.get(id)!);
}
