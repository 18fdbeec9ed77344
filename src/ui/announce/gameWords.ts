/**
 * The game in words, for the wheel's accessible name and the live region: chance, direction and roll as the wheel
 * draws them (thousandths of a percent), in the site's language and number format.
 */
import type { TFunction } from 'i18next';
import { ROLL_SPACE } from '../../domain/chance.ts';

const rollFormats = new Map<string, Intl.NumberFormat>();

/** A roll or a winning edge (thousandths of a percent) as the site's locale writes a 3-decimal percent figure. */
export function rollWords(lang: string, thousandths: number): string {
  const locale = lang === 'ru' ? 'ru-RU' : 'en-US';
  let format = rollFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
    rollFormats.set(locale, format);
  }
  return format.format(thousandths / 1000);
}

/** Where the win arc lies: below the chance, or (mirrored) from 100 minus the chance up. */
export function directionWords(t: TFunction, lang: string, chance: number, rollUnder: boolean): string {
  return rollUnder
    ? t('a11y.winsBelow', { edge: rollWords(lang, chance) })
    : t('a11y.winsAbove', { edge: rollWords(lang, ROLL_SPACE - chance) });
}
