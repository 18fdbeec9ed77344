/**
 * One page (15 cells) of a side's list, plus the pager; only the visible page is rendered, by React alone. The list
 * is derived in views.ts from the list's search index, cheap enough to follow every key press; the cells are memoised
 * and keyed by item, so a key press mounts only the cells of items that were not on show and re-renders no other.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { PAGE_SIZE } from '../domain/constants.ts';
import type { Item } from '../domain/item.ts';
import type { SortDirection } from '../domain/filters.ts';
import type { TargetView } from '../machines/context.ts';
import type { Side } from '../machines/events.ts';
import { leftResult, prepareSearch, rightResult, slicePage } from '../machines/views.ts';
import { isUsable } from '../domain/item.ts';
import { balanceField, focusWhenReady } from './focus.ts';
import { ItemCell, SellButton } from './ItemCell.tsx';
import { PageActor } from './pageActor.ts';
import { Pager } from './Pager.tsx';
import { useFormat } from './useFormat.ts';
import type { Formatters } from '../site/format.ts';

/**
 * How many cells of the first screen (PageContext.preview) have their picture in the server's markup: the first
 * rows of the targets' column, whose pictures are the Dota and ru sites' largest paint; the others follow once the
 * page runs.
 */
const FIRST_SCREEN_PICTURES = 4;

/** Cell prices by formatter, then by item: a key press that brings back items seen before formats nothing again. */
const PRICES = new WeakMap<Formatters, WeakMap<Item, string>>();

/** A cell's price, formatted once per item and formatter. */
function cellPrice(fmt: Formatters, item: Item): string {
  let prices = PRICES.get(fmt);
  if (!prices) {
    prices = new WeakMap();
    PRICES.set(fmt, prices);
  }
  let price = prices.get(item);
  if (price === undefined) {
    price = fmt.money(item.price);
    prices.set(item, price);
  }
  return price;
}

/** The grid of one side. */
export function ItemGrid({ side }: { side: Side }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const actor = PageActor.useActorRef();
  const items = PageActor.useSelector((s) => (side === 'left' ? s.context.inventory : s.context.uitems));
  const view = PageActor.useSelector((s) => (side === 'left' ? s.context.left : s.context.right));
  const picked = PageActor.useSelector((s) => (side === 'left' ? s.context.staked : s.context.target));
  // The first screen's page of targets: cells shown but disabled until the lists load.
  const preview = PageActor.useSelector((s) => s.context.preview);
  const slice = useMemo(
    () =>
      slicePage(
        side === 'left'
          ? leftResult({ inventory: items, left: view })
          : rightResult({ uitems: items, right: view as TargetView }),
        view.page,
      ),
    [side, items, view],
  );
  useSearchPrepared(items, view.sort);
  const lockedText = useMemo(() => t('item.locked'), [t]);
  const onPick = useCallback(
    (id: number) => actor.send(side === 'left' ? { type: 'user.pickItem', id } : { type: 'user.pickTarget', id }),
    [actor, side],
  );
  // The player's items can be sold while choosing; each usable one has its sell button under it.
  const canSell = PageActor.useSelector((s) => side === 'left' && s.matches('selecting'));
  const onSell = useCallback(
    (id: number) => {
      // The sold cell leaves with the reload: focus goes on to the balance the sale fed.
      focusWhenReady(balanceField);
      actor.send({ type: 'user.sellItem', id });
    },
    [actor],
  );
  const chosen = (item: Item) => (Array.isArray(picked) ? picked.includes(item.id) : picked === item.id);

  if (slice.items.length === 0) {
    return (
      <>
        <p className="grid__empty">{t('inventory.noMatch')}</p>
        <Pager side={side} page={slice.page} pages={slice.pages} empty />
      </>
    );
  }
  return (
    <>
      <div className="grid" data-testid={`grid-${side}`}>
        {slice.items.map((item, slot) => {
          const price = cellPrice(fmt, item);
          const cell = (
            <ItemCell
              key={item.id}
              item={item}
              testId={`${side === 'left' ? 'inv-item' : 'target-item'}-${item.id}`}
              selected={chosen(item)}
              price={price}
              lockedText={lockedText}
              onPick={onPick}
              preview={preview}
              eager={preview && slot < FIRST_SCREEN_PICTURES}
            />
          );
          if (side === 'right') return cell;
          return (
            <div key={item.id} className="cell-slot">
              {cell}
              {isUsable(item) && <SellButton item={item} price={price} enabled={canSell} onSell={onSell} />}
            </div>
          );
        })}
        {/* A short page keeps PAGE_SIZE slots, so the pager stays put while the result shrinks and grows. */}
        {Array.from({ length: PAGE_SIZE - slice.items.length }, (_, i) => (
          <div key={`empty-${i}`} className="cell cell--empty" aria-hidden="true">
            <span className="cell__in" />
          </div>
        ))}
      </div>
      <Pager side={side} page={slice.page} pages={slice.pages} empty={false} />
    </>
  );
}

/**
 * Folds the list's names for the search in the browser's idle periods once the list is on show, a slice per
 * period, so that neither the first render nor the first key press pays for 20,000 names. Without
 * requestIdleCallback the first search folds them.
 */
function useSearchPrepared(items: readonly Item[], sort: SortDirection) {
  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') return undefined;
    let handle = requestIdleCallback(function step(deadline) {
      if (!prepareSearch(items, sort, () => deadline.timeRemaining() > 1)) handle = requestIdleCallback(step);
    });
    return () => cancelIdleCallback(handle);
  }, [items, sort]);
}
