/** The notification toast (errors are alerts) and the polite live region announcing each game's outcome. */
import { useTranslation } from '../i18n/useTranslation.ts';
import { PageActor } from './pageActor.ts';

/** The current notice, if any. */
export function NoticeToast() {
  const { t } = useTranslation();
  const actor = PageActor.useActorRef();
  const notice = PageActor.useSelector((s) => s.context.notice);
  const max = PageActor.useSelector((s) => s.context.site.rules.maxStakeItems);
  if (!notice) return null;
  const text = 'key' in notice ? t(`notice.${notice.key}`, { max }) : notice.text;
  return (
    <div
      key={notice.seq}
      className={`toast toast--${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-testid="error-notice"
    >
      <span className="toast__text">{text}</span>
      <button
        type="button"
        className="toast__close"
        aria-label={t('notice.close')}
        data-testid="notice-close"
        onClick={() => actor.send({ type: 'user.dismissNotice' })}
      >
        ×
      </button>
    </div>
  );
}

/** Screen-reader announcement of the outcome once the result panel shows. */
export function OutcomeAnnouncer() {
  const { t } = useTranslation();
  const text = PageActor.useSelector((s) => {
    const g = s.matches('result') ? s.context.game : null;
    if (!g) return '';
    const roll = g.provably_fair.roll.toFixed(3);
    return g.success === 1 ? t('result.announceWin', { item: g.item, roll }) : t('result.announceLoss', { roll });
  });
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {text}
    </div>
  );
}
