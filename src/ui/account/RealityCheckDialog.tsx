/**
 * The reality check's dialog (WAI-ARIA modal dialog pattern): focus moves in and stays in, Escape keeps playing,
 * focus goes back where it was on close. It tells the time since the session's first game and the result of this
 * visit's games as their answers told them.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { toMajor } from '../../domain/money.ts';
import type { SessionTally } from '../../machines/context.ts';
import type { Formatters } from '../../site/format.ts';
import { navigate, settingsPath } from '../routes.ts';

const focusable = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The time played as hours and minutes. */
function useDuration(playedMs: number): string {
  const { t } = useTranslation();
  const minutes = Math.max(0, Math.floor(playedMs / 60_000));
  return minutes < 60
    ? t('reality.minutes', { count: minutes })
    : t('reality.hours', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}

/**
 * The dialog; `onStop` also leads to the limits in the account settings. The page's figures come as props: this
 * chunk does not import the page's actor.
 */
export function RealityCheckDialog({
  playedMs,
  session,
  fmt,
  onKeepPlaying,
  onStop,
}: {
  /** From the session's first game to the moment the check fell due and showed. */
  playedMs: number;
  session: SessionTally;
  fmt: Formatters;
  onKeepPlaying: () => void;
  onStop: () => void;
}) {
  const { t, i18n } = useTranslation();
  const duration = useDuration(playedMs);
  const box = useRef<HTMLDivElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    keep.current?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);
  const net = session.wonMinor - session.stakeMinor;
  return (
    <div className="reality-backdrop">
      <div
        className="reality"
        role="dialog"
        aria-modal="true"
        aria-labelledby="reality-title"
        aria-describedby="reality-body"
        data-testid="reality-check"
        ref={box}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onKeepPlaying();
            return;
          }
          if (e.key !== 'Tab' || !box.current) return;
          const items = [...box.current.querySelectorAll<HTMLElement>(focusable)];
          const first = items[0];
          const last = items[items.length - 1];
          if (e.shiftKey && document.activeElement === first) {
            e.preventDefault();
            last.focus();
          } else if (!e.shiftKey && document.activeElement === last) {
            e.preventDefault();
            first.focus();
          }
        }}
      >
        <h2 id="reality-title">{t('reality.title')}</h2>
        <div id="reality-body">
          <p data-testid="reality-time">{t('reality.played', { time: duration })}</p>
          <dl className="reality__figures">
            <div>
              <dt>{t('reality.games')}</dt>
              <dd className="num" data-testid="reality-games" data-value={session.games}>
                {fmt.integer(session.games)}
              </dd>
            </div>
            <div>
              <dt>{t('reality.stake')}</dt>
              <dd className="num" data-testid="reality-stake" data-value={toMajor(session.stakeMinor)}>
                {fmt.money(toMajor(session.stakeMinor))}
              </dd>
            </div>
            <div>
              <dt>{t('reality.won')}</dt>
              <dd className="num" data-testid="reality-won" data-value={toMajor(session.wonMinor)}>
                {fmt.money(toMajor(session.wonMinor))}
              </dd>
            </div>
            <div>
              <dt>{t('reality.net')}</dt>
              <dd className="num" data-testid="reality-net" data-value={toMajor(net)}>
                {fmt.money(toMajor(net))}
              </dd>
            </div>
          </dl>
        </div>
        <div className="reality__actions">
          <button
            type="button"
            className="btn btn--accent"
            ref={keep}
            data-testid="reality-keep"
            onClick={onKeepPlaying}
          >
            {t('reality.keep')}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="reality-stop"
            onClick={() => {
              onStop();
              navigate(`${settingsPath(i18n.language)}#limits`);
            }}
          >
            {t('reality.stop')}
          </button>
        </div>
      </div>
    </div>
  );
}
