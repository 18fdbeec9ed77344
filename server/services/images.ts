import type { Config } from '../config.ts';

/** A catalogue item's picture: under IMAGE_BASE_URL, else the generated PNG. */
export function itemImageUrl(config: Pick<Config, 'imageBaseUrl'>, item: { id: number; image: string | null }): string {
  if (config.imageBaseUrl && item.image) {
    return /^https?:\/\//.test(item.image) ? item.image : `${config.imageBaseUrl}/${item.image.replace(/^\/+/, '')}`;
  }
  return `/app/public/items/${item.id}.png`;
}
