// Language and currency come from i18n and the answer, not the page actor, so this chunk needs nothing of it.
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { createFormatters, type Formatters } from '../../site/format.ts';
import { formatDecimal, formatFraction } from '../../site/formatFigures.ts';

/** Money and integer formats for an audit in `currency`. */
export function useAuditFormat(currency: string): Formatters {
  const { i18n } = useTranslation('audit');
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  return useMemo(
    () => createFormatters({ lang, currency: currency === 'RUB' ? 'RUB' : 'USD', chanceDecimals: 3 }),
    [lang, currency],
  );
}

/** Percents from fractions, in the page's language. */
export function usePercent(digits = 2, min = digits): (fraction: number | null) => string {
  const { i18n } = useTranslation('audit');
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  return useMemo(() => (x) => (x === null ? '–' : formatFraction(lang, x, digits, min)), [lang, digits, min]);
}

/** Plain numbers with up to `max` decimals, in the page's language. */
export function useDecimal(max: number): (n: number) => string {
  const { i18n } = useTranslation('audit');
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  return useMemo(() => (n) => formatDecimal(lang, n, max, 0), [lang, max]);
}
