/** What the grid tests show: the CS site and 40 targets whose searches swap whole pages. */
import type { Item } from '../../../src/domain/item.ts';
import { variantFrom } from '../../../src/site/variant.ts';

export const site = variantFrom({
  status: true,
  site: 'cs',
  game: 'cs',
  lang: 'en',
  currency: 'USD',
  chance_decimals: 3,
  main_site_url: '/',
  recaptcha_site_key: null,
  house_rules: { payout_factor: 0.9, chance_min: 0.1, chance_max: 80, max_stake_items: 15 },
});

/** 40 targets, cheapest first: 'AK-47 | Redline' 1-20 and 'M4A4 | Howl' 21-40, so a search swaps whole pages. */
export const targets: Item[] = Array.from({ length: 40 }, (_, i) => ({
  id: 100 + i,
  name: i < 20 ? `AK-47 | Redline ${i + 1} (Field-Tested)` : `M4A4 | Howl ${i + 1} (Minimal Wear)`,
  price: 1 + i,
  image: `/items/${100 + i}.svg`,
  type: 'classified',
  type_prize: 0,
}));
