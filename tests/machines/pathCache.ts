/**
 * Path generation walks about 1,800 abstract states and replays paths from them, so the reporters
 * and the browser suite (whose spec Playwright loads twice: to list, then to run) share one on-disk result.
 * Only event sequences are stored; the steps are rebuilt by replaying them on the model, which is fast. The
 * key hashes the chart's and the test model's sources, so any change to them regenerates.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { modelOf } from './modelOf.ts';
import { eventLabel, eventsToTry, planPaths, replay, stateLabel, type PathOptions, type PathPlan } from './paths.ts';

const SOURCES = [
  'src/machines',
  'src/domain',
  'src/site',
  'src/api',
  'tests/machines',
  'tests/ui/page/uiModel.ts',
  'node_modules/xstate/package.json',
];
const CACHE_DIR = path.resolve('node_modules/.cache/upgrades-paths');

function filesUnder(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (fs.statSync(p).isFile()) return [p];
  return fs
    .readdirSync(p)
    .sort()
    .flatMap((f) => filesUnder(path.join(p, f)))
    .filter((f) => /\.(tsx?|json)$/.test(f) && !/\.test\.tsx?$/.test(f));
}

/** Hash of the sources the generated paths depend on, plus the caller's name for its options. */
function keyOf(name: string): string {
  const h = crypto.createHash('sha256').update(name);
  for (const f of SOURCES.flatMap((s) => filesUnder(path.resolve(s)))) h.update(f).update(fs.readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

interface Stored {
  shortest: { node: string; events: string[] }[];
  transitions: { events: string[]; covers: string[] }[];
}

/** planPaths, cached under node_modules/.cache by `name` (one name per distinct options) and the sources' hash. */
export function cachedPlan(name: string, machine: AnyStateMachine, options: PathOptions): PathPlan {
  const file = path.join(CACHE_DIR, `${name}-${keyOf(name)}.json`);
  // Events are stored as JSON and mapped back to the very objects tried (error events carry ApiError instances).
  const byJson = new Map(eventsToTry(machine, options.events).map((e) => [JSON.stringify(e), e]));
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Stored;
    const model = modelOf(machine);
    const events = (list: string[]): EventObject[] => list.map((j) => byJson.get(j) ?? (JSON.parse(j) as EventObject));
    const label = (steps: ReturnType<typeof replay>) =>
      `${steps.map((s) => eventLabel(s.event)).join(' → ') || 'start'} ⇒ ${steps.length ? stateLabel(steps.at(-1)!.state) : 'start'}`;
    return {
      shortest: stored.shortest.map((s) => {
        const steps = replay(model, options.input, events(s.events));
        return {
          node: s.node,
          description: steps.length
            ? label(steps)
            : `start ⇒ ${stateLabel(createActor(model, { input: options.input }).getSnapshot() as AnyMachineSnapshot)}`,
          steps,
        };
      }),
      transitions: stored.transitions.map((t) => {
        const steps = replay(model, options.input, events(t.events));
        return { description: label(steps), steps, covers: t.covers };
      }),
    };
  }
  const plan = planPaths(machine, options);
  const stored: Stored = {
    shortest: plan.shortest.map((s) => ({ node: s.node, events: s.steps.map((x) => JSON.stringify(x.event)) })),
    transitions: plan.transitions.map((t) => ({
      events: t.steps.map((x) => JSON.stringify(x.event)),
      covers: t.covers,
    })),
  };
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  // Written whole then renamed: a second process loading the spec never reads half a file.
  fs.writeFileSync(`${file}.${process.pid}`, JSON.stringify(stored));
  fs.renameSync(`${file}.${process.pid}`, file);
  return plan;
}
