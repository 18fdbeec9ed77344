/** The settlement's hints (server/services/settle-hints.ts): bounded, the newest kept, locked items marked. */
import { describe, expect, it } from 'vitest';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { SettleHints } from '../../server/services/settle-hints.ts';

describe('SettleHints', () => {
  it("keeps an item's price and whether it is locked, and forgets staked items", () => {
    const h = new SettleHints();
    h.rememberItem(1, { priceMinor: 500, typePrize: 4 });
    h.rememberItem(2, { priceMinor: 700, typePrize: LOCKED_TYPE_PRIZE });
    expect(h.item(1)).toEqual({ priceMinor: 500, typePrize: 0 });
    expect(h.item(2)?.typePrize).toBe(LOCKED_TYPE_PRIZE);
    expect(h.item(3)).toBeUndefined();
    h.forgetItems([1, 2]);
    expect(h.sizes.items).toBe(0);
  });

  it('holds at most its bound, dropping what was set longest ago (a set again counts as new)', () => {
    const h = new SettleHints(2, 3);
    for (const id of [1, 2, 3]) h.rememberItem(id, { priceMinor: id, typePrize: 0 });
    h.rememberItem(1, { priceMinor: 10, typePrize: 0 });
    h.rememberItem(4, { priceMinor: 4, typePrize: 0 });
    expect([1, 2, 3, 4].map((id) => h.item(id)?.priceMinor)).toEqual([10, undefined, 3, 4]);
    for (const id of [7, 8, 9])
      h.rememberSeed(id, { serverSeed: `s${id}`, serverSeedHash: `h${id}`, clientSeed: null });
    expect(h.seed(7)).toBeUndefined();
    expect(h.seed(9)).toEqual({ serverSeed: 's9', serverSeedHash: 'h9', clientSeed: null });
    expect(h.sizes).toEqual({ seeds: 2, items: 3 });
  });
});
