/** What the account pages share: the way back, the heading, and the loading and failure states of their answer. */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { BackIcon } from '../icons.tsx';
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
  const { t: back } = useTranslation();
  return (
    <div className="fair-route account-route">
      <SiteLink className="btn btn--link" href="/upgrades/">
        <BackIcon />
        {back('fair.back')}
      </SiteLink>
      <main className="account" data-testid={testId}>
        <h1 tabIndex={-1}>{title}</h1>
        {intro && <p className="account__intro">{intro}</p>}
        {children}
      </main>
    </div>
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

/** An in-site link of this chunk (the page's own SiteLink would make Rolldown split React out of the entry). */
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
