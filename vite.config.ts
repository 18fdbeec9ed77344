import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { pixiSlim } from './scripts/vite-pixi-slim.ts';
import { stripMachineDescriptions } from './scripts/vite-strip-descriptions.ts';

// The Pixi wheel (pixi.js, @pixi/react with its reconciler, GSAP) is one lazy chunk; the entry must not import
// it. Vite's preload helper stays in the entry: stack-notes.md says to give it a group of its own, or it lands in
// the pixi chunk, but with the pixi group's includeDependenciesRecursively: false it lands in the entry, and a chunk
// of its own cost 880 B gzipped and one more request before the first paint, against about 650 B inside the
// entry (tests/budget checks the entry never imports Pixi).
export default defineConfig({
  base: '/',
  // .br and .gz beside each built text asset, which the server sends pre-compressed (docs/performance.md).
  // The statechart's descriptions serve the inspector and `npm run paths` (from the source), not the page.
  plugins: [react(), pixiSlim(), stripMachineDescriptions(), precompress()],
  // @xstate/react imports use-sync-external-store's shim for React before 18; the package's own builds for React 18
  // and later use React's hook directly (the shim's fallback is dead code with React 19). ofetch imports destr only
  // as its default parseResponse, which the client always sets (src/api/parseBody.ts): ofetch gets that parser in
  // destr's place, and the page ships one JSON parser.
  resolve: {
    alias: [
      { find: /^destr$/, replacement: fileURLToPath(new URL('./src/api/parseBody.ts', import.meta.url)) },
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No modulepreload polyfill (about 210 B gzipped before the first paint): every browser with
    // <link rel="modulepreload"> (Chrome 66, Firefox 115, Safari 17) preloads natively; older ones still run every
    // chunk, they only fetch a lazy chunk's imports after it instead of beside it (docs/performance.md).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only what the pattern names goes into a group: React, shared with the entry, must stay out of 'pixi'.
          includeDependenciesRecursively: false,
          groups: [
            // The provably-fair screens (verifier, seeds, history) load together on demand: one chunk compresses
            // better than several small ones. Only their components: the entry imports src/fair/paths.ts.
            { name: 'fair', test: /[\\/]src[\\/]ui[\\/]fair[\\/]/, priority: 10 },
            {
              name: 'pixi',
              test: /node_modules[\\/](pixi\.js|@pixi|react-reconciler|gsap|earcut|eventemitter3|parse-svg-path|@xmldom|ismobilejs|tiny-lru|@types\/earcut)/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/app': 'http://127.0.0.1:3000',
    },
  },
});
