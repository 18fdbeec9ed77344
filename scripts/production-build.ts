/**
 * The one production build a test run shares: dist/ (the SPA) and dist-server/ (the server bundle), as
 * `npm run build` writes them. The size budget, the inspector check and Playwright read it; it is built again
 * only when an input changed since (a hash of the sources, configs and lockfile, kept in node_modules/.cache).
 * `tsx scripts/production-build.ts` builds it if needed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInto, type BuiltChunk } from './bundle.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = path.join(ROOT, 'dist');
const STAMP = path.join(ROOT, 'node_modules/.cache/upgrades-build/stamp.json');
const LOCK = path.join(ROOT, 'node_modules/.cache/upgrades-build/lock');

/** What the build reads: any change here makes the next run build again. */
const INPUTS = [
  'src',
  'server',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
];

function files(rel: string): string[] {
  const abs = path.join(ROOT, rel);
  if (!fs.existsSync(abs)) return [];
  if (!fs.statSync(abs).isDirectory()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => files(`${rel}/${e.name}`));
}

/** A hash of every input file's path and content. */
export function inputsHash(): string {
  const hash = createHash('sha256');
  for (const rel of INPUTS.flatMap(files)) hash.update(`${rel}\0`).update(fs.readFileSync(path.join(ROOT, rel)));
  return hash.digest('hex');
}

interface Stamp {
  hash: string;
  chunks: BuiltChunk[];
}

function readStamp(): Stamp | null {
  try {
    return JSON.parse(fs.readFileSync(STAMP, 'utf8')) as Stamp;
  } catch {
    return null;
  }
}

const built = (hash: string) =>
  readStamp()?.hash === hash &&
  fs.existsSync(path.join(DIST_DIR, 'index.html')) &&
  fs.existsSync(path.join(ROOT, 'dist-server/main.js'));

/** One builder at a time (two Vitest projects, or a second terminal): the others wait for its stamp. */
async function withLock<T>(work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (let waited = 0; ; waited += 200) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch {
      // A lock older than a build can take is left by a killed run.
      if (waited > 300_000 || Date.now() - fs.statSync(LOCK, { throwIfNoEntry: false })!.mtimeMs > 300_000) {
        fs.rmSync(LOCK, { recursive: true, force: true });
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/** The production build for the current sources: reused when up to date, else built. Returns its chunks. */
export async function productionBuild(): Promise<{ chunks: BuiltChunk[]; reused: boolean }> {
  const hash = inputsHash();
  if (built(hash)) return { chunks: readStamp()!.chunks, reused: true };
  return withLock(async () => {
    if (built(hash)) return { chunks: readStamp()!.chunks, reused: true };
    fs.rmSync(STAMP, { force: true });
    const chunks = (await buildInto(DIST_DIR)).map((c) => ({
      fileName: c.fileName,
      imports: c.imports,
      dynamicImports: c.dynamicImports,
      moduleIds: c.moduleIds,
    }));
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
    fs.writeFileSync(STAMP, JSON.stringify({ hash, chunks } satisfies Stamp));
    return { chunks, reused: false };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { reused } = await productionBuild();
  console.log(reused ? 'production build: up to date' : `production build: ${Date.now() - started} ms`);
}
