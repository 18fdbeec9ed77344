/**
 * The browser walk's coverage: once every path of tests/e2e/model.spec.ts has run (this project depends on
 * theirs), the transitions they proved, CS and Dota together, must be every transition of the machine
 * definition but the live feed's and the balance field's (BROWSER_PAGE_PLANS says why; their specs take them).
 * The table goes to reports/transition-coverage-browser.*.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { upgradeMachine } from '../../src/machines/upgradeMachine.ts';
import { coverageMarkdown, coverageTable, CoverageRecorder } from '../machines/coverage.ts';
import { writeReport } from '../machines/reports.ts';
import { leftToOtherSpecs } from '../ui/page/uiModel.ts';
import { coverageDir, dotaPaths } from './modelPaths.ts';

test("the statechart's paths in Chromium took every transition of the machine, CS and Dota paths together", () => {
  const recorder = new CoverageRecorder();
  const dir = coverageDir(test.info());
  for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const run = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { path: string; taken: string[] };
    recorder.path = run.path;
    run.taken.forEach((k) => recorder.mark(k));
  }
  const rows = coverageTable(upgradeMachine, recorder);
  writeReport(
    'transition-coverage-browser',
    coverageMarkdown("Transition coverage: the statechart's paths in Chromium (tests/e2e/model.spec.ts)", rows),
    rows,
  );
  // Computed from the machine definition: a transition no browser path took fails the run, but the feed's
  // (BROWSER_PAGE_PLANS says why; the jsdom walks take them).
  expect(rows.filter((r) => !r.covered && !leftToOtherSpecs(r.key)).map((r) => r.key)).toEqual([]);
  expect(dotaPaths.map((p) => p.steps.at(-1)!.event.type).sort()).toEqual(['user.setMaxLevels', 'user.toggleBp']);
});
