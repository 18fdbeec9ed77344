/** A rarity's name as players know it (Mil-Spec Grade, Arcana...), in the page's language. */
import type { TFunction } from 'i18next';
import type { Messages } from '../i18n/index.ts';

/** The translated name of rarity `type`; a type the translations do not know is shown as it came, spaced. */
export function rarityName(t: TFunction, type: string): string {
  return t(`rarity.${type as keyof Messages['rarity']}`, { defaultValue: type.replace(/_/g, ' ') });
}
