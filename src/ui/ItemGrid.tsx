/** One page (15 cells) of a side's list, plus the pager; only the visible page is rendered. */
import { useCallback, useDeferredValue, useMemo } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
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
  const staked = PageActor.useSelector((s) => s.context.staked);
  const target = PageActor.useSelector((s) => s.context.target);
  // Typing stays responsive over 20,000 targets: the list follows the input at lower priority.
  const deferredView = useDeferredValue(view);
  const list = useMemo(
    () => (side === 'left' ? leftList({ inventory: items, left: deferredView }) : rightList({ uitems: items, right: deferredView as typeof view & { bp: boolean; maxLevels: number | null; levelsCap: number } })),
    [side, items, deferredView],
  );
  const slice = slicePage(list, view.page);
  const selected = useMemo(() => new Set(side === 'left' ? staked : target == null ? [] : [target]), [side, staked, target]);
  const onPick = useCallback(
    (id: number) => actor.send(side === 'left' ? { type: 'user.pickItem', id } : { type: 'user.pickTarget', id }),
    [actor, side],
  );

  return (
    <>
      {slice.items.length === 0 ? (
        <p className="grid__empty">{t('inventory.noMatch')}</p>
      ) : (
        <div className="grid" data-testid={`grid-${side}`} aria-busy={deferredView !== view}>
          {slice.items.map((item) => {
            const price = fmt.money(item.price);
            return (
              <ItemCell
                key={item.id}
                item={item}
                testId={`${side === 'left' ? 'inv-item' : 'target-item'}-${item.id}`}
                selected={selected.has(item.id)}
                price={price}
                label={t(side === 'left' ? 'item.select' : 'item.target', { name: item.name, price })}
                lockedText={t('item.locked')}
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
