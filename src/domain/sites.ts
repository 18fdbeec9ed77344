/** The site variants and what each one's game, language, currency and chance decimals are. */

/** Every site variant, in one list the server, the seed and the page share. */
export const SITES = ['cs', 'dota', 'ru'] as const;
export type Site = (typeof SITES)[number];

/** Whether a value names a site variant. */
export function isSite(value: unknown): value is Site {
  return (SITES as readonly unknown[]).includes(value);
}

/** A site's game, language, currency and chance decimals. */
export function siteInfo(site: Site) {
  return {
    game: site === 'dota' ? ('dota' as const) : ('cs' as const),
    lang: site === 'ru' ? ('ru' as const) : ('en' as const),
    currency: site === 'ru' ? ('RUB' as const) : ('USD' as const),
    chanceDecimals: site === 'cs' ? 3 : 1,
  };
}
