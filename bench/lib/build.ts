/** The bench's build: the SPA into a temporary directory, pre-compressed as production serves it. */
import { precompressDir } from '../precompress.ts';
import { buildInto, measureBundle, type BundleReport } from './bundle.ts';

/**
 * Builds and pre-compresses the SPA into dir (from the project at `root`, this checkout by default); returns the
 * bundle measurements.
 */
export async function buildSpa(dir: string, root?: string): Promise<BundleReport> {
  const output = await buildInto(dir, root);
  const report = measureBundle(dir, output);
  precompressDir(dir);
  return report;
}
