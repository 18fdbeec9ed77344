/**
 * Transition coverage computed from the machine definition: every transition candidate of every state node
 * (event transitions, invoke done/error, delays, eventless), keyed `source|event|index`, and a recorder that
 * marks the ones a running actor takes (via the inspection API's microsteps) and which path took them.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/** Every state node under (and including) `node`. */
export function nodesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(nodesOf)];
}

/** Stable key of one transition candidate. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id}|${t.eventType || 'always'}|${list.indexOf(t)}`;
}

/** One transition of the definition, as the reports show it. */
export interface TransitionInfo {
  key: string;
  source: string;
  event: string;
  /** Target state ids; empty for a self-transition that only runs actions. */
  targets: string[];
  guard: string | null;
  description: string;
}

/** Every transition the machine defines, with source, event, targets, guard and description. */
export function transitionInfos(machine: AnyStateMachine): TransitionInfo[] {
  const out: TransitionInfo[] = [];
  for (const node of nodesOf(machine.root)) {
    const lists = [...node.transitions.values(), node.always ?? []];
    for (const list of lists) {
      for (const t of list) {
        const guard =
          t.guard === undefined
            ? null
            : typeof t.guard === 'string'
              ? t.guard
              : ((t.guard as { type?: string }).type ?? 'inline');
        out.push({
          key: transitionKey(t),
          source: node.id,
          event: t.eventType || 'always',
          targets: (t.target ?? []).map((n: AnyStateNode) => n.id),
          guard,
          description: t.description ?? '',
        });
      }
    }
  }
  return out;
}

/** Every transition the machine defines, with its description. */
export function allTransitions(machine: AnyStateMachine): Map<string, string> {
  return new Map(transitionInfos(machine).map((t) => [t.key, t.description]));
}

/** Collects taken transitions from actors it inspects, and which named path took each. */
export class CoverageRecorder {
  readonly taken = new Set<string>();
  /** Transition key to the paths that took it. */
  readonly takenBy = new Map<string, Set<string>>();
  /** The path being executed; set it before running one so the table can name it. */
  path = '';

  /** Pass as `inspect` when creating an actor. */
  readonly inspect = (ev: InspectionEvent): void => {
    if (ev.type !== '@xstate.microstep') return;
    for (const t of (ev as { _transitions: AnyTransitionDefinition[] })._transitions) this.mark(transitionKey(t));
  };

  /** Marks one transition as taken by the current path (for runners that cannot inspect the actor). */
  mark(key: string): void {
    this.taken.add(key);
    if (!this.path) return;
    if (!this.takenBy.has(key)) this.takenBy.set(key, new Set());
    this.takenBy.get(key)!.add(this.path);
  }

  /** The machine's transitions this recorder never saw. */
  missing(machine: AnyStateMachine): string[] {
    return [...allTransitions(machine).keys()].filter((k) => !this.taken.has(k));
  }
}

/** One row of the coverage table. */
export interface CoverageRow extends TransitionInfo {
  covered: boolean;
  coveredBy: string[];
}

/** The coverage table of a run: every transition of the definition and the paths that took it. */
export function coverageTable(machine: AnyStateMachine, recorder: CoverageRecorder): CoverageRow[] {
  return transitionInfos(machine).map((t) => ({
    ...t,
    covered: recorder.taken.has(t.key),
    coveredBy: [...(recorder.takenBy.get(t.key) ?? [])],
  }));
}

/** The coverage table as Markdown: paths are numbered in the table and listed in full below it. */
export function coverageMarkdown(title: string, rows: CoverageRow[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const paths = [...new Set(rows.flatMap((r) => r.coveredBy))];
  const num = new Map(paths.map((p, i) => [p, i + 1]));
  const covered = rows.filter((r) => r.covered).length;
  const lines = [
    `# ${title}`,
    '',
    `${covered} of ${rows.length} transitions covered.`,
    '',
    '| # | Transition | Source state | Event | Guard | Target | Description | Covered by paths |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r, i) => {
      const by = r.covered ? r.coveredBy.map((p) => `P${num.get(p)}`).join(', ') || 'yes' : '**NOT COVERED**';
      return `| ${i + 1} | \`${cell(r.key)}\` | ${r.source} | ${cell(r.event)} | ${r.guard ?? ''} | ${r.targets.join(', ') || '(self)'} | ${cell(r.description)} | ${by} |`;
    }),
    '',
    '## Paths',
    '',
    ...paths.map((p, i) => `- P${i + 1}: ${p}`),
  ];
  return `${lines.join('\n')}\n`;
}
