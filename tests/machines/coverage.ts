/**
 * Transition coverage computed from the machine definition: every transition candidate of every state node
 * (event transitions, invoke done/error, delays, eventless), keyed `source|event|index`, and a recorder that
 * marks the ones a running actor takes (via the inspection API's microsteps).
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';

function nodesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(nodesOf)];
}

/** Stable key of one transition candidate. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id}|${t.eventType || 'always'}|${list.indexOf(t)}`;
}

/** Every transition the machine defines, with its description. */
export function allTransitions(machine: AnyStateMachine): Map<string, string> {
  const out = new Map<string, string>();
  for (const node of nodesOf(machine.root)) {
    for (const list of node.transitions.values()) for (const t of list) out.set(transitionKey(t), t.description ?? '');
    for (const t of node.always ?? []) out.set(transitionKey(t), t.description ?? '');
  }
  return out;
}

/** Collects taken transitions from actors it inspects. */
export class CoverageRecorder {
  readonly taken = new Set<string>();

  /** Pass as `inspect` when creating an actor. */
  readonly inspect = (ev: InspectionEvent): void => {
    if (ev.type !== '@xstate.microstep') return;
    for (const t of (ev as { _transitions: AnyTransitionDefinition[] })._transitions) this.taken.add(transitionKey(t));
  };

  /** The machine's transitions this recorder never saw. */
  missing(machine: AnyStateMachine): string[] {
    return [...allTransitions(machine).keys()].filter((k) => !this.taken.has(k));
  }
}
