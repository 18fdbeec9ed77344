/**
 * Moments as the account pages and the exclusion note spell them: a date and a time of day in the player's time
 * zone, which it names. Apart from src/site/format.ts so the game's first script does not carry it.
 */
import { localeOf } from './format.ts';
import type { SiteVariant } from './variant.ts';

const made = new Map<string, Intl.DateTimeFormat>();

/** Formats an epoch-ms moment in the site's language. */
export function formatDateTime(lang: SiteVariant['lang'], ms: number): string {
  let format = made.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lang), {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    made.set(lang, format);
  }
  return format.format(ms);
}
