/**
 * The paths the browser walks (tests/e2e/model.spec.ts) and where each one leaves what it proved, read by the
 * coverage check (tests/e2e/model-coverage.spec.ts) once every path has run.
 */
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { upgradeMachine } from '../../src/machines/upgradeMachine.ts';
import { cachedPlan } from '../machines/pathCache.ts';
import type { TransitionPath } from '../machines/paths.ts';
import { BROWSER_PAGE_PLANS } from '../ui/page/uiModel.ts';

/** The transition-covering set: a path whose events start a longer path is dropped (the longer takes all it takes). */
function coveringSet(paths: TransitionPath[]): TransitionPath[] {
  const seqs = paths.map((p) => p.steps.map((s) => JSON.stringify(s.event)));
  return paths.filter(
    (_, i) =>
      !seqs.some((other, j) => j !== i && other.length > seqs[i].length && seqs[i].every((e, k) => e === other[k])),
  );
}
/** The CS page's paths (every transition but the BP controls') and the Dota page's (those ending in a BP control). */
export const csPaths = coveringSet(
  cachedPlan(BROWSER_PAGE_PLANS.cs.name, upgradeMachine, BROWSER_PAGE_PLANS.cs.options).transitions,
);
export const dotaPaths = coveringSet(
  cachedPlan(BROWSER_PAGE_PLANS.dota.name, upgradeMachine, BROWSER_PAGE_PLANS.dota.options).transitions,
);
/**
 * Each path's proven transitions go to a file: the paths run in two workers, and Playwright starts a new worker
 * after a failed test, so memory would lose them. Under the output directory, which Playwright empties at the
 * start of every run.
 */
export const coverageDir = (info: TestInfo) => path.join(info.project.outputDir, 'model-coverage');
