/**
 * The notification toast (errors are alerts). Escape or its close button dismisses it; focus that was inside it
 * goes back to the control that had it before.
 */
import { useEffectEvent, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { focusInto, playButton } from './focus.ts';
import { PageActor } from './pageActor.ts';
import { useFormat } from './useFormat.ts';

/** Scrolls the focused control out from under the toast (app.css gives the page scroll padding above it). */
function keepClear(toast: HTMLElement | null, active: Element | null): void {
  if (!toast || !active || active === document.body) return;
  const a = active.getBoundingClientRect();
  const b = toast.getBoundingClientRect();
  if (a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right)
    active.scrollIntoView?.({ block: 'nearest' });
}

/** The current notice, if any. */
export function NoticeToast() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const actor = PageActor.useActorRef();
  const notice = PageActor.useSelector((s) => s.context.notice);
  const max = PageActor.useSelector((s) => s.context.site.rules.maxStakeItems);
  const toast = useRef<HTMLDivElement>(null);
  // The element focus returns to when the toast closes: the one it came from.
  const before = useRef<Element | null>(null);
  // Whether focus is inside the toast now.
  const holds = useRef(false);
  const shown = notice !== null;
  const giveBack = () => {
    holds.current = false;
    const back = before.current;
    const target = back instanceof HTMLElement && back.isConnected && back !== document.body ? back : playButton();
    if (target) focusInto(target);
  };
  const close = () => {
    const inside = holds.current;
    actor.send({ type: 'user.dismissNotice' });
    if (inside) giveBack();
  };
  const onEscape = useEffectEvent(close);
  // A layout effect: a toast that goes while holding focus (closed, or replaced by the game) gives it back before
  // the next paint.
  useLayoutEffect(() => {
    if (!shown) return undefined;
    before.current = document.activeElement;
    keepClear(toast.current, document.activeElement);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onEscape();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (holds.current && (document.activeElement === document.body || !document.activeElement)) giveBack();
    };
  }, [shown]);
  if (!notice) return null;
  const text =
    'key' in notice
      ? t(`notice.${notice.key}`, {
          max,
          multiplier: fmt.multiplier(notice.multiplier ?? 0),
          balance: fmt.money(notice.balance ?? 0),
        })
      : notice.text;
  return (
    <div
      key={notice.seq}
      ref={toast}
      className={`toast toast--${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-testid="error-notice"
      onFocus={(e) => {
        holds.current = true;
        if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) before.current = e.relatedTarget;
      }}
      onBlur={(e) => {
        // Focus moved elsewhere; a blur to nothing (the toast being removed) keeps the mark for the cleanup.
        if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) holds.current = false;
      }}
    >
      <span className="toast__text">{text}</span>
      <button
        type="button"
        className="toast__close"
        aria-label={t('a11y.closeNotice')}
        title={t('a11y.closeNotice')}
        data-testid="notice-close"
        onClick={close}
      >
        ×
      </button>
    </div>
  );
}
