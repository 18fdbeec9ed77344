/** The page header: brand, balance and tickets (bonus balance), the player's name and sign-out; sticky after 700 px. */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { STICKY_HEADER_AFTER } from '../domain/constants.ts';
import { siteRoot } from '../site/variant.ts';
import { LogoIcon, TicketIcon } from './icons.tsx';
import { focusWhenReady, inventoryHeading, signInButton } from './focus.ts';
import { PageActor } from './pageActor.ts';
import { useFormat } from './useFormat.ts';

/** Toggles the sticky look from a passive scroll listener (a class, not React state: no re-render on scroll). */
function useSticky(ref: React.RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      node.classList.toggle('header--stuck', window.scrollY > STICKY_HEADER_AFTER);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    update();
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref]);
}

/** Site header. */
export function Header() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const actor = PageActor.useActorRef();
  const user = PageActor.useSelector((s) => s.context.user);
  const site = PageActor.useSelector((s) => s.context.site);
  const canSignOut = PageActor.useSelector((s) => s.can({ type: 'user.signOut' }));
  const ref = useRef<HTMLElement>(null);
  useSticky(ref);
  return (
    <header className="header" ref={ref} data-testid="header">
      <a className="header__brand" href={siteRoot(site)}>
        <span className="header__logo">
          <LogoIcon />
        </span>
        <span>{t('brand')}</span>
        <span className="header__site">{site.site.toUpperCase()}</span>
      </a>
      {user && (
        <div className="header__user">
          <div className="stat">
            <span className="stat__label">{t('header.balance')}</span>
            <span className="stat__value num" data-testid="balance" data-value={user.balance}>
              {fmt.money(user.balance)}
            </span>
          </div>
          <div className="stat stat--tickets">
            <span className="stat__label">{t('header.tickets')}</span>
            <span className="stat__value num" data-testid="bonus-balance" data-value={user.bonus_balance}>
              <TicketIcon />
              {fmt.integer(user.bonus_balance)}
            </span>
          </div>
          {user.avatar && (
            <img
              className="header__avatar"
              data-testid="user-avatar"
              src={user.avatar}
              alt=""
              width={32}
              height={32}
              referrerPolicy="no-referrer"
            />
          )}
          <span className="header__name" data-testid="user-name">
            {user.name}
          </span>
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="sign-out"
            aria-disabled={!canSignOut}
            onClick={() => {
              if (!canSignOut) return;
              focusWhenReady(signInButton, inventoryHeading);
              actor.send({ type: 'user.signOut' });
            }}
          >
            {t('header.signOut')}
          </button>
        </div>
      )}
    </header>
  );
}
