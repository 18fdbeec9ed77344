/** GET /api/site's answer from a meta tag, so the page starts without that call (absent under the Vite server). */
import type { SiteResponse } from '../api/contract.ts';
import type { Item } from '../domain/item.ts';
import { isSite, siteInfo } from '../domain/sites.ts';

/** The site's meta tag. */
export const SITE_META_NAME = 'upgrades-site';

/** The first screen's targets' meta tag (server/prerender.ts). */
export const TARGETS_META_NAME = 'upgrades-targets';

function isSiteResponse(v: unknown): v is SiteResponse {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return (
    o.status === true &&
    isSite(o.site) &&
    // The rest of a site's facts follow from its name: a tag that disagrees is not the server's.
    o.game === siteInfo(o.site).game &&
    o.lang === siteInfo(o.site).lang &&
    o.currency === siteInfo(o.site).currency &&
    Number.isInteger(o.chance_decimals) &&
    typeof o.main_site_url === 'string' &&
    (o.recaptcha_site_key === null || typeof o.recaptcha_site_key === 'string')
  );
}

function metaJson(name: string, doc: Document): unknown {
  const content = doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  try {
    return content ? JSON.parse(content) : null;
  } catch {
    return null;
  }
}

/** The variant from the document, or null when absent or invalid. */
export function siteFromDocument(doc: Document = document): SiteResponse | null {
  const parsed = metaJson(SITE_META_NAME, doc);
  return isSiteResponse(parsed) ? parsed : null;
}

/** The targets the server's first screen shows, or undefined. */
export function targetsFromDocument(doc: Document = document): Item[] | undefined {
  const parsed = metaJson(TARGETS_META_NAME, doc);
  return Array.isArray(parsed) ? parsed : undefined;
}
