/**
 * The generated CS catalogue grown to N targets with StatTrak™ and Souvenir variants priced like the generator's
 * own: real names and a real price spread, because the index's compression depends on them.
 */
import { generateCatalogue, type CatalogueRow } from '../../server/catalogue/generate.ts';
import { unit } from '../../server/catalogue/hash.ts';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';

/** The generated CS rows plus extra StatTrak™ rows, so that exactly `targets` rows are usable targets. */
export function benchCatalogueRows(targets: number): CatalogueRow[] {
  const base = generateCatalogue('cs', { rubPerUsd: 90 });
  const usable = base.filter((r) => r.typePrize !== LOCKED_TYPE_PRIZE);
  if (targets <= usable.length) {
    // Fewer targets: every k-th row by price, plus the locked rows.
    const step = usable.length / targets;
    const sorted = [...usable].sort((a, b) => a.priceMinor - b.priceMinor);
    const kept = Array.from({ length: targets }, (_, i) => sorted[Math.floor(i * step)]);
    return [...kept, ...base.filter((r) => r.typePrize === LOCKED_TYPE_PRIZE)];
  }
  const names = new Set(base.map((r) => r.name));
  const extra: CatalogueRow[] = [];
  const variants = [
    { prefix: 'StatTrak™ ', low: 1.5, span: 1.5, knives: true },
    { prefix: 'Souvenir ', low: 1.3, span: 2.7, knives: false },
  ];
  for (const v of variants) {
    for (const r of usable) {
      if (usable.length + extra.length >= targets) break;
      const starred = r.name.startsWith('★ ');
      if (r.name.includes('StatTrak™') || (starred && !v.knives)) continue;
      const name = starred ? `★ ${v.prefix}${r.name.slice(2)}` : `${v.prefix}${r.name}`;
      if (names.has(name)) continue;
      names.add(name);
      extra.push({
        ...r,
        name,
        priceMinor: Math.round(r.priceMinor * (v.low + v.span * unit(r.name, `bench-${v.prefix}`))),
      });
    }
  }
  if (usable.length + extra.length < targets)
    throw new Error(`the bench catalogue tops out at ${usable.length + extra.length} targets`);
  return [...base, ...extra];
}
