/** Previous / next for one side's 15-cell pages. */
import { useTranslation } from '../i18n/useTranslation.ts';
import type { Side } from '../machines/events.ts';
import { PageActor } from './pageActor.ts';

/** The pager of one side. */
export function Pager({ side, page, pages }: { side: Side; page: number; pages: number }) {
  const { t } = useTranslation();
  const actor = PageActor.useActorRef();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.position', { page: page + 1, pages })}>
      <button type="button" className="btn btn--ghost btn--icon" data-testid={`page-prev-${side}`} aria-label={t('pager.prev')}
        disabled={page === 0} onClick={() => actor.send({ type: 'user.page', side, delta: -1 })}>‹</button>
      <span className="pager__pos" data-testid={`page-pos-${side}`}>{page + 1} / {pages}</span>
      <button type="button" className="btn btn--ghost btn--icon" data-testid={`page-next-${side}`} aria-label={t('pager.next')}
        disabled={page >= pages - 1} onClick={() => actor.send({ type: 'user.page', side, delta: 1 })}>›</button>
    </nav>
  );
}
