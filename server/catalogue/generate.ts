/** Each site's generated catalogue, deterministic, in minor units (cents; kopecks on 'ru' at rubPerUsd). */
import type { Site } from '../../src/domain/sites.ts';
import { csCatalogueCents } from './cs.ts';
import { dotaCatalogueCents } from './dota.ts';

/** One catalogue row; image null serves the generated picture. */
export interface CatalogueRow {
  name: string;
  priceMinor: number;
  type: string;
  typePrize: number;
  image: string | null;
}

/** The catalogue of a site; 'ru' is the CS catalogue with every price converted to kopecks. */
export function generateCatalogue(site: Site, opts: { rubPerUsd: number }): CatalogueRow[] {
  if (site === 'dota') return dotaCatalogueCents();
  const rows = csCatalogueCents();
  if (site === 'cs') return rows;
  if (!(opts.rubPerUsd > 0) || !Number.isFinite(opts.rubPerUsd))
    throw new RangeError(`rubPerUsd must be a positive number, got ${opts.rubPerUsd}`);
  // The schema requires price_minor > 0, even for an absurdly small rate.
  return rows.map((r) => ({ ...r, priceMinor: Math.max(1, Math.round(r.priceMinor * opts.rubPerUsd)) }));
}
