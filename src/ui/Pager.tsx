/** Previous / next for one side's 15-cell pages; page turns and an empty result are said in the live region. */
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { Side } from '../machines/events.ts';
import { announce } from './announce/store.ts';
import { PageActor } from './pageActor.ts';

/** How long a page position or an empty result must hold before it is said (typing in a search changes both). */
const PAGE_ANNOUNCE_MS = 700;

/**
 * The pager of one side. Memoised, texts included: a key press in the search box re-renders the grid, and the pager
 * only when the page or the page count changes.
 */
export const Pager = memo(function Pager({
  side,
  page,
  pages,
  empty,
}: {
  side: Side;
  page: number;
  pages: number;
  /** No item matches the side's filters. */
  empty: boolean;
}) {
  const { t } = useTranslation();
  const actor = PageActor.useActorRef();
  const texts = useMemo(() => {
    const list = t(side === 'left' ? 'inventory.yours' : 'inventory.targets');
    return {
      list: t('a11y.pages', { list }),
      position: t('a11y.pagePosition', { list, page: page + 1, pages }),
      noMatch: t('a11y.noMatch', { list }),
      prev: t('a11y.prevPage', { list }),
      next: t('a11y.nextPage', { list }),
    };
  }, [t, side, page, pages]);
  // Said when it changes, not on the first render: a page turn, or a filter that leaves nothing or a new count.
  const said = useRef(empty ? texts.noMatch : texts.position);
  useEffect(() => {
    const now = empty ? texts.noMatch : texts.position;
    if (now === said.current) return;
    said.current = now;
    announce(now, { channel: `pager-${side}`, delayMs: PAGE_ANNOUNCE_MS });
  }, [empty, texts, side]);
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={texts.list}>
      <button
        type="button"
        className="btn btn--ghost btn--icon"
        data-testid={`page-prev-${side}`}
        aria-label={texts.prev}
        disabled={page === 0}
        onClick={() => actor.send({ type: 'user.page', side, delta: -1 })}
      >
        ‹
      </button>
      <span className="pager__pos" data-testid={`page-pos-${side}`}>
        {page + 1} / {pages}
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--icon"
        data-testid={`page-next-${side}`}
        aria-label={texts.next}
        disabled={page >= pages - 1}
        onClick={() => actor.send({ type: 'user.page', side, delta: 1 })}
      >
        ›
      </button>
    </nav>
  );
});
