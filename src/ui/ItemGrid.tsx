/**
 * One page (15 cells) of a side's list, plus the pager; only the visible page is rendered. The list is derived in
 * views.ts from a per-side search index, cheap enough to follow every key press: a count and positions, of which
 * only the page's 15 items are looked up. The index folds its names for the search in idle time after the list
 * arrives, so the first key press does not. Each grid follows its own side only: typing on the right never
 * re-renders the left. A change of the view (a key press in the search box, a filter, the sort, a page turn) is
 * painted from the cells on screen written directly (cellWriter.ts), and rendered by React after that paint: a key
 * press no longer waits for React's render of the grid and its fifteen cells, the largest part of the page's own
 * time per key, most of all on a fresh page's first keys, whose code runs cold (docs/performance.md, session 14).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { SideView, TargetView } from '../machines/context.ts';
import type { SortDirection } from '../domain/filters.ts';
import type { Item } from '../domain/item.ts';
import type { Side } from '../machines/events.ts';
import type { upgradeMachine } from '../machines/upgradeMachine.ts';
import { leftResult, prepareSearch, rightResult, slicePage } from '../machines/views.ts';
import { afterPaint } from './afterPaint.ts';
import type { GridState } from './cellWriter.ts';
import { askedPictures, cellItems, cellView, ItemCell, nearArts } from './ItemCell.tsx';
import { slotsFor } from './gridSlots.ts';
import { PageActor } from './pageActor.ts';
import { Pager } from './Pager.tsx';
import { useFormat } from './useFormat.ts';

type PageSnapshot = SnapshotFrom<typeof upgradeMachine>;

/** What a grid shows: its side's list, view (filter, sort, page) and selection, from one snapshot. */
export interface GridInput {
  items: Item[];
  view: SideView;
  picked: number[] | number | null;
}

const gridInput = (side: Side, s: PageSnapshot): GridInput =>
  side === 'left'
    ? { items: s.context.inventory, view: s.context.left, picked: s.context.staked }
    : { items: s.context.uitems, view: s.context.right, picked: s.context.target };

/**
 * The grid's input, rendered as the actor's snapshots change it; only this side's (staking on the left does not
 * re-render the targets, nor a target the inventory). A change of the view alone (search text, filters, sort,
 * page) is first written into the cells on screen by `write` (cellWriter.ts) and rendered once that frame has been
 * painted; `write` returns false for any other change, or when it cannot write it (no cells yet, none to show, its
 * module not loaded yet), and the change renders at once.
 */
function useGridInput(
  side: Side,
  write: { current: (now: GridInput, next: GridInput) => boolean },
): [input: GridInput, latest: { current: GridInput }] {
  const actor = PageActor.useActorRef();
  const [input, setInput] = useState(() => gridInput(side, actor.getSnapshot()));
  // The latest input, written or rendered.
  const latest = useRef(input);
  useEffect(() => {
    let pending: (() => void) | undefined;
    const take = (s: PageSnapshot) => {
      const now = latest.current;
      const next = gridInput(side, s);
      if (next.items === now.items && next.view === now.view && next.picked === now.picked) return;
      latest.current = next;
      pending?.();
      pending = undefined;
      if (write.current(now, next)) pending = afterPaint(() => setInput(next));
      else setInput(next);
    };
    take(actor.getSnapshot());
    const subscription = actor.subscribe(take);
    void loadCellWriter();
    return () => {
      subscription.unsubscribe();
      pending?.();
    };
  }, [actor, side, write]);
  return [input, latest];
}

/**
 * The cell writer's module: only a change of the view needs it, so it loads once the page has rendered, and the
 * page's first script does not carry it (issue 6's size budget). Until it has loaded, every change renders at once.
 */
let writer: typeof import('./cellWriter.ts') | null = null;
let loading: Promise<void> | null = null;

/** Loads the cell writer (once); resolves when it is ready. */
export function loadCellWriter(): Promise<void> {
  loading ??= import('./cellWriter.ts').then((m) => {
    writer = m;
  });
  return loading;
}

const CELL_PARTS = { cellItems, nearArts, askedPictures };

