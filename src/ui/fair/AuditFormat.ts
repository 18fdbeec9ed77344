/**
 * Number formats of the audit page, in the page's language and the audit's currency. The page takes both from
 * i18n and the answer rather than the page actor, so its chunk depends on nothing of the upgrades page.
 */
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { createFormatters, type Formatters } from '../../site/format.ts';

/** The site's money and integer formats for an audit in `currency` ('USD' or 'RUB'). */
export function useAuditFormat(currency: string): Formatters {
  const { i18n } = useTranslation('audit');
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  return useMemo(
    () => createFormatters({ lang, currency: currency === 'RUB' ? 'RUB' : 'USD', chanceDecimals: 3 }),
    [lang, currency],
  );
}

/** Percent formatting in the page's language (fractions in, '90.12%' out). */
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
