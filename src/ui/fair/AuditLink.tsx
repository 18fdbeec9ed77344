/** The link to the fairness audit that the provably fair screens carry. */
import { Suspense } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { auditPath } from '../../fair/paths.ts';
import { navigate } from '../routes.ts';

/** A link to /{lang}/provably_fair/audit, followed without reloading the page. */
function AuditLinkText({ className = 'fair-audit-link' }: { className?: string }) {
  const { t, i18n } = useTranslation('audit');
  const href = auditPath(i18n.language);
  return (
    <a
      className={className}
      href={href}
      data-testid="audit-link"
      onClick={(e) => {
        e.preventDefault();
        navigate(href);
      }}
    >
      {t('link')}
    </a>
  );
}

/** The link, shown once the audit's strings have loaded (the screen around it does not wait for them). */
export function AuditLink(props: { className?: string }) {
  return (
    <Suspense fallback={null}>
      <AuditLinkText {...props} />
    </Suspense>
  );
}
