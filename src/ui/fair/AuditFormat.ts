/** Number formats of the audit page, in the page's language. */
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';

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
