/**
 * createTestModel walks machines without invocations or delays, so the model is the page chart with each
 * invoke's onDone/onError and each `after` turned into plain transitions on the very event types the running
 * machine receives (xstate.done.actor.{id}, xstate.error.actor.{id}, xstate.after.{delay}.{state id}).
 * Guards, actions and descriptions stay the machine's own. The model also tracks which invocations are
 * running (context.__running), so it never settles one twice or settles one whose state was left.
 */
import { assign, createMachine, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';

type StateConfig = {
  invoke?: unknown;
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, StateConfig>;
  [key: string]: unknown;
};

type Running = Record<string, boolean>;
const running = (ctx: unknown): Running => (ctx as { __running?: Running }).__running ?? {};
const setRunning = (invokeId: string, on: boolean) =>
  assign(({ context }) => ({ __running: { ...running(context), [invokeId]: on } }) as never);

/** Appends an action to a transition config (object, target string or list of candidates). */
function withAction(transition: unknown, action: unknown): unknown {
  if (Array.isArray(transition)) return transition.map((t) => withAction(t, action));
  const t = typeof transition === 'string' ? { target: transition } : { ...(transition as object) };
  const actions = (t as { actions?: unknown }).actions;
  return { ...t, actions: [action, ...(actions === undefined ? [] : ([] as unknown[]).concat(actions))] };
}

/** Which state node owns each invoke id (filled while converting). */
const owners = new Map<string, string>();

function convert(config: StateConfig, id: string): StateConfig {
  const { invoke, after, states, on, entry, exit, ...rest } = config;
  const nextOn: Record<string, unknown> = { ...(on ?? {}) };
  const nextEntry: unknown[] = entry === undefined ? [] : ([] as unknown[]).concat(entry);
  const nextExit: unknown[] = exit === undefined ? [] : ([] as unknown[]).concat(exit);
  for (const inv of invoke ? ([] as unknown[]).concat(invoke) : []) {
    const def = inv as { id: string; onDone?: unknown; onError?: unknown };
    owners.set(def.id, id);
    nextEntry.push(setRunning(def.id, true));
    nextExit.push(setRunning(def.id, false));
    if (def.onDone) nextOn[`xstate.done.actor.${def.id}`] = withAction(def.onDone, setRunning(def.id, false));
    if (def.onError) nextOn[`xstate.error.actor.${def.id}`] = withAction(def.onError, setRunning(def.id, false));
  }
  rest.entry = nextEntry;
  rest.exit = nextExit;
  for (const [delay, transition] of Object.entries(after ?? {})) nextOn[`xstate.after.${delay}.${id}`] = transition;
  const out: StateConfig = { ...rest, on: nextOn };
  if (states)
    out.states = Object.fromEntries(Object.entries(states).map(([key, s]) => [key, convert(s, `${id}.${key}`)]));
  return out;
}

/** Whether an event could happen now: an invocation's done/error only while it runs. */
export function possible(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const m = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
  if (!m) return true;
  const owner = owners.get(m[1]);
  return running(snapshot.context)[m[1]] === true && snapshot._nodes.some((n) => n.id === owner);
}

/** The model machine for a chart: same states, guards, actions; effects replaced by the events they send. */
export function modelOf(machine: AnyStateMachine): AnyStateMachine {
  const config = convert(machine.config as StateConfig, machine.id);
  return createMachine(config as never, machine.implementations as never);
}
