/** Where an item's picture lives: a real image under IMAGE_BASE_URL, else the generated picture the server serves (a PNG). */
import type { Config } from '../config.ts';

/** The public URL of a catalogue item's picture. */
export function itemImageUrl(config: Pick<Config, 'imageBaseUrl'>, item: { id: number; image: string | null }): string {
  if (config.imageBaseUrl && item.image) {
    return /^https?:\/\//.test(item.image) ? item.image : `${config.imageBaseUrl}/${item.image.replace(/^\/+/, '')}`;
  }
  return `/app/public/items/${item.id}.png`;
}
