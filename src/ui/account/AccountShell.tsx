/** What the account pages share: the way back, the heading, and the loading and failure states of their answer. */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { BackToUpgrades } from '../fair/VerifierRoute.tsx';
import { navigate } from '../routes.ts';
import type { AccountLoad } from './useAccountLoad.ts';
import './account.css';

/** A page of the account: back link, h1, intro, then its content. */
export function AccountPage({
  testId,
  title,
  intro,
  children,
}: {
  testId: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="fair-route account-route">
      <BackToUpgrades />
      <main className="account" data-testid={testId}>
        <h1 tabIndex={-1}>{title}</h1>
        {intro && <p className="account__intro">{intro}</p>}
        {children}
      </main>
    </div>
  );
}

/** An in-site link that moves without reloading the page. */
export function SiteLink({
  href,
  className,
  testId,
  children,
}: {
  href: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className={className}
      data-testid={testId}
      onClick={(e) => {
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

/** The answer's content once ready; before, a loading line or the server's message with a retry. */
export function Loaded<T>({
  load,
  retry,
  children,
}: {
  load: AccountLoad<T>;
  retry: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('account');
  const { t: page } = useTranslation();
  if (load.kind === 'loading') return <p className="skeleton">{page('loading')}</p>;
  if (load.kind === 'error')
    return (
      <div className="account__failed" role="alert" data-testid="account-failed">
        <p>{load.msg || t('failed')}</p>
        <button type="button" className="btn btn--ghost" onClick={retry}>
          {t('retry')}
        </button>
      </div>
    );
  return <>{children(load.data)}</>;
}
