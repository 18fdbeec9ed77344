/** One item cell: picture on a rarity glow, price, two-line name, rarity strip; selected and locked looks. */
import { memo, useEffect, useRef, useState } from 'react';
import { isUsable, splitName, type Item } from '../domain/item.ts';
import { CheckIcon, LockIcon } from './icons.tsx';
import { whenVisible } from './whenVisible.ts';

interface Props {
  item: Item;
  testId: string;
  selected: boolean;
  /** Whether the grid lets this item's picture be asked for yet (see ItemGrid's usePictured). */
  picture: boolean;
  price: string;
  /** Accessible name (already translated). */
  label: string;
  lockedText: string;
  onPick: (id: number) => void;
  /** A placeholder slot (gridSlots.ts): invisible, out of the tab order and the accessibility tree, no test id. */
  empty: boolean;
  /** A cell of the server's first screen (PageContext.preview): disabled until the page has loaded. */
  preview?: boolean;
  /**
   * Its picture is in the markup from the start (a first screen's first rows: ItemGrid's FIRST_SCREEN_PICTURES), so
   * the browser fetches it with the HTML: the server cannot see the viewport, and `loading="lazy"` put the picture's
   * paint 150 to 300 ms after the first paint, behind the entry's evaluation.
   */
  eager?: boolean;
}

/** Picture addresses the page has asked the browser for: it holds them, so showing one again costs no fetch. */
export const askedPictures = new Set<string>();

/**
 * The class that gives an element the colour of rarity `type` (` r-<type>`, app.css), with a space before it; none for
 * a type that is not a plain word (the element keeps the default colour, as for a type app.css does not know).
 */
export const rarityClass = (type: string): string => (/^\w+$/.test(type) ? ` r-${type}` : '');

/** What a cell shows: the one description that ItemCell renders and writeCell (cellWriter.ts) writes. */
export interface CellView {
  /** The cell's classes: its marks and its rarity (`r-<type>`, app.css). */
  className: string;
  testId: string | undefined;
  label: string;
  title: string | undefined;
  selected: boolean;
  empty: boolean;
  price: string;
  line1: string;
  line2: string;
}

/** A cell's view of `item`: `label` is its accessible name (translated), `empty` a placeholder slot (gridSlots.ts). */
export function cellView(
  item: Item,
  testId: string,
  selected: boolean,
  empty: boolean,
  price: string,
  label: string,
  lockedText: string,
): CellView {
  const [line1, line2] = splitName(item.name);
  const locked = !isUsable(item);
  return {
    className: `cell${rarityClass(item.type)}${selected ? ' cell--selected' : ''}${locked ? ' cell--locked' : ''}${empty ? ' cell--empty' : ''}`,
    testId: empty ? undefined : testId,
    label: locked ? `${label}. ${lockedText}` : label,
    title: locked ? lockedText : undefined,
    selected,
    empty,
    price,
    line1,
    line2: line2 || '\u00a0',
  };
}

/**
 * The item each cell shows, as last committed by React or written by writeCell: a click in the frame between the two
 * picks the item the player sees.
 */
export const cellItems = new WeakMap<Element, Item>();

/** Picture boxes (.cell__art) near the viewport: a cell asks for its picture only then (whenVisible.ts). */
export const nearArts = new WeakSet<Element>();

/**
 * A clickable item cell (a button: keyboard reachable, pressed state announced). Its elements are the same whatever
 * it shows (the check and the padlock are shown by the cell's class), so writeCell can show another item in it.
 */
export const ItemCell = memo(function ItemCell({
  item,
  testId,
  selected,
  picture,
  price,
  label,
  lockedText,
  onPick,
  empty,
  preview,
  eager,
}: Props) {
  const v = cellView(item, testId, selected, empty, price, label, lockedText);
  // The picture's file is asked for once the cell is near the viewport (whenVisible.ts), or at once when `eager`;
  // its box is reserved by width and height either way, so nothing shifts when it arrives. The grid reuses a cell for
  // the item at the same position, so the cell is watched once, not once per item it shows.
  const art = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(!!eager);
  useEffect(() => {
    const el = art.current;
    return near || !el
      ? undefined
      : whenVisible(el, () => {
          nearArts.add(el);
          setNear(true);
        });
  }, [near]);
  const src = near && picture ? item.image : undefined;
  // The <img> is keyed by the last picture this cell was given: a new picture gets an element of its own (never one
  // still showing an earlier item's picture while the new file loads), but a cell whose item has no picture asked
  // for yet keeps its element and only drops its src, which clears the picture at once. A key press that replaces
  // pictured items by unpictured ones (the first key on a fresh page) then creates and styles no element.
  const shown = useRef(src);
  if (src) shown.current = src;
  useEffect(() => {
    if (src) askedPictures.add(src);
  }, [src]);
  return (
    <button
      type="button"
      className={v.className}
      data-testid={v.testId}
      aria-hidden={empty || undefined}
      disabled={empty || preview}
      aria-pressed={selected}
      title={v.title}
      ref={(el) => {
        if (el) cellItems.set(el, item);
      }}
      onClick={(e) => onPick((cellItems.get(e.currentTarget) ?? item).id)}
    >
      <span className="cell__in">
        <span className="cell__price">{v.price}</span>
        <span className="cell__art" ref={art}>
          <img key={shown.current ?? ''} src={src} alt="" decoding="async" width="96" height="72" />
        </span>
        <span className="cell__name">
          <span className="cell__line1">{v.line1}</span>
          <span className="cell__line2">{v.line2}</span>
        </span>
        <span className="cell__check">
          <CheckIcon />
        </span>
        <span className="cell__lock">
          <LockIcon />
          <span className="cell__why">{lockedText}</span>
        </span>
      </span>
    </button>
  );
});
