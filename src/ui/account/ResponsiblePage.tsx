/** /{lang}/responsible-play: the site's tools to stay in control, the signs to stop, and where to get help. */
import { useTranslation } from '../../i18n/useTranslation.ts';
import { settingsPath, statsPath } from '../routes.ts';
import { AccountPage, SiteLink } from './AccountShell.tsx';

type Help = { name: string; text: string; url: string };
const TOOLS = ['coolOff', 'limits', 'reality', 'stats'] as const;

/** The responsible-play page (a visitor can read it too). */
export function ResponsiblePage() {
  const { t, i18n } = useTranslation('account');
  const signs = t('responsible.signs', { returnObjects: true }) as unknown as string[];
  const help = t('responsible.help', { returnObjects: true }) as unknown as Help[];
  return (
    <AccountPage testId="responsible-page" title={t('responsible.title')} intro={t('responsible.lead')}>
      <p className="account__adults" data-testid="responsible-adults">
        <span className="account__badge" aria-hidden="true">
          18+
        </span>
        {t('responsible.adults')}
      </p>
      <section className="account__section" aria-labelledby="tools-title">
        <h2 id="tools-title">{t('responsible.toolsTitle')}</h2>
        <ul className="account__list">
          {TOOLS.map((tool) => (
            <li key={tool}>{t(`responsible.tools.${tool}`)}</li>
          ))}
        </ul>
        <p className="account__actions">
          <SiteLink className="btn btn--accent" href={settingsPath(i18n.language)} testId="responsible-settings">
            {t('responsible.openSettings')}
          </SiteLink>
          <SiteLink className="btn btn--ghost" href={statsPath(i18n.language)}>
            {t('responsible.openStats')}
          </SiteLink>
        </p>
      </section>
      <section className="account__section" aria-labelledby="signs-title">
        <h2 id="signs-title">{t('responsible.signsTitle')}</h2>
        <ul className="account__list">
          {signs.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </section>
      <section className="account__section" aria-labelledby="help-title" data-testid="responsible-help">
        <h2 id="help-title">{t('responsible.helpTitle')}</h2>
        <p>{t('responsible.helpLead')}</p>
        <ul className="account__list">
          {help.map((h) => (
            <li key={h.url}>
              <a href={h.url} rel="noopener noreferrer" target="_blank">
                {h.name}
              </a>
              : {h.text}
            </li>
          ))}
        </ul>
      </section>
    </AccountPage>
  );
}
