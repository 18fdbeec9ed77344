/** The grid's slots (src/ui/gridSlots.ts): always PAGE_SIZE of them, placeholders keeping what they showed last. */
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../../src/domain/constants.ts';
import { slotsFor, type Slot } from '../../../src/ui/gridSlots.ts';

const page = (prefix: string, n: number) => Object.freeze(Array.from({ length: n }, (_, i) => `${prefix}${i}`));
/** What each slot shows: its item, or '-' for a placeholder. */
const shown = (slots: Slot<string>[]) => slots.map((s) => (s.empty ? '-' : s.item));
/** The item each slot holds, placeholders included. */
const held = (slots: Slot<string>[]) => slots.map((s) => s.item);

describe('slotsFor', () => {
  it('always gives PAGE_SIZE slots, a short page padded with placeholders that keep what they showed', () => {
    const last: string[] = [];
    const a = page('a', 15);
    expect(shown(slotsFor(a, last))).toEqual(a);
    const b = page('b', 4);
    const short = slotsFor(b, last);
    expect(short).toHaveLength(PAGE_SIZE);
    expect(shown(short)).toEqual([...b, ...Array(11).fill('-')]);
    // A placeholder keeps the item it showed: emptying a slot changes nothing but its visibility.
    expect(held(short)).toEqual([...b, ...a.slice(4)]);
    const c = page('c', 6);
    expect(shown(slotsFor(c, last))).toEqual([...c, ...Array(9).fill('-')]);
    expect(held(slotsFor(c, last))).toEqual([...c, ...a.slice(6)]);
  });

  it('pads a first page shorter than PAGE_SIZE with its own first item, and shows nothing for an empty page', () => {
    const last: string[] = [];
    expect(held(slotsFor(page('a', 2), last))).toEqual(['a0', 'a1', ...Array(13).fill('a0')]);
    // The slots keep their last items for when a page comes back; an empty list shows placeholders only.
    expect(shown(slotsFor([], last))).toEqual(Array(15).fill('-'));
    expect(slotsFor([], [])).toEqual([]);
  });

  it('gives the same slots for the same page and history (the cell writer and the render after it agree)', () => {
    const last: string[] = [];
    slotsFor(page('a', 15), last);
    const copy = [...last];
    const b = page('b', 5);
    expect(slotsFor(b, last)).toEqual(slotsFor(b, copy));
    expect(slotsFor(b, last)).toEqual(slotsFor(b, last));
  });
});
