// Regenerates server/catalogue/data/cs2-skins.json from the MIT-licensed @ianlucas/cs2-lib package.
// Not a run-time dependency (the package is 190 MB): run `npm i --no-save @ianlucas/cs2-lib` first.
import { writeFileSync } from 'node:fs';
import { CS2_ITEMS } from '@ianlucas/cs2-lib';
import { english } from '@ianlucas/cs2-lib/translations';

const QUALITY = {
  '#b0c3d9': 'consumer_grade',
  '#5e98d9': 'industrial_grade',
  '#4b69ff': 'mil_spec',
  '#8847ff': 'restricted',
  '#d32ce6': 'classified',
  '#eb4b4b': 'covert',
  '#e4ae39': 'contraband',
};
const skins = CS2_ITEMS.filter(
  (i) => ['weapon', 'melee', 'glove'].includes(i.type) && !i.base && english[i.id]?.name?.includes(' | '),
)
  .map((i) => ({
    name: english[i.id].name,
    // Knives are the 'special' quality, gloves 'extraordinary', as skin sites label them.
    quality: i.type === 'melee' ? 'special' : i.type === 'glove' ? 'extraordinary' : QUALITY[i.rarity],
    wearMin: i.wearMin ?? 0,
    wearMax: i.wearMax ?? 1,
  }))
  .filter((s) => s.quality)
  .sort((a, b) => a.name.localeCompare(b.name));
writeFileSync(new URL('../server/catalogue/data/cs2-skins.json', import.meta.url), JSON.stringify(skins) + '\n');
console.log(`${skins.length} skins`);
