import { describe, expect, it } from 'vitest';
import { cellPicture, generatedPicture } from '../../src/domain/item.ts';

describe('cellPicture: the picture an item cell shows', () => {
  it('takes the generated picture without lettering', () => {
    expect(cellPicture(generatedPicture(243))).toBe('/app/public/items/243.cell.svg');
  });

  it.each([
    ['a real picture under IMAGE_BASE_URL', 'https://cdn.example.com/items/ak47-redline.png'],
    ['a relative path of another server', '/images/243.svg'],
    ['a generated picture already without lettering', '/app/public/items/243.cell.svg'],
    ['a generated address with a query', '/app/public/items/243.svg?x=1'],
  ])('keeps %s as it is', (_what, url) => {
    expect(cellPicture(url)).toBe(url);
  });
});
