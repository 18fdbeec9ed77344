/** The fair pages' numbers, all spelled by the site's formatter (src/site/format.ts, formatFigures.ts) in the page's language. */
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { createFormatters, localeOf } from '../../site/format.ts';
import { formatDecimal, formatPercentOf } from '../../site/formatFigures.ts';
import { chancePercent, winEdge } from '../../domain/chance.ts';

/** Formats bound to the page's language; money plain when the currency is not known. */
export interface FairFormat {
  lang: 'en' | 'ru';
  money(major: number): string;
  /** A roll or threshold in integer thousandths: 62495 -> "62.495" (en), "62,495" (ru). */
  thousandths(value: number): string;
  /**
   * A chance in integer thousandths of a percent in the site's chance decimals, rounded down as the play page shows
   * it: 1800 -> "1.800%" (cs), "1,8 %" (ru).
   */
  chance(value: number): string;
  /** A game's winning edge (winEdge) in the chance's decimals, as the play page's win line says it. */
  edge(chance: number, rollUnder: boolean): string;
  /** A number already in percent with up to `max` decimals. */
  percent(pct: number, max: number, min?: number): string;
  decimal(n: number, max: number, min?: number): string;
  time(iso: string, style: 'short' | 'medium'): string;
}

/** The page's language as the site's formatter knows it. */
export function fairLang(language: string): 'en' | 'ru' {
  return language === 'ru' ? 'ru' : 'en';
}

/**
 * `chanceDecimals`: the site's (3 on cs, 1 on dota and ru, spec section 9); 3 where no site is known (the hand
 * verifier's own inputs).
 */
export function useFairFormat(currency?: 'USD' | 'RUB', chanceDecimals = 3): FairFormat {
  const { i18n } = useTranslation('fair');
  const lang = fairLang(i18n.language);
  return useMemo(() => {
    const site = currency ? createFormatters({ lang, currency, chanceDecimals }) : null;
    const chance = (value: number) => formatPercentOf(lang, chancePercent(value, chanceDecimals), chanceDecimals);
    const times = new Map<string, Intl.DateTimeFormat>();
    return {
      lang,
      money: (major) => (site ? site.money(major) : formatDecimal(lang, major, 2)),
      thousandths: (value) => formatDecimal(lang, value / 1000, 3),
      chance,
      edge: (value, rollUnder) => formatDecimal(lang, winEdge(value, rollUnder, chanceDecimals), chanceDecimals),
      percent: (pct, max, min) => formatPercentOf(lang, pct, max, min),
      decimal: (n, max, min) => formatDecimal(lang, n, max, min),
      time: (iso, style) => {
        let f = times.get(style);
        if (!f) {
          f = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: style, timeStyle: style });
          times.set(style, f);
        }
        return f.format(new Date(iso));
      },
    };
  }, [lang, currency, chanceDecimals]);
}
