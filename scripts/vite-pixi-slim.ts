/**
 * A Vite build plugin that leaves out the parts of Pixi the wheel never runs, so the page ships less JavaScript
 * (the size budget in tests/budget). The wheel draws Graphics and text with the WebGL renderer only (PixiWheel asks
 * for it; LazyWheel keeps the SVG wheel where WebGL is missing), and is not interactive. So:
 * - the WebGPU and canvas renderers (and the systems only they reference) are replaced by classes that refuse to
 *   start;
 * - Pixi's "load everything for this environment" modules (accessibility, DOM containers, the event system,
 *   filters; the web-worker set) are replaced by empty modules.
 * Only production builds are affected; dev and tests use the full package.
 */
import type { Plugin } from 'vite';

const PREFIX = '\0pixi-slim:';

/** A renderer class that refuses to start, so a build without it fails loudly rather than drawing nothing. */
const refusing = (name: string) =>
  `export class ${name} { constructor() { throw new Error('this build of the wheel has no ${name}'); } }`;

/** Module file names (imported by Pixi itself) and what replaces them. */
const STUBS: Record<string, string> = {
  'browserAll.mjs': 'export {};',
  'webworkerAll.mjs': 'export {};',
  'WebGPURenderer.mjs': refusing('WebGPURenderer'),
  'CanvasRenderer.mjs': refusing('CanvasRenderer'),
};

/** The plugin. */
export function pixiSlim(): Plugin {
  return {
    name: 'upgrades:pixi-slim',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (!importer || !/[\\/]node_modules[\\/]pixi\.js[\\/]/.test(importer)) return null;
      const file = source.split('/').pop() ?? '';
      return file in STUBS ? PREFIX + file : null;
    },
    load(id) {
      return id.startsWith(PREFIX) ? STUBS[id.slice(PREFIX.length)] : null;
    },
  };
}
