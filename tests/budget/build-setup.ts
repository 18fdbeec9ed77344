/**
 * The budget project's tests read the one production build (dist/), built here once per run if the sources
 * changed since the last one (scripts/production-build.ts); Playwright then serves the same files.
 */
import type { TestProject } from 'vitest/node';
import type { BuiltChunk } from '../../scripts/bundle.ts';
import { productionBuild } from '../../scripts/production-build.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The chunks of the production build in dist/. */
    productionChunks: BuiltChunk[];
  }
}

export default async function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test; the build sets production itself (scripts/bundle.ts).
  const { chunks } = await productionBuild();
  project.provide('productionChunks', chunks);
}