/** The grid of one side. */
export function ItemGrid({ side }: { side: Side }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const actor = PageActor.useActorRef();
  const write = useRef<(now: GridInput, next: GridInput) => boolean>(() => false);
  // What the cell writer needs of the latest render (set below).
  const writerState = useRef<() => GridState>(null!);
  const [input, latest] = useGridInput(side, write);
  const { items, view, picked } = input;
  const pageOf = (of: GridInput) =>
    slicePage(
      side === 'left'
        ? leftResult({ inventory: of.items, left: of.view })
        : rightResult({ uitems: of.items, right: of.view as TargetView }),
      of.view.page,
    );
  const slice = useMemo(() => pageOf(input), [side, input]);
  // What each slot showed last: a placeholder keeps it (gridSlots.ts).
  const last = useRef<Item[]>([]);
  const slots = slotsFor(slice.items, last.current);
  const grid = useRef<HTMLDivElement>(null);
  // A render of the latest input shows it in every cell (the writer marks a grid whose cells off screen are behind).
  useLayoutEffect(() => {
    if (grid.current && input === latest.current) writer?.rendered(grid.current);
  });
  // The first screen's page of targets (PageContext.preview): cells shown but disabled until the lists load.
  const preview = PageActor.useSelector((s) => s.context.preview);
  // A key press is rehearsed on the list the player will search, not on the first screen's page.
  useSearchPrepared(side, items, view.sort, () => preview || writer?.rehearse(latest.current, writerState.current()));
  const chosen = (item: Item) => (Array.isArray(picked) ? picked.includes(item.id) : picked === item.id);
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
  const [pictured, typed] = usePictured(slice.items, view.filter.text);
  const testId = (item: Item) => `${side === 'left' ? 'inv-item' : 'target-item'}-${item.id}`;
  // A change of the view alone, written into the cells as this grid's next render will show them: the same slots,
  // texts and selection, and the pictures the browser holds.
  writerState.current = () => ({
    grid: grid.current,
    slots: (of, kept = last.current) => {
      const page = pageOf(of).items;
      return [page, slotsFor(page, kept)];
    },
    // The selection is this render's: a change of it is not the view's alone.
    cell: (item, empty) => {
      const { price, label } = cellText(item);
      return cellView(item, testId(item), chosen(item), empty, price, label, lockedText);
    },
    typed,
    parts: CELL_PARTS,
  });
  write.current = (now, next) => writer !== null && writer.writeView(now, next, writerState.current());

  const onPick = useCallback(
    (id: number) => actor.send(side === 'left' ? { type: 'user.pickItem', id } : { type: 'user.pickTarget', id }),
    [actor, side],
  );

  return (
    <>
      {slice.items.length === 0 ? (
        <p className="grid__empty">{t('inventory.noMatch')}</p>
      ) : (
        <div className="grid" data-testid={`grid-${side}`} ref={grid}>
          {slots.map(({ item, empty }, slot) => {
            const { price, label } = cellText(item);
            // Keyed by position: a key press that brings other items updates the 15 cells in place (text and
            // attributes) instead of tearing their DOM down and building it again; the cell keys its picture
            // by item, so a picture never outlives its item.
            return (
              <ItemCell
                key={slot}
                item={item}
                testId={testId(item)}
                selected={chosen(item)}
                picture={!empty && pictured(item)}
                price={price}
                label={label}
                lockedText={lockedText}
                onPick={onPick}
                empty={empty}
                preview={preview}
                eager={preview && slot < FIRST_SCREEN_PICTURES}
              />
            );
          })}
        </div>
      )}
      <Pager side={side} page={slice.page} pages={slice.pages} empty={slice.items.length === 0} />
    </>
  );
}

/**
 * How many cells of the first screen (PageContext.preview) have their picture in the server's markup: the first four,
 * the first two rows of the targets' column at 1,280 px (one row of four at 1,920 px), whose pictures are the Dota
 * and ru sites' LCP element. All fifteen put the first paint about 50 ms later at 4x (each arriving picture costs the
 * main thread before that paint); the others are asked for once the page runs, as any cell's (whenVisible.ts).
 * docs/performance.md, session 16.
 */
const FIRST_SCREEN_PICTURES = 4;

/** Stand-ins for the name and the price, from Unicode's private use area (never in a translation). */
const NAME_SLOT = '\uE000';
const PRICE_SLOT = '\uE001';

/**
 * A cell's accessible name as a function of the item's name and price: the translation is made once with stand-ins
 * and cut at them, so the label is exactly what `t(key, { name, price })` gives (values are not escaped: see
 * src/i18n/index.ts), whatever the name holds.
 */
export function labelTemplate(
  t: (key: 'item.select' | 'item.target', values: { name: string; price: string }) => string,
  key: 'item.select' | 'item.target',
) {
  const parts = t(key, { name: NAME_SLOT, price: PRICE_SLOT }).split(/([\uE000\uE001])/);
  return (name: string, price: string): string => {
    let out = '';
    for (const part of parts) out += part === NAME_SLOT ? name : part === PRICE_SLOT ? price : part;
    return out;
  };
}

/**
 * Folds the list's names for the search (SearchIndex.prepare) in the browser's idle periods once the list is on
 * show, a slice per period, so that neither the first render nor the first key press pays for 20,000 names; then,
 * in an idle period of its own, `done` (the grid rehearses a key press, cellWriter.ts). Without requestIdleCallback
 * the first search folds them.
 */
function useSearchPrepared(side: Side, items: readonly Item[], sort: SortDirection, done: () => void) {
  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') return undefined;
    let handle = requestIdleCallback(function step(deadline) {
      handle = requestIdleCallback(prepareSearch(items, sort, side, () => deadline.timeRemaining() > 1) ? done : step);
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
 * painted, or, while the player types, once the result has stayed the same for PICTURES_SETTLE_MS from the render
 * that follows its frame (a key press stops the wait at once, in `typed`). The pictures of results typed past are
 * never fetched, nor those of items that were on the page below the fold until the search moved them up.
 */
function usePictured(items: readonly Item[], text: string): [pictured: (item: Item) => boolean, typed: () => void] {
  const ids = items.map((item) => item.id).join(',');
  // The page (as its ids) whose pictures may all be asked for; the first one at once.
  const [settled, setSettled] = useState(ids);
  const lastText = useRef(text);
  // The pause's timer: a key press stops it at once (typed), though its result renders a frame later.
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const typing = text !== lastText.current;
    lastText.current = text;
    const show = () => setSettled(ids);
    if (!typing) return afterPaint(show);
    pause.current = setTimeout(show, PICTURES_SETTLE_MS);
    return () => clearTimeout(pause.current);
  }, [ids, text]);
  const all = settled === ids;
  return [(item) => all || askedPictures.has(item.image), () => clearTimeout(pause.current)];
}
