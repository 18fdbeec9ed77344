/**
 * The QA path export: the chart's paths as plain data and as Markdown, each step naming its event, the state it
 * reaches, and the descriptions of those states and of the transitions it takes, all read from the machine
 * definition (state node and transition `description`s).
 */
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { nodesOf, transitionInfos, type TransitionInfo } from './coverage.ts';
import { eventLabel, stateLabel, type PathPlan, type PathStep } from './paths.ts';

/** One step of an exported path. */
export interface ExportedStep {
  n: number;
  event: string;
  state: string;
  /** Active state nodes (root excluded) with their descriptions. */
  states: { id: string; description: string }[];
  transitions: { key: string; description: string }[];
}

/** One exported path. */
export interface ExportedPath {
  n: number;
  title: string;
  /** For a shortest path, the state node it reaches; for a transition path, the transitions it was chosen for. */
  reaches?: string;
  covers?: string[];
  steps: ExportedStep[];
}

/** The whole export. */
export interface PathExport {
  machine: { id: string; description: string };
  states: { id: string; description: string }[];
  transitions: TransitionInfo[];
  shortest: ExportedPath[];
  transitionPaths: ExportedPath[];
}

function exportSteps(steps: PathStep[], described: Map<string, string>): ExportedStep[] {
  return steps.map((s, i) => ({
    n: i + 1,
    event: eventLabel(s.event),
    state: stateLabel(s.state as AnyMachineSnapshot),
    states: s.state._nodes
      .filter((node) => node.parent)
      .map((node) => ({ id: node.id, description: node.description ?? '' })),
    transitions: s.taken.filter((k) => described.has(k)).map((k) => ({ key: k, description: described.get(k)! })),
  }));
}

/** Builds the export of a plan for `machine`. */
export function exportPaths(machine: AnyStateMachine, plan: PathPlan): PathExport {
  const transitions = transitionInfos(machine);
  const described = new Map(transitions.map((t) => [t.key, t.description]));
  return {
    machine: { id: machine.id, description: machine.root.description ?? '' },
    states: nodesOf(machine.root)
      .slice(1)
      .map((n) => ({ id: n.id, description: n.description ?? '' })),
    transitions,
    shortest: plan.shortest.map((p, i) => ({
      n: i + 1,
      title: p.description,
      reaches: p.node,
      steps: exportSteps(p.steps, described),
    })),
    transitionPaths: plan.transitions.map((p, i) => ({
      n: i + 1,
      title: p.description,
      covers: p.covers,
      steps: exportSteps(p.steps, described),
    })),
  };
}

function pathMarkdown(p: ExportedPath, heading: string): string[] {
  const out = [`### ${p.n}. ${heading}`, ''];
  if (p.covers) out.push(`Chosen for: ${p.covers.map((k) => `\`${k}\``).join(', ')}`, '');
  if (p.steps.length === 0) out.push('The start state: no event needed.', '');
  for (const s of p.steps) {
    out.push(`${s.n}. **${s.event}** → \`${s.state}\``);
    for (const t of s.transitions) out.push(`   - takes \`${t.key}\`: ${t.description || '(no description)'}`);
    for (const st of s.states) out.push(`   - in \`${st.id}\`: ${st.description || '(no description)'}`);
  }
  out.push('');
  return out;
}

/** The export as a Markdown test plan. */
export function pathsMarkdown(x: PathExport): string {
  const lines = [
    `# Paths of the \`${x.machine.id}\` statechart`,
    '',
    x.machine.description,
    '',
    `${x.states.length} states, ${x.transitions.length} transitions; ${x.shortest.length} shortest paths to states, ${x.transitionPaths.length} paths through every transition.`,
    'Each step: the event (a player action `user.*`, the wheel `wheel.*`, or an answer/timer `xstate.*`), the state it leads to,',
    'the transitions it takes and the states then active, with their descriptions from the machine definition.',
    '',
    '## Shortest path to every state',
    '',
    ...x.shortest.flatMap((p) => pathMarkdown(p, `to \`${p.reaches}\``)),
    '## Paths through every transition',
    '',
    ...x.transitionPaths.flatMap((p) => pathMarkdown(p, p.title)),
  ];
  return `${lines.join('\n')}\n`;
}
