import { AuditPage } from './AuditPage.tsx';
import { BackToUpgrades } from './VerifierRoute.tsx';

/** The /{lang}/provably_fair/audit page. */
export function AuditRoute() {
  return (
    <div className="fair-route" data-testid="audit-route">
      <BackToUpgrades />
      <AuditPage />
    </div>
  );
}
