/**
 * The generated item picture as a PNG (issue 6). The SVG (image.ts) stays the drawing, but the page shows this
 * raster of it: a browser draws an SVG picture on the page's main thread as a document of its own (style, layout,
 * text and paint, again whenever the area around it is repainted), while a PNG is decoded and drawn off the main
 * thread, as the real pictures under IMAGE_BASE_URL are. In a lab copy of the page at 4x CPU throttling, the key
 * presses that brought known pictures back into the target grid took about a quarter less time with PNG pictures
 * (docs/performance.md, "Session 13").
 *
 * Rendered with resvg at the SVG's own size (256 x 192), with the fonts found on the machine (text without a font
 * is left out, the rest of the picture is drawn), and kept in a small in-memory cache: a picture costs about 3 ms of
 * CPU to render, and the browser keeps it for a year (immutable).
 */
import fs from 'node:fs';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { itemSvg } from './image.ts';

/** Sans-serif fonts that Debian and most Linux images carry, regular and bold: the family of the first found. */
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

/**
 * resvg's options: named font files load in about 3 ms a picture, where a scan of the system's fonts costs twice
 * that for every picture. Without any of them, the system's fonts (possibly none).
 */
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

/** Rendered pictures by what they are drawn from (rarity type and name), the most recently used last. */
const cache = new Map<string, Buffer>();
/** About 26 KB a picture: at most about 13 MB. */
const CACHE_SIZE = 500;

/** The PNG picture of a catalogue item (256 x 192), from its name and rarity type. */
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
