import { Suspense } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { auditPath } from '../../fair/paths.ts';
import { navigate } from '../routes.ts';

/** A link to the audit, followed without reloading the page. */
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

/** Shown once the audit's strings have loaded; the screen around it does not wait. */
export function AuditLink(props: { className?: string }) {
  return (
    <Suspense fallback={null}>
      <AuditLinkText {...props} />
    </Suspense>
  );
}
