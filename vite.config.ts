import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { pixiSlim } from './scripts/vite-pixi-slim.ts';
import { stripMachineDescriptions } from './scripts/vite-strip-descriptions.ts';

// The Pixi wheel (pixi.js, @pixi/react, GSAP) is one lazy chunk the entry never imports (tests/budget checks);
// with includeDependenciesRecursively: false Vite's preload helper stays in the entry, not in that chunk.
export default defineConfig({
  base: '/',
  // The statechart's descriptions serve the inspector and `npm run paths`, not the page.
  plugins: [react(), pixiSlim(), stripMachineDescriptions(), precompress()],
  // The shim of use-sync-external-store is dead code with React 19; ofetch's default parser (destr) is replaced by
  // the one the client always sets (src/api/parseBody.ts), so the page ships one JSON parser; ufo by the two URL
  // helpers ofetch uses (src/api/url.ts).
  resolve: {
    // react-reconciler (the wheel's renderer) pins an older scheduler; one copy serves both renderers.
    dedupe: ['scheduler'],
    alias: [
      { find: /^destr$/, replacement: fileURLToPath(new URL('./src/api/parseBody.ts', import.meta.url)) },
      { find: /^ufo$/, replacement: fileURLToPath(new URL('./src/api/url.ts', import.meta.url)) },
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No modulepreload polyfill: browsers without native modulepreload still run every chunk, only later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only what the pattern names goes into a group: React, shared with the entry, must stay out of 'pixi'.
          includeDependenciesRecursively: false,
          groups: [
            // The provably-fair screens load together on demand; the entry imports only src/fair/paths.ts.
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
