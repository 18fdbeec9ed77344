/** The page figures (Playwright + Chromium, CPU throttled 4x). */
import { missing, type Figure } from './lib/figures.ts';

/** Runs the page benches against the built SPA in distDir. */
export async function pageBench(_distDir: string, _raw: Record<string, unknown>, _log: (s: string) => void): Promise<Figure[]> {
  return [missing('page figures', '-', 'not written yet')];
}
