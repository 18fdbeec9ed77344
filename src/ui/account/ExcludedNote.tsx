/** In Play's place while a cool-off or self-exclusion runs: until when, what still works, the settings. */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { settingsPath } from '../routes.ts';
import { SiteLink } from './AccountShell.tsx';
import { useDateTime } from './useDateTime.ts';

/** `until`: the cool-off's end (epoch ms), null for good. */
export function ExcludedNote({ until }: { until: number | null }) {
  const { t, i18n } = useTranslation();
  const when = useDateTime();
  const ref = useRef<HTMLDivElement>(null);
  // A refused Play leads here (its message in the toast) and its button is gone: focus comes to the note rather
  // than the document. A page opened during a break keeps focus where the browser put it.
  useEffect(() => {
    const lost = document.activeElement === document.body || document.activeElement === null;
    if (lost && document.querySelector('[data-testid="error-notice"]')) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="play-excluded" id="play" data-testid="play-excluded" ref={ref} tabIndex={-1}>
      <p className="play-excluded__when" data-until={until ?? 'permanent'}>
        {until === null ? t('excluded.permanent') : t('excluded.until', { time: when(until) })}
      </p>
      <p className="muted">{t('excluded.still')}</p>
      <SiteLink className="btn btn--ghost" href={settingsPath(i18n.language)} testId="excluded-settings">
        {t('excluded.settings')}
      </SiteLink>
    </div>
  );
}
