/**
 * Builds the SPA with the project's vite.config.ts and measures its JavaScript gzipped: what the browser fetches
 * before the first paint (entry scripts, their static imports, modulepreloads) and everything. Used by the size
 * budget (tests/budget) and the bench.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type Rollup } from 'vite';

/** One built chunk: its file, gzipped size, static imports and whether it holds Pixi or GSAP. */
export interface ChunkInfo {
  file: string;
  gzipBytes: number;
  imports: string[];
  dynamicImports: string[];
  heavy: boolean;
}

/** What the measurements need of a built chunk (a Rollup output chunk has it; so does the build's stamp). */
export type BuiltChunk = Pick<Rollup.OutputChunk, 'fileName' | 'imports' | 'dynamicImports' | 'moduleIds'>;

/** The measured bundle. */
export interface BundleReport {
  /** Files fetched before the first paint (entries + static closure + modulepreloads). */
  firstPaint: string[];
  firstPaintGzipBytes: number;
  allJsGzipBytes: number;
  /** Chunks holding pixi.js / @pixi / gsap modules. */
  heavyChunks: string[];
  chunks: ChunkInfo[];
}

const HEAVY = /[\\/]node_modules[\\/](pixi\.js|@pixi[\\/]|gsap)/;

/** The size budget in gzipped bytes (KB as 1,000 B); docs/decisions/size-budget.md says why these limits. */
export const BUDGET = { firstPaintGzipBytes: 126_000, allJsGzipBytes: 353_000 };

/**
 * `vite build` with the project's config into outDir (emptied first); returns the output chunks. `root`: another
 * checkout of the project (its vite.config.ts and sources), this one by default.
 */
export async function buildInto(outDir: string, root?: string): Promise<Rollup.OutputChunk[]> {
  // Vitest sets NODE_ENV=test and Vite keeps it: build as production, or React's development build is measured.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({ root, mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs.flatMap((o) => o.output.filter((x): x is Rollup.OutputChunk => x.type === 'chunk'));
}

/** Script and modulepreload URLs of the built index.html, as output file names. */
function htmlScripts(outDir: string): string[] {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]);
  // Absolute (/upgrades/assets/x.js) or relative URLs; the output names are relative to outDir.
  const files = new Set(listJs(outDir));
  return urls.map((u) => [...files].find((f) => u.endsWith(f))).filter((f): f is string => f !== undefined);
}

function listJs(dir: string, base = ''): string[] {
  return fs.readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((e) => {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) return listJs(dir, rel);
    return /\.m?js$/.test(e.name) ? [rel] : [];
  });
}

/** Measures a build made by buildInto. */
export function measureBundle(outDir: string, output: BuiltChunk[]): BundleReport {
  const chunks: ChunkInfo[] = output.map((c) => ({
    file: c.fileName,
    gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(outDir, c.fileName))).length,
    imports: c.imports,
    dynamicImports: c.dynamicImports,
    heavy: c.moduleIds.some((id) => HEAVY.test(id)),
  }));
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !byFile.has(file)) return;
    seen.add(file);
    for (const dep of byFile.get(file)!.imports) visit(dep);
  };
  for (const file of htmlScripts(outDir)) visit(file);
  const firstPaint = [...seen];
  const sum = (files: string[]) => files.reduce((s, f) => s + byFile.get(f)!.gzipBytes, 0);
  return {
    firstPaint,
    firstPaintGzipBytes: sum(firstPaint),
    allJsGzipBytes: sum(chunks.map((c) => c.file)),
    heavyChunks: chunks.filter((c) => c.heavy).map((c) => c.file),
    chunks,
  };
}
