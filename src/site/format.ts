/** Number formatting with Intl for the variant's language and currency. */
import type { SiteVariant } from './variant.ts';

/** Formatters bound to one variant. */
export interface Formatters {
  /** A price in major units with the currency sign. */
  money(major: number): string;
  /** A chance percent with the variant's decimals (the value is already rounded down). */
  chance(percent: number): string;
  /** A plain integer (tickets). */
  integer(n: number): string;
  /** A multiplier like 'x1.25'. */
  multiplier(m: number): string;
}

const made = new Map<string, Formatters>();

/**
 * The formatters of a variant, built once per language, currency and decimals however many components ask (Intl
 * objects are costly to build, cheap to reuse: building them per component was ~0.1 s of the first render at
 * CPU 4x).
 */
export function createFormatters(v: Pick<SiteVariant, 'lang' | 'currency' | 'chanceDecimals'>): Formatters {
  const key = `${v.lang}|${v.currency}|${v.chanceDecimals}`;
  let formatters = made.get(key);
  if (!formatters) {
    formatters = buildFormatters(v);
    made.set(key, formatters);
  }
  return formatters;
}

function buildFormatters(v: Pick<SiteVariant, 'lang' | 'currency' | 'chanceDecimals'>): Formatters {
  const locale = v.lang === 'ru' ? 'ru-RU' : 'en-US';
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: v.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const chance = new Intl.NumberFormat(locale, {
    minimumFractionDigits: v.chanceDecimals,
    maximumFractionDigits: v.chanceDecimals,
  });
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const mult = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return {
    money: (major) => money.format(major),
    chance: (percent) => `${chance.format(percent)}%`,
    integer: (n) => integer.format(n),
    multiplier: (m) => `x${mult.format(m)}`,
  };
}
