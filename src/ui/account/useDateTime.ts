/** Moments in the page's language (src/site/dateTime.ts). */
import { useTranslation } from '../../i18n/useTranslation.ts';
import { formatDateTime } from '../../site/dateTime.ts';

/** A formatter of epoch-ms moments for the current language. */
export function useDateTime(): (ms: number) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  return (ms) => formatDateTime(lang, ms);
}
