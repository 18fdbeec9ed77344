/**
 * The site variant as the server put it into the page's HTML (server/routes/assets.ts): GET /api/site's answer
 * in a meta tag, so the page can start (language, data calls) without waiting for that call. Absent under the
 * Vite dev server, which serves index.html itself: the page then asks GET /api/site.
 */
import type { SiteResponse } from '../api/contract.ts';

/** The meta tag's name. */
export const SITE_META_NAME = 'upgrades-site';

const SITES = ['cs', 'dota', 'ru'];
const GAMES = ['cs', 'dota'];
const LANGS = ['en', 'ru'];
const CURRENCIES = ['USD', 'RUB'];

function isSiteResponse(v: unknown): v is SiteResponse {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return o.status === true && SITES.includes(o.site as string) && GAMES.includes(o.game as string)
    && LANGS.includes(o.lang as string) && CURRENCIES.includes(o.currency as string)
    && Number.isInteger(o.chance_decimals) && typeof o.main_site_url === 'string'
    && (o.recaptcha_site_key === null || typeof o.recaptcha_site_key === 'string');
}

/** The variant from the document's meta tag, or null when there is none or it is not a valid answer. */
export function siteFromDocument(doc: Document = document): SiteResponse | null {
  const content = doc.querySelector(`meta[name="${SITE_META_NAME}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed: unknown = JSON.parse(content);
    return isSiteResponse(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
