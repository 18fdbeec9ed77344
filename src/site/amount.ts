/** Amounts a player types (the balance field): read and written the way the site's language writes money. */
import { parseAmount, toMajor } from '../domain/money.ts';
import { localeOf } from './format.ts';
import type { SiteVariant } from './variant.ts';

/** en groups thousands with commas: "1,234.50". */
const EN_GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * Typed text in minor units: '' is nothing; spaces (ru groups with them) are dropped; on en, commas grouping
 * thousands are dropped; one comma or dot is the decimal point, with or without digits either side (".5", "5.").
 * Null when it is no amount.
 */
export function parseTypedAmount(text: string, lang: SiteVariant['lang']): number | null {
  let plain = text.replace(/[\s\u00a0\u202f]/g, '');
  if (lang === 'en' && EN_GROUPED.test(plain)) plain = plain.replace(/,/g, '');
  if ((plain.match(/[.,]/g) ?? []).length > 1) return null;
  plain = plain.replace(',', '.');
  if (plain.startsWith('.')) plain = `0${plain}`;
  if (plain.endsWith('.')) plain = plain.slice(0, -1);
  return plain === '' ? 0 : parseAmount(plain);
}

const writers = new Map<string, Intl.NumberFormat>();

/** An amount in minor units as the field shows it when left: the site's grouping and decimal sign, no currency. */
export function formatTypedAmount(minor: number, lang: SiteVariant['lang']): string {
  let writer = writers.get(lang);
  if (!writer) {
    writer = new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    writers.set(lang, writer);
  }
  return writer.format(toMajor(minor));
}
