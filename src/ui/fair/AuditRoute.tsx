/** The fairness audit's route: a back link and the audit page, in the audit chunk (loaded when the route is shown). */
import { Suspense, lazy } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { BackIcon } from '../icons.tsx';
import { navigate } from '../routes.ts';

const LazyAuditPage = lazy(() => import('./AuditPage.tsx').then((m) => ({ default: m.AuditPage })));

/** The /{lang}/provably_fair/audit page. */
export function AuditRoute() {
  const { t } = useTranslation();
  return (
    <div className="fair-route" data-testid="audit-route">
      <a
        className="btn btn--link"
        href="/upgrades/"
        onClick={(e) => {
          e.preventDefault();
          navigate('/upgrades/');
        }}
      >
        <BackIcon />
        {t('fair.back')}
      </a>
      <Suspense fallback={<div className="skeleton">{t('loading')}</div>}>
        <LazyAuditPage />
      </Suspense>
    </div>
  );
}
