/** The sign-in prompt with a real sign-in / register form (POST /api/auth/login or /register via the statechart). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { SignInMode } from '../machines/events.ts';
import { firstStakeCell, focusWhenReady, inventoryHeading } from './focus.ts';
import { PageActor } from './pageActor.ts';
import { SteamSignIn } from './SteamSignIn.tsx';

/** Sign-in prompt (data-testid sign-in). Field values are local form state; submitting is the statechart's. */
export function SignInForm() {
  const { t } = useTranslation();
  const actor = PageActor.useActorRef();
  const busy = PageActor.useSelector((s) => s.matches({ unauthenticated: 'submitting' }));
  const [mode, setMode] = useState<SignInMode>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [adult, setAdult] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // Signed in, the form gives way to the inventory: focus follows to its first item.
    focusWhenReady(firstStakeCell, inventoryHeading);
    actor.send({ type: 'user.signIn', mode, username, password, ageConfirmed: mode === 'register' && adult });
  };

  return (
    <div className="signin" data-testid="sign-in">
      <h3 className="signin__title">{t('signIn.title')}</h3>
      <p className="signin__hint">{t('signIn.hint')}</p>
      <SteamSignIn />
      <form className="signin__form" onSubmit={submit} data-testid="sign-in-form">
        <label className="field">
          <span>{t('signIn.username')}</span>
          <input
            className="input"
            name="username"
            autoComplete="username"
            required
            data-testid="sign-in-username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('signIn.password')}</span>
          <input
            className="input"
            name="password"
            type="password"
            required
            data-testid="sign-in-password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {mode === 'register' && (
          <label className="check">
            <input
              type="checkbox"
              name="age_confirmed"
              required
              data-testid="sign-in-age"
              checked={adult}
              onChange={(e) => setAdult(e.target.checked)}
            />
            <span>{t('signIn.ageConfirm')}</span>
          </label>
        )}
        <button type="submit" className="btn btn--accent btn--block" data-testid="sign-in-submit" aria-disabled={busy}>
          {busy ? t('signIn.working') : t(mode === 'login' ? 'signIn.login' : 'signIn.register')}
        </button>
        <button
          type="button"
          className="btn btn--link"
          data-testid="sign-in-mode"
          onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
        >
          {t(mode === 'login' ? 'signIn.toRegister' : 'signIn.toLogin')}
        </button>
      </form>
    </div>
  );
}
