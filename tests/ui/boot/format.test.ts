import { describe, expect, it } from 'vitest';
import { createFormatters } from '../../../src/site/format.ts';

describe('createFormatters', () => {
  it('builds one set per language, currency and decimals, however often it is asked', () => {
    const cs = { lang: 'en', currency: 'USD', chanceDecimals: 3 } as const;
    expect(createFormatters({ ...cs })).toBe(createFormatters({ ...cs }));
    expect(createFormatters({ ...cs, chanceDecimals: 1 })).not.toBe(createFormatters(cs));
    expect(createFormatters({ lang: 'ru', currency: 'RUB', chanceDecimals: 1 })).not.toBe(createFormatters(cs));
  });

  it.each([
    [{ lang: 'en', currency: 'USD', chanceDecimals: 3 } as const, '$1,234.50', '12.346%', '12.346%', '7.010', 'x1.25'],
    [
      { lang: 'ru', currency: 'RUB', chanceDecimals: 1 } as const,
      '1\u00a0234,50\u00a0₽',
      '12,3\u00a0%',
      '12,3\u00a0%',
      '7,010',
      'x1,25',
    ],
  ])('formats for %o in its language', (variant, money, chance, chanceDown, roll, mult) => {
    const f = createFormatters(variant);
    expect(f.money(1234.5)).toBe(money);
    expect(f.chance(variant.chanceDecimals === 3 ? 12.346 : 12.3)).toBe(chance);
    // The server's chance with more decimals than the site shows reads as the page showed it before the game.
    expect(f.chance(variant.chanceDecimals === 3 ? 12.3469 : 12.389)).toBe(chanceDown);
    expect(f.roll(7.01)).toBe(roll);
    expect(f.multiplier(1.25)).toBe(mult);
  });
});
