import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '../../../src/domain/item.ts';
import { ItemCell } from '../../../src/ui/ItemCell.tsx';
import { FakeObserver } from '../fakeIntersectionObserver.ts';

const item: Item = {
  id: 7,
  name: 'AK-47 | Redline (Field-Tested)',
  price: 12.5,
  image: '/app/public/items/7.png',
  type: 'classified',
  type_prize: 0,
};

function cell() {
  return render(
    <ItemCell
      item={item}
      testId="target-item-7"
      selected={false}
      picture
      price="$12.50"
      label="AK-47"
      lockedText="locked"
      onPick={() => {}}
      empty={false}
    />,
  );
}

async function freshModules() {
  vi.resetModules();
  return import('../../../src/ui/ItemCell.tsx');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeObserver.reset();
});

describe('item pictures', () => {
  it('are asked for only once the cell comes near the viewport, in a box reserved from the start', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { ItemCell: Cell } = await freshModules();
    const { container } = render(
      <Cell
        item={item}
        testId="t"
        selected={false}
        picture
        price="$12.50"
        label="AK-47"
        lockedText="locked"
        onPick={() => {}}
        empty={false}
      />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBeNull();
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['96', '72']);
    act(() => FakeObserver.show(container.querySelector('.cell__art')!));
    // The <img> is keyed by its picture's address (ItemCell): the picture comes in an element of its own, in the
    // same reserved box.
    const pictured = container.querySelector('img')!;
    expect(pictured.getAttribute('src')).toBe(item.image);
    expect([pictured.getAttribute('width'), pictured.getAttribute('height')]).toEqual(['96', '72']);
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it('stop being watched when the cell goes away before it was seen', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { ItemCell: Cell } = await freshModules();
    const { unmount } = render(
      <Cell
        item={item}
        testId="t"
        selected={false}
        picture
        price="$12.50"
        label="AK-47"
        lockedText="locked"
        onPick={() => {}}
        empty={false}
      />,
    );
    expect(FakeObserver.all[0].observed.size).toBe(1);
    unmount();
    expect(FakeObserver.all[0].observed.size).toBe(0);
  });

  it('load at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { container } = cell();
    expect(container.querySelector('img')!.getAttribute('src')).toBe(item.image);
  });
});
