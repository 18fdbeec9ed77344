/**
 * The fair screens' figures (rolls, chances, rates) in the site's language: part of the one formatter, kept apart
 * so the upgrades page's first paint does not carry what only the fair chunks use.
 */
import { localeOf, percentAround } from './format.ts';
import type { SiteVariant } from './variant.ts';

const decimals = new Map<string, Intl.NumberFormat>();
const percents = new Map<string, (digits: string) => string>();

/** A cached Intl formatter with `min` to `max` decimals (half-expand: 24.708 stays 24.708). */
function fixed(lang: SiteVariant['lang'], max: number, min: number): Intl.NumberFormat {
  const key = `${lang}|${max}|${min}`;
  let f = decimals.get(key);
  if (!f) {
    f = new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: min, maximumFractionDigits: max });
    decimals.set(key, f);
  }
  return f;
}

/** A number with `min` to `max` decimals in the language's digits and separators ("62,495" in ru). */
export function formatDecimal(lang: SiteVariant['lang'], n: number, max: number, min = max): string {
  return fixed(lang, max, min).format(n);
}

/** A number already in percent, with `min` to `max` decimals, in the language's percent pattern ("1,800 %"). */
export function formatPercentOf(lang: SiteVariant['lang'], pct: number, max: number, min = max): string {
  let around = percents.get(lang);
  if (!around) {
    around = percentAround(localeOf(lang));
    percents.set(lang, around);
  }
  return around(fixed(lang, max, min).format(pct));
}

const fractions = new Map<string, Intl.NumberFormat>();

/** A fraction as a percent (0.965 -> "96.50%", "96,50 %" in ru), with `min` to `max` decimals. */
export function formatFraction(lang: SiteVariant['lang'], fraction: number, max: number, min = max): string {
  const key = `${lang}|${max}|${min}`;
  let f = fractions.get(key);
  if (!f) {
    f = new Intl.NumberFormat(localeOf(lang), {
      style: 'percent',
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
    fractions.set(key, f);
  }
  return f.format(fraction);
}
