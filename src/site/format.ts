/** The one place that spells the page's numbers, with Intl for the site's language. */
import type { SiteVariant } from './variant.ts';

/** Formatters bound to one variant. */
export interface Formatters {
  /** A price in major units with the currency sign. */
  money(major: number): string;
  /** Rounded down: it never promises more than the game gives. */
  chance(percent: number): string;
  roll(percent: number): string;
  /** A winning edge in percent, in the chance's decimals, without the sign (already rounded by the caller). */
  edge(percent: number): string;
  integer(n: number): string;
  /** 'x1.25'. */
  multiplier(m: number): string;
  /** For numbers drawn outside Intl (the wheel's running roll). */
  decimal: string;
}

const made = new Map<string, Formatters>();

/** The formatters of a variant, cached: Intl objects are costly to build. */
export function createFormatters(v: Pick<SiteVariant, 'lang' | 'currency' | 'chanceDecimals'>): Formatters {
  const key = `${v.lang}|${v.currency}|${v.chanceDecimals}`;
  let formatters = made.get(key);
  if (!formatters) {
    formatters = buildFormatters(v);
    made.set(key, formatters);
  }
  return formatters;
}

/** The locale of a site's language. */
export function localeOf(lang: SiteVariant['lang']): string {
  return lang === 'ru' ? 'ru-RU' : 'en-US';
}

/** The locale's percent pattern around a number already in percent: Intl's percent style would multiply by 100. */
export function percentAround(locale: string): (digits: string) => string {
  const parts = new Intl.NumberFormat(locale, { style: 'percent' }).formatToParts(7);
  const at = parts.findIndex((p) => p.type === 'integer');
  const before = parts
    .slice(0, at)
    .map((p) => p.value)
    .join('');
  const after = parts
    .slice(at + 1)
    .map((p) => p.value)
    .join('');
  return (digits) => `${before}${digits}${after}`;
}

function buildFormatters(v: Pick<SiteVariant, 'lang' | 'currency' | 'chanceDecimals'>): Formatters {
  const locale = localeOf(v.lang);
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: v.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const chance = new Intl.NumberFormat(locale, {
    minimumFractionDigits: v.chanceDecimals,
    maximumFractionDigits: v.chanceDecimals,
    roundingMode: 'trunc',
  });
  const roll = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const percent = percentAround(locale);
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const mult = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return {
    money: (major) => money.format(major),
    chance: (pct) => percent(chance.format(pct)),
    roll: (pct) => roll.format(pct),
    edge: (pct) => chance.format(pct),
    integer: (n) => integer.format(n),
    multiplier: (m) => `x${mult.format(m)}`,
    decimal: roll.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.',
  };
}
