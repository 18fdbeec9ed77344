/** The game in words, for the wheel's accessible name and the live region. */
import type { TFunction } from 'i18next';
import { ROLL_SPACE } from '../../domain/chance.ts';

const rollFormats = new Map<string, Intl.NumberFormat>();

/** A roll or winning edge (thousandths) as a 3-decimal figure in the site's locale. */
export function rollWords(lang: string, thousandths: number): string {
  const locale = lang === 'ru' ? 'ru-RU' : 'en-US';
  let format = rollFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
    rollFormats.set(locale, format);
  }
  return format.format(thousandths / 1000);
}

/** Where the win arc lies. */
export function directionWords(t: TFunction, lang: string, chance: number, rollUnder: boolean): string {
  return rollUnder
    ? t('a11y.winsBelow', { edge: rollWords(lang, chance) })
    : t('a11y.winsAbove', { edge: rollWords(lang, ROLL_SPACE - chance) });
}
