/**
 * One page (15 cells) of a side's list, plus the pager; only the visible page is rendered. The list is derived in
 * views.ts from a per-side search index, cheap enough to follow every key press in the same render (no deferred
 * second render), and each grid subscribes to its own side only: typing on the right never re-renders the left.
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { TargetView } from '../machines/context.ts';
import type { Item } from '../domain/item.ts';
import type { Side } from '../machines/events.ts';
import { leftList, rightList, slicePage } from '../machines/views.ts';
import { ItemCell } from './ItemCell.tsx';
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
    () => (side === 'left' ? leftList({ inventory: items, left: view }) : rightList({ uitems: items, right: view as TargetView })),
    [side, items, view],
  );
  const slice = slicePage(list, view.page);
  const selected = useMemo(() => new Set(Array.isArray(picked) ? picked : picked == null ? [] : [picked]), [picked]);
  // A cell's price and accessible name, formatted and translated once per item (per language and variant): a key
  // press that brings back items seen before formats nothing again.
  const cellText = useMemo(() => {
    const cache = new WeakMap<Item, { price: string; label: string }>();
    const key = side === 'left' ? 'item.select' : 'item.target';
    return (item: Item) => {
      let text = cache.get(item);
      if (!text) {
        const price = fmt.money(item.price);
        text = { price, label: t(key, { name: item.name, price }) };
        cache.set(item, text);
      }
      return text;
    };
  }, [t, fmt, side]);
  const lockedText = t('item.locked');
  const onPick = useCallback(
    (id: number) => actor.send(side === 'left' ? { type: 'user.pickItem', id } : { type: 'user.pickTarget', id }),
    [actor, side],
  );

  return (
    <>
      {slice.items.length === 0 ? (
        <p className="grid__empty">{t('inventory.noMatch')}</p>
      ) : (
        <div className="grid" data-testid={`grid-${side}`}>
          {slice.items.map((item) => {
            const { price, label } = cellText(item);
            return (
              <ItemCell
                key={item.id}
                item={item}
                testId={`${side === 'left' ? 'inv-item' : 'target-item'}-${item.id}`}
                selected={selected.has(item.id)}
                price={price}
                label={label}
                lockedText={lockedText}
                onPick={onPick}
              />
            );
          })}
        </div>
      )}
      <Pager side={side} page={slice.page} pages={slice.pages} />
    </>
  );
}
