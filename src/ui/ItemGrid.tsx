/**
 * One page (15 cells) of a side's list, plus the pager; only the visible page is rendered. The list is derived in
 * views.ts from a per-side search index, cheap enough to follow every key press in the same render (no deferred
 * second render): a count and positions, of which only the page's 15 items are looked up. The index folds its
 * names for the search in idle time after the list arrives, so the first key press does not. Each grid
 * subscribes to its own side only: typing on the right never re-renders the left.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { TargetView } from '../machines/context.ts';
import type { SortDirection } from '../domain/filters.ts';
import type { Item } from '../domain/item.ts';
import type { Side } from '../machines/events.ts';
import { leftResult, prepareSearch, rightResult, slicePage } from '../machines/views.ts';
import { afterPaint } from './afterPaint.ts';
import { askedPictures, ItemCell } from './ItemCell.tsx';
import { useSlots } from './gridSlots.ts';
import { PageActor } from './pageActor.ts';
import { Pager } from './Pager.tsx';
import { useFormat } from './useFormat.ts';

/** The grid of one side. */
export function ItemGrid({ side }: { side: Side }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const actor = PageActor.useActorRef();
  const items = PageActor.useSelector((s) => (side === 'left' ? s.context.inventory : s.context.uitems));
  const view = PageActor.useSelector((s) => (side === 'left' ? s.context.left : s.context.right));
  // Only this side's selection: staking on the left does not re-render the targets, nor a target the inventory.
  const picked = PageActor.useSelector((s) => (side === 'left' ? s.context.staked : s.context.target));
  const list = useMemo(
    () => (side === 'left' ? leftResult({ inventory: items, left: view }) : rightResult({ uitems: items, right: view as TargetView })),
    [side, items, view],
  );
  const slice = slicePage(list, view.page);
  // The page's items keep their identity while the list and the page do (useSlots compares pages by identity).
  const pageItems = useMemo(() => slice.items, [list, slice.page]);
  const { slots, settling, ref } = useSlots(pageItems);
  useSearchPrepared(side, items, view.sort);
  const selected = useMemo(() => new Set(Array.isArray(picked) ? picked : picked == null ? [] : [picked]), [picked]);
  // A cell's price and accessible name, formatted once per item (per language and variant): a key press that
  // brings back items seen before formats nothing again. The name is translated once per language, as a template
  // the item's name and price are put into (i18next per item cost about 0.3 ms of a 4x-throttled key per cell).
  const cellText = useMemo(() => {
    const cache = new WeakMap<Item, { price: string; label: string }>();
    const label = labelTemplate(t, side === 'left' ? 'item.select' : 'item.target');
    return (item: Item) => {
      let text = cache.get(item);
      if (!text) {
        const price = fmt.money(item.price);
        text = { price, label: label(item.name, price) };
        cache.set(item, text);
      }
      return text;
    };
  }, [t, fmt, side]);
  // Translated once per language, not per key press (i18next costs 0.3 to 1 ms a call at 4x CPU throttling).
  const lockedText = useMemo(() => t('item.locked'), [t]);
  const pictured = usePictured(pageItems, view.filter.text);
  const onPick = useCallback(
    (id: number) => actor.send(side === 'left' ? { type: 'user.pickItem', id } : { type: 'user.pickTarget', id }),
    [actor, side],
  );

  return (
    <>
      {slice.items.length === 0 ? (
        <p className="grid__empty">{t('inventory.noMatch')}</p>
      ) : (
        <div className="grid" data-testid={`grid-${side}`} data-settling={settling || undefined} ref={ref}>
          {slots.map(({ item, empty }, slot) => {
            const { price, label } = cellText(item);
            // Keyed by position: a key press that brings other items updates the 15 cells in place (text and
            // attributes) instead of tearing their DOM down and building it again; the cell keys its picture
            // by item, so a picture never outlives its item.
            return (
              <ItemCell
                key={slot}
                item={item}
                testId={`${side === 'left' ? 'inv-item' : 'target-item'}-${item.id}`}
                selected={selected.has(item.id)}
                picture={!empty && pictured(item)}
                price={price}
                label={label}
                lockedText={lockedText}
                onPick={onPick}
                empty={empty}
              />
            );
          })}
        </div>
      )}
      <Pager side={side} page={slice.page} pages={slice.pages} />
    </>
  );
}

/** Stand-ins for the name and the price, from Unicode's private use area (never in a translation). */
const NAME_SLOT = '\uE000';
const PRICE_SLOT = '\uE001';

/**
 * A cell's accessible name as a function of the item's name and price: the translation is made once with stand-ins
 * and cut at them, so the label is exactly what `t(key, { name, price })` gives (values are not escaped: see
 * src/i18n/index.ts), whatever the name holds.
 */
export function labelTemplate(t: (key: 'item.select' | 'item.target', values: { name: string; price: string }) => string, key: 'item.select' | 'item.target') {
  const parts = t(key, { name: NAME_SLOT, price: PRICE_SLOT }).split(/([\uE000\uE001])/);
  return (name: string, price: string): string => {
    let out = '';
    for (const part of parts) out += part === NAME_SLOT ? name : part === PRICE_SLOT ? price : part;
    return out;
  };
}

/**
 * Folds the list's names for the search (SearchIndex.prepare) in the browser's idle periods once the list is on
 * show, a slice per period, so that neither the first render nor the first key press pays for 20,000 names.
 * Without requestIdleCallback the first search folds them.
 */
function useSearchPrepared(side: Side, items: readonly Item[], sort: SortDirection) {
  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') return undefined;
    let handle = requestIdleCallback(function step(deadline) {
      if (!prepareSearch(items, sort, side, () => deadline.timeRemaining() > 1)) handle = requestIdleCallback(step);
    });
    return () => cancelIdleCallback(handle);
  }, [side, items, sort]);
}

/** How long a search result stays unchanged before its new pictures are asked for: a pause in typing. */
export const PICTURES_SETTLE_MS = 300;

/**
 * Whether an item's picture may be asked for. A picture is a separate SVG document that the browser fetches,
 * styles, lays out and paints on the page's main thread; 15 new ones per key press would land in the frames of
 * the next keys. So a picture the page has asked for before (askedPictures: the browser holds it) shows at once,
 * wherever its item moves; any other picture is asked for once the frame with its item's name and price has been
 * painted, or, while the player types, once the result has stayed the same for PICTURES_SETTLE_MS (the pictures
 * of results typed past are never fetched, nor those of items that were on the page below the fold until the
 * search moved them up).
 */
function usePictured(items: readonly Item[], text: string): (item: Item) => boolean {
  const ids = items.map((item) => item.id).join(',');
  // The page (as its ids) whose pictures may all be asked for; the first one at once.
  const [settled, setSettled] = useState(ids);
  const lastText = useRef(text);
  useEffect(() => {
    const typing = text !== lastText.current;
    lastText.current = text;
    const show = () => setSettled(ids);
    if (!typing) return afterPaint(show);
    const timer = setTimeout(show, PICTURES_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [ids, text]);
  const all = settled === ids;
  return (item) => all || askedPictures.has(item.image);
}
