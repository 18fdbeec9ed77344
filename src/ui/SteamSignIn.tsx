/** The sign-in area's first choice: a plain link that starts Steam's OpenID flow on the server. */
import { useTranslation } from '../i18n/useTranslation.ts';

/** "Sign in through Steam" (data-testid steam-sign-in), then the divider before the username form. */
export function SteamSignIn() {
  const { t } = useTranslation();
  return (
    <>
      <a className="btn btn--block btn--steam" href="/api/auth/steam" data-testid="steam-sign-in">
        {t('steamSignIn.button')}
      </a>
      <p className="signin__or">{t('steamSignIn.or')}</p>
    </>
  );
}
