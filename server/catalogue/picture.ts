/** The generated picture as a PNG, decoded off the main thread (docs/decisions/png-pictures.md). */
import fs from 'node:fs';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { itemSvg } from './image.ts';

/** Sans-serif fonts most Linux images carry; the first found is used. */
const FONT_CANDIDATES: Array<{ family: string; files: string[] }> = [
  {
    family: 'DejaVu Sans',
    files: ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  },
  {
    family: 'Liberation Sans',
    files: [
      '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
      '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
    ],
  },
];

let options: ResvgRenderOptions | null = null;

/** Named font files: cheaper than scanning the system's fonts for every picture. */
function renderOptions(): ResvgRenderOptions {
  if (options) return options;
  for (const { family, files } of FONT_CANDIDATES) {
    const present = files.filter((f) => fs.existsSync(f));
    if (present.length > 0) {
      options = {
        font: { loadSystemFonts: false, fontFiles: present, defaultFontFamily: family, sansSerifFamily: family },
      };
      return options;
    }
  }
  options = { font: { loadSystemFonts: true } };
  return options;
}

/** Rendered pictures, most recently used last. */
const cache = new Map<string, Buffer>();
/** About 26 KB a picture: at most about 13 MB. */
const CACHE_SIZE = 500;

/** The PNG picture of a catalogue item. */
export function itemPng(item: { name: string; type: string }): Buffer {
  const key = `${item.type}\n${item.name}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const png = new Resvg(itemSvg(item), renderOptions()).render().asPng();
  cache.set(key, png);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return png;
}
