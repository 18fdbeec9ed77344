/** `npm run paths` (scripts/paths.ts) runs and its JSON names every transition and every state of the page chart. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeMachine } from '../../src/machines/upgradeMachine.ts';
import { nodesOf, transitionInfos } from './coverage.ts';
import type { PathExport } from './pathExport.ts';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'paths-export-'));
let x: PathExport;
let md: string;

beforeAll(() => {
  // The script itself, as `npm run paths` starts it (a cold path cache walks the graph first).
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', '--out', out], { stdio: 'pipe' });
  x = JSON.parse(fs.readFileSync(path.join(out, 'paths.json'), 'utf8')) as PathExport;
  md = fs.readFileSync(path.join(out, 'paths.md'), 'utf8');
}, 300_000);
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('npm run paths', () => {
  it('takes every transition of the machine definition in some transition path', () => {
    const taken = new Set(x.transitionPaths.flatMap((p) => p.steps.flatMap((s) => s.transitions.map((t) => t.key))));
    const defined = transitionInfos(upgradeMachine).map((t) => t.key);
    expect(defined.length).toBeGreaterThan(40);
    expect(defined.filter((k) => !taken.has(k))).toEqual([]);
  });

  it('has a shortest path reaching every state node', () => {
    const ids = nodesOf(upgradeMachine.root)
      .slice(1)
      .map((n) => n.id);
    expect(x.shortest.map((p) => p.reaches).sort()).toEqual([...ids].sort());
    for (const p of x.shortest) {
      const last = p.steps.at(-1);
      // The start state needs no step; any other is active after the last step or passed through by it.
      if (last)
        expect([...last.states.map((s) => s.id), ...last.transitions.map((t) => t.key.split('|')[0])]).toContain(
          p.reaches,
        );
    }
  });

  it("carries the machine's own descriptions into the Markdown plan", () => {
    const play = transitionInfos(upgradeMachine).find((t) => t.key === 'page.selecting|user.play|0')!;
    expect(play.description).not.toBe('');
    expect(md).toContain(play.description);
    expect(md).toContain(upgradeMachine.root.states.playing.description!);
    expect(md).toMatch(/^1\. \*\*/m);
  });
});
