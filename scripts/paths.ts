/**
 * `npm run paths`: writes the page statechart's paths (shortest paths to every state, paths through every
 * transition) to reports/paths.md and reports/paths.json as a QA test plan. `--out DIR` writes elsewhere.
 */
import { upgradeMachine } from '../src/machines/upgradeMachine.ts';
import { csSite } from '../tests/machines/fixtures.ts';
import { cachedPlan } from '../tests/machines/pathCache.ts';
import { exportPaths, pathsMarkdown } from '../tests/machines/pathExport.ts';
import { abstract, modelEvents } from '../tests/machines/pageModel.ts';
import { reportsDir, writeReport } from '../tests/machines/reports.ts';

const outAt = process.argv.indexOf('--out');
const dir = outAt > 0 ? process.argv[outAt + 1] : reportsDir();
const plan = cachedPlan('machine', upgradeMachine, { input: { site: csSite }, events: modelEvents, abstract });
const x = exportPaths(upgradeMachine, plan);
const files = writeReport('paths', pathsMarkdown(x), x, dir);
process.stdout.write(
  `${x.shortest.length} shortest paths, ${x.transitionPaths.length} transition paths over ${x.transitions.length} transitions\n${files.md}\n${files.json}\n`,
);
