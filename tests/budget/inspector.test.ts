/**
 * The Stately inspector is one flag away in development and absent from production: src/main.tsx imports
 * @statelyai/inspect dynamically behind import.meta.env.DEV and `?inspect` / VITE_INSPECT=1, and the production
 * bundle (dist/, tests/budget/build-setup.ts) holds none of the package's code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DIST_DIR } from '../../scripts/production-build.ts';

/** Strings the package's browser build carries (its message types and the inspector's address). */
const MARKERS = ['@statelyai.connected', 'stately.ai/inspect', 'createBrowserInspector'];

const chunks = inject('productionChunks');

describe('the Stately inspector', () => {
  it('is connected to the page actor only in development, when ?inspect or VITE_INSPECT=1 asks for it', () => {
    const main = fs.readFileSync('src/main.tsx', 'utf8');
    expect(main).toMatch(/if \(!import\.meta\.env\.DEV\) return undefined;/);
    expect(main).toMatch(/\.has\('inspect'\)/);
    expect(main).toMatch(/import\.meta\.env\.VITE_INSPECT === '1'/);
    expect(main).toMatch(/await import\('@statelyai\/inspect'\)/);
    expect(main).toMatch(/inspect: await inspector\(\)/);
  });

  it('the markers this test looks for are in the package (so their absence below means something)', () => {
    const pkg = fs.readFileSync(path.resolve('node_modules/@statelyai/inspect/dist/index.mjs'), 'utf8');
    for (const m of MARKERS) expect(pkg, m).toContain(m);
  });

  it('leaves no code of @statelyai/inspect in any production chunk', () => {
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(
        c.moduleIds.filter((id) => id.includes('@statelyai')),
        c.fileName,
      ).toEqual([]);
      const code = fs.readFileSync(path.join(DIST_DIR, c.fileName), 'utf8');
      for (const m of MARKERS) expect(code.includes(m), `${m} in ${c.fileName}`).toBe(false);
    }
  });
});
