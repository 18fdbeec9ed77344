/** One item cell: picture on a rarity glow, price, two-line name, rarity strip; selected and locked looks. */
import { memo, useEffect, useRef, useState, type CSSProperties } from 'react';
import { RARITY_COLORS } from '../domain/constants.ts';
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
}

/** Picture addresses the page has asked the browser for: it holds them, so showing one again costs no fetch. */
export const askedPictures = new Set<string>();

/** A clickable item cell (a button: keyboard reachable, pressed state announced). */
export const ItemCell = memo(function ItemCell({ item, testId, selected, picture, price, label, lockedText, onPick, empty }: Props) {
  const [line1, line2] = splitName(item.name);
  const locked = !isUsable(item);
  const style = { '--rarity': RARITY_COLORS[item.type] ?? '#8a94a6' } as CSSProperties;
  // The picture's file is asked for once the cell is near the viewport (whenVisible.ts); its box is reserved by
  // width and height either way, so nothing shifts when it arrives. The grid reuses a cell for the item at the
  // same position, so the cell is watched once, not once per item it shows.
  const art = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => (near || !art.current ? undefined : whenVisible(art.current, () => setNear(true))), [near]);
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
      className={`cell${selected ? ' cell--selected' : ''}${locked ? ' cell--locked' : ''}${empty ? ' cell--empty' : ''}`}
      style={style}
      data-testid={empty ? undefined : testId}
      aria-hidden={empty || undefined}
      disabled={empty}
      aria-pressed={selected}
      aria-label={locked ? `${label}. ${lockedText}` : label}
      title={locked ? lockedText : undefined}
      onClick={() => onPick(item.id)}
    >
      <span className="cell__price">{price}</span>
      <span className="cell__art" ref={art}>
        <img key={shown.current ?? ''} src={src} alt="" decoding="async" width="96" height="72" />
      </span>
      <span className="cell__name">
        <span className="cell__line1">{line1}</span>
        <span className="cell__line2">{line2 || '\u00a0'}</span>
      </span>
      {selected && <span className="cell__check"><CheckIcon /></span>}
      {locked && <span className="cell__lock"><LockIcon /></span>}
    </button>
  );
});
