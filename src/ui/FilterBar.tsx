/** One side's filters: search, min/max price, rarity, price sort; on the right of the Dota site, BP mode and max levels. */
import { useMemo } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { FilterState } from '../domain/filters.ts';
import type { Side } from '../machines/events.ts';
import { SortIcon } from './icons.tsx';
import { PageActor } from './pageActor.ts';
import { rarityName } from './rarityName.ts';

const toNumber = (v: string): number | null => (v.trim() === '' || !Number.isFinite(Number(v)) ? null : Number(v));

/**
 * The search box of one side. Uncontrolled: the box holds what the player types, and a key press renders no
 * component (the grid writes its cells on screen itself, ItemGrid.tsx). The machine's search text changes only
 * through this box, so the two never differ.
 */
function SearchBox({ side }: { side: Side }) {
  const { t } = useTranslation();
  const actor = PageActor.useActorRef();
  // Translated once per language, not per key press.
  const label = useMemo(() => t(side === 'left' ? 'filter.searchLeft' : 'filter.searchRight'), [t, side]);
  // The wrapper is the relayout boundary of the input (app.css).
  return (
    <>
      <label className="filters__label" htmlFor={`search-${side}`}>
        {label}
      </label>
      <div className="filters__search">
        <input
          className="input"
          type="search"
          autoComplete="off"
          id={`search-${side}`}
          data-testid={`search-${side}`}
          defaultValue={actor.getSnapshot().context[side].filter.text}
          onChange={(e) => actor.send({ type: 'user.setFilter', side, patch: { text: e.target.value } })}
        />
      </div>
    </>
  );
}

/** A price bound of the filters, in major units ('' when unset). */
function PriceField(props: {
  label: string;
  testId: string;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  return (
    <label className="field filters__price">
      <span>{props.label}</span>
      <input
        className="input"
        type="number"
        autoComplete="off"
        inputMode="decimal"
        min="0"
        step="0.01"
        data-testid={props.testId}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(toNumber(e.target.value))}
      />
    </label>
  );
}

/** The filter controls of one side. */
export function FilterBar({ side }: { side: Side }) {
  const { t } = useTranslation();
  const actor = PageActor.useActorRef();
  const minPrice = PageActor.useSelector((s) => s.context[side].filter.minPrice);
  const maxPrice = PageActor.useSelector((s) => s.context[side].filter.maxPrice);
  const rarity = PageActor.useSelector((s) => s.context[side].filter.rarity);
  const sort = PageActor.useSelector((s) => s.context[side].sort);
  const rarities = PageActor.useSelector((s) => s.context.site.rarities);
  const bpMode = PageActor.useSelector((s) => side === 'right' && s.context.site.bpMode);
  const bp = PageActor.useSelector((s) => s.context.right.bp);
  const maxLevels = PageActor.useSelector((s) => s.context.right.maxLevels);
  const levelsCap = PageActor.useSelector((s) => s.context.right.levelsCap);
  const set = (patch: Partial<FilterState>) => actor.send({ type: 'user.setFilter', side, patch });
  // Disabled while the targets are the first screen's page (PageContext.preview): nothing can be typed before the
  // page has its lists (or before it runs at all), to be lost or applied to a page of 15. The controls have
  // autocomplete off, which also keeps a browser from restoring earlier values into the server's markup (on a reload
  // or a history navigation) that the page, starting from its defaults, would not apply.
  const preview = PageActor.useSelector((s) => s.context.preview);

  return (
    <fieldset className="filters" disabled={preview}>
      <SearchBox side={side} />
      <div className="filters__row">
        <PriceField
          label={t('filter.minPrice')}
          testId={`min-price-${side}`}
          value={minPrice}
          onChange={(v) => set({ minPrice: v })}
        />
        <PriceField
          label={t('filter.maxPrice')}
          testId={`max-price-${side}`}
          value={maxPrice}
          onChange={(v) => set({ maxPrice: v })}
        />
        <select
          className="input filters__rarity"
          autoComplete="off"
          data-testid={`rarity-${side}`}
          aria-label={t('filter.rarity')}
          value={rarity}
          onChange={(e) => set({ rarity: e.target.value })}
        >
          <option value="">{t('filter.all')}</option>
          {rarities.map((r) => (
            <option key={r} value={r}>
              {rarityName(t, r)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn--ghost filters__sort"
          data-testid={`sort-${side}`}
          aria-label={t(sort === 'asc' ? 'filter.sortAsc' : 'filter.sortDesc')}
          title={t(sort === 'asc' ? 'filter.sortAsc' : 'filter.sortDesc')}
          onClick={() => actor.send({ type: 'user.toggleSort', side })}
        >
          <SortIcon up={sort === 'asc'} />
          {t('filter.price')}
        </button>
        {bpMode && (
          <div className="filters__bp">
            <label className="check">
              <input
                type="checkbox"
                autoComplete="off"
                data-testid="bp-mode"
                checked={bp}
                onChange={() => actor.send({ type: 'user.toggleBp' })}
              />
              <span>{t('filter.bp')}</span>
            </label>
            {bp && (
              // A visible label and a short placeholder: the whole 'Max levels ≤ 3000' never fit inside the input.
              <label className="filters__levels">
                <span>{t('filter.maxLevels')}</span>
                <input
                  className="input"
                  type="number"
                  autoComplete="off"
                  min="0"
                  max={levelsCap}
                  data-testid="max-levels"
                  placeholder={`≤ ${levelsCap}`}
                  value={maxLevels ?? ''}
                  onChange={(e) => actor.send({ type: 'user.setMaxLevels', value: toNumber(e.target.value) })}
                />
              </label>
            )}
          </div>
        )}
      </div>
    </fieldset>
  );
}
