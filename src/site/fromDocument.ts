/**
 * The site variant as the server put it into the page's HTML (server/routes/assets.ts): GET /api/site's answer
 * in a meta tag, so the page can start (language, data calls) without waiting for that call. Absent under the
 * Vite dev server, which serves index.html itself: the page then asks GET /api/site.
 */
import type { SiteResponse } from '../api/contract.ts';
import type { Item } from '../domain/item.ts';

/** The meta tag's name. */
export const SITE_META_NAME = 'upgrades-site';

/** The meta tag of the targets the server's first screen shows (server/prerender.ts). */
export const TARGETS_META_NAME = 'upgrades-targets';

const SITES = ['cs', 'dota', 'ru'];
const GAMES = ['cs', 'dota'];
const LANGS = ['en', 'ru'];
const CURRENCIES = ['USD', 'RUB'];

function isSiteResponse(v: unknown): v is SiteResponse {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return (
    o.status === true &&
    SITES.includes(o.site as string) &&
    GAMES.includes(o.game as string) &&
    LANGS.includes(o.lang as string) &&
    CURRENCIES.includes(o.currency as string) &&
    Number.isInteger(o.chance_decimals) &&
    typeof o.main_site_url === 'string' &&
    (o.recaptcha_site_key === null || typeof o.recaptcha_site_key === 'string')
  );
}

/** A meta tag's content as JSON; null when there is no such tag or it is not JSON. */
function metaJson(name: string, doc: Document): unknown {
  const content = doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  try {
    return content ? JSON.parse(content) : null;
  } catch {
    return null;
  }
}

/** The variant from the document's meta tag, or null when there is none or it is not a valid answer. */
export function siteFromDocument(doc: Document = document): SiteResponse | null {
  const parsed = metaJson(SITE_META_NAME, doc);
  return isSiteResponse(parsed) ? parsed : null;
}

/**
 * The targets the server's first screen shows (the server's own list, written as the index call answers it), or
 * undefined when it shows none.
 */
export function targetsFromDocument(doc: Document = document): Item[] | undefined {
  const parsed = metaJson(TARGETS_META_NAME, doc);
  return Array.isArray(parsed) ? parsed : undefined;
}
