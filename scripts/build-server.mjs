/**
 * Builds the server into dist-server/: main.js, one ES module with our code bundled and every
 * package left to node_modules (PGlite and pg find their own files there), source maps beside it, and the SQL
 * migrations the migrator reads next to the bundle. Plain JavaScript, so building needs no TypeScript loader.
 */
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Packages bundled rather than left to Node: @pixi/react's ES build imports 'react-reconciler/constants' without
 * the file extension Node's ES loader needs (a TypeScript loader forgives that, plain Node does not).
 */
const BUNDLED = new Set(['@pixi/react']);

/** The package name of a bare import ('@scope/name/sub' -> '@scope/name'). */
function packageOf(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** A bare import as Node's ES loader finds it: a deep path into a package without an exports map gets its .js. */
function nodeSpecifier(spec) {
  const name = packageOf(spec);
  if (spec === name || /\.(c|m)?js$|\.json$/.test(spec)) return spec;
  const manifest = `node_modules/${name}/package.json`;
  if (!existsSync(manifest) || JSON.parse(readFileSync(manifest, 'utf8')).exports) return spec;
  return existsSync(`node_modules/${spec}.js`) ? `${spec}.js` : spec;
}

/** Leaves packages to node_modules (PGlite and pg find their own files there), except BUNDLED. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || !BUNDLED.has(packageOf(args.path)))
        return { path: nodeSpecifier(args.path), external: true };
      return undefined;
    });
  },
};

const out = 'dist-server';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts'],
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Each dynamic import stays a chunk of its own: unsplit, the browser-only packages a lazy component imports
  // (pixi.js needs `navigator`) would become static imports of main.js.
  splitting: true,
  target: 'node20',
  plugins: [externals],
  sourcemap: true,
  // Components the first screen renders import their stylesheets; the SPA build serves those, not the server.
  loader: { '.css': 'empty' },
  logLevel: 'warning',
});
cpSync('server/db/migrations', `${out}/migrations`, { recursive: true });
