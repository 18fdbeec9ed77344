/** The page footer: 18+, responsible play, the fairness audit (in the account pages' chunk: not needed to paint). */
import { useTranslation } from '../../i18n/useTranslation.ts';
import { auditPath } from '../../fair/paths.ts';
import { responsiblePath } from '../routes.ts';
import { SiteLink } from './AccountShell.tsx';

/** Site footer, the same on every route. */
export function Footer() {
  const { t, i18n } = useTranslation();
  const links = [
    ['footer-responsible', responsiblePath(i18n.language), t('footer.responsible')],
    ['footer-audit', auditPath(i18n.language), t('footer.audit')],
  ] as const;
  return (
    <footer className="footer" data-testid="footer">
      <nav aria-label={t('footer.label')} className="footer__nav">
        <span className="footer__adults">18+</span>
        {links.map(([id, href, text]) => (
          <SiteLink key={id} href={href} testId={id}>
            {text}
          </SiteLink>
        ))}
      </nav>
    </footer>
  );
}
