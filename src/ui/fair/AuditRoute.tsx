/** The fairness audit's route: a back link and the audit page, in the fair chunk (loaded when the route is shown). */
import { useTranslation } from '../../i18n/useTranslation.ts';
import { BackIcon } from '../icons.tsx';
import { navigate } from '../routes.ts';
import { AuditPage } from './AuditPage.tsx';

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
      <AuditPage />
    </div>
  );
}
