/** One item cell: picture on a rarity glow, price, two-line name, rarity strip; selected and locked looks. */
import { memo } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { isUsable, splitName, type Item } from '../domain/item.ts';
import { CheckIcon, LockIcon } from './icons.tsx';

interface Props {
  item: Item;
  testId: string;
  selected: boolean;
  price: string;
  lockedText: string;
  /** Stable across renders (the grid's useCallback), so a cell re-renders only when its own props change. */
  onPick: (id: number) => void;
  /** A cell of the server's first screen (PageContext.preview): disabled until the page has loaded. */
  preview?: boolean;
  /**
   * Its picture is in the first screen's markup and fetched with the HTML (the server cannot see the viewport); a
   * first screen's other cells get theirs once the page runs, every later cell lazily as it nears the viewport.
   */
  eager?: boolean;
}

/**
 * The class that gives an element the colour of rarity `type` (` r-<type>`, app.css), with a space before it; none for
 * a type that is not a plain word (the element keeps the default colour, as for a type app.css does not know).
 */
export const rarityClass = (type: string): string => (/^\w+$/.test(type) ? ` r-${type}` : '');

/** A clickable item cell (a button: keyboard reachable, pressed state announced). */
export const ItemCell = memo(function ItemCell({
  item,
  testId,
  selected,
  price,
  lockedText,
  onPick,
  preview,
  eager,
}: Props) {
  const [line1, line2] = splitName(item.name);
  const locked = !isUsable(item);
  const className = `cell${rarityClass(item.type)}${selected ? ' cell--selected' : ''}${locked ? ' cell--locked' : ''}`;
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      disabled={preview}
      aria-pressed={selected}
      title={locked ? lockedText : undefined}
      onClick={() => onPick(item.id)}
    >
      <span className="cell__in">
        <span className="cell__price">{price}</span>
        <span className="cell__art">
          <img
            src={preview && !eager ? undefined : item.image}
            loading={eager ? undefined : 'lazy'}
            alt=""
            decoding="async"
            width="96"
            height="72"
          />
        </span>
        <span className="cell__name">
          <span className="cell__line1">{line1}</span>
          <span className="cell__line2">{line2 || '\u00a0'}</span>
        </span>
        {selected && (
          <span className="cell__check">
            <CheckIcon />
          </span>
        )}
        {locked && (
          <span className="cell__lock">
            <LockIcon />
            <span className="cell__why">{lockedText}</span>
          </span>
        )}
      </span>
    </button>
  );
});

interface SellProps {
  item: Item;
  /** The cell's price, which is what the server pays for the item. */
  price: string;
  /** Off (aria-disabled, still focusable) while the page cannot sell: a game, a sale or a reload under way. */
  enabled: boolean;
  onSell: (id: number) => void;
}

/** An inventory cell's sell button: its visible text names the price, its accessible name the item too. */
export const SellButton = memo(function SellButton({ item, price, enabled, onSell }: SellProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn--ghost cell-sell"
      data-testid={`inv-sell-${item.id}`}
      aria-label={t('actions.sellItem', { price, item: item.name })}
      aria-disabled={!enabled || undefined}
      onClick={() => {
        if (enabled) onSell(item.id);
      }}
    >
      {t('actions.sell', { price })}
    </button>
  );
});
