/**
 * A .br (brotli 11) and a .gz (gzip 9) beside each built text asset, so @fastify/static (`preCompressed`) sends
 * bytes compressed once at build time. A Vite plugin (`precompress()`) or a function on a directory.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Below this size a compressed copy saves less than the header it costs. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/** Writes file.br and file.gz for each text file of dir (when smaller than the file); returns how many. */
export function precompressDir(dir: string): number {
  let written = 0;
  for (const file of files(dir)) {
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = zlib.gzipSync(raw, { level: 9 });
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
    written++;
  }
  return written;
}

/** A Vite plugin that pre-compresses the output directory once the bundle is written. */
export function precompress(): { name: string; apply: 'build'; writeBundle: (options: { dir?: string }) => void } {
  return {
    name: 'upgrades-precompress',
    apply: 'build',
    writeBundle(options) {
      if (options.dir) precompressDir(options.dir);
    },
  };
}
