/** The CS catalogue; Souvenirs are the locked share, so starter packs can hand out items that cannot be staked. */
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import skins from './data/cs2-skins.json' with { type: 'json' };
import { CS_FINISH_FACTORS, CS_QUALITY_PRICES, CS_WEAPONS, EXTERIORS } from './data/cs-weapons.ts';
import { spread, unit } from './hash.ts';
import type { CatalogueRow } from './generate.ts';

/** Share of eligible skins that also come as StatTrak™ (all their exteriors). */
const STATTRAK_SHARE = 0.12;
/** Tuned so about 2.5 % of all rows are locked. */
const SOUVENIR_SHARE = 0.04;
/** Steam's lowest listing price. */
const MIN_CENTS = 3;
/** Qualities that drop from weapon cases, hence exist as StatTrak™. */
const STATTRAK_QUALITIES = new Set(['mil_spec', 'restricted', 'classified', 'covert', 'special', 'contraband']);

interface Skin {
  name: string;
  quality: string;
  wearMin: number;
  wearMax: number;
}

/** Builds the CS catalogue with prices in USD cents. */
export function csCatalogueCents(): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  const push = (name: string, usd: number, type: string, typePrize: number) => {
    rows.push({ name, priceMinor: Math.max(MIN_CENTS, Math.round(usd * 100)), type, typePrize, image: null });
  };
  const seen = new Set<string>();
  for (const skin of skins as Skin[]) {
    // Doppler phases share one market name; list each name once.
    if (seen.has(skin.name)) continue;
    seen.add(skin.name);
    const weapon = skin.name.slice(0, skin.name.indexOf(' | '));
    const [category, weaponFactor] = CS_WEAPONS[weapon] ?? ['rifle', 1];
    const starred = category === 'knife' || category === 'glove';
    const star = starred ? '★ ' : '';
    const quality = CS_QUALITY_PRICES[skin.quality] ?? CS_QUALITY_PRICES.mil_spec;
    const finish = CS_FINISH_FACTORS[skin.name.slice(weapon.length + 3)] ?? 1;
    const skinUsd = quality.usd * weaponFactor * finish * spread(skin.name, 'skin', quality.sigma);
    // Per skin, not per row, so a variant keeps its base skin's wear order.
    const statTrak =
      category !== 'glove' && STATTRAK_QUALITIES.has(skin.quality) && unit(skin.name, 'stattrak') < STATTRAK_SHARE
        ? 1.5 + 1.5 * unit(skin.name, 'stattrak-x')
        : 0;
    const souvenir =
      !starred && skin.quality !== 'contraband' && unit(skin.name, 'souvenir') < SOUVENIR_SHARE
        ? 1.3 + 2.7 * unit(skin.name, 'souvenir-x')
        : 0;
    for (const ext of EXTERIORS) {
      if (!(skin.wearMin < ext.max && skin.wearMax > ext.min)) continue;
      const base = `${skin.name} (${ext.name})`;
      // ±4 % stays inside the smallest gap between exteriors (1.2x).
      const usd = skinUsd * ext.factor * spread(base, 'row', 0.04);
      push(`${star}${base}`, usd, skin.quality, 0);
      if (statTrak) push(`${star}StatTrak™ ${base}`, usd * statTrak, skin.quality, 0);
      if (souvenir) push(`Souvenir ${base}`, usd * souvenir, skin.quality, LOCKED_TYPE_PRIZE);
    }
  }
  return rows;
}
