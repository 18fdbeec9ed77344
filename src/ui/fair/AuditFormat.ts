// Language and currency come from i18n and the answer, not the page actor, so this chunk needs nothing of it.
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { createFormatters, type Formatters } from '../../site/format.ts';

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
export function usePercent(digits = 2): (fraction: number | null) => string {
  const { i18n } = useTranslation('audit');
  return useMemo(() => {
    const f = new Intl.NumberFormat(i18n.language === 'ru' ? 'ru-RU' : 'en-US', {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    return (x) => (x === null ? '–' : f.format(x));
  }, [i18n.language, digits]);
}
