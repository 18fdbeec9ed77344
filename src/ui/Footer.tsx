/** The page footer: 18+, responsible play, the fairness audit. */
import { useTranslation } from '../i18n/useTranslation.ts';
import { auditPath } from '../fair/paths.ts';
import { navigate, responsiblePath } from './routes.ts';

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
          <a
            key={id}
            href={href}
            data-testid={id}
            onClick={(e) => {
              e.preventDefault();
              navigate(href);
            }}
          >
            {text}
          </a>
        ))}
      </nav>
    </footer>
  );
}
