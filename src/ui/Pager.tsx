/** Previous / next for one side's 15-cell pages. */
import { memo, useMemo } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { Side } from '../machines/events.ts';
import { PageActor } from './pageActor.ts';

/**
 * The pager of one side. Memoised, texts included: a key press in the search box re-renders the grid, and the pager
 * only when the page or the page count changes.
 */
export const Pager = memo(function Pager({ side, page, pages }: { side: Side; page: number; pages: number }) {
  const { t } = useTranslation();
  const actor = PageActor.useActorRef();
  const texts = useMemo(
    () => ({ position: t('pager.position', { page: page + 1, pages }), prev: t('pager.prev'), next: t('pager.next') }),
    [t, page, pages],
  );
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={texts.position}>
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
