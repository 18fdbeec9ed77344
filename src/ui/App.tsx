/** The root: header, the route's page, notices. Composes; decides nothing. */
import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { WheelProps } from '../canvas/wheelTypes.ts';
import type { Side } from '../machines/events.ts';
import { LazyAuditRoute, LazyVerifierRoute } from './FairSlots.tsx';
import { GameAnnouncer } from './announce/GameAnnouncer.tsx';
import { LiveRegion } from './announce/LiveRegion.tsx';
import { focusInto, focusWhenReady } from './focus.ts';
import { GamePanel } from './GamePanel.tsx';
import { Header } from './Header.tsx';
import { InventoryPanel } from './InventoryPanel.tsx';
import { ListTabs } from './ListTabs.tsx';
import { LiveStrip } from './LiveStrip.tsx';
import { NoticeToast } from './Notices.tsx';
import { PageActor } from './pageActor.ts';
import { parseRoute, usePathname, useSearch, type Route } from './routes.ts';
import { TargetPanel } from './TargetPanel.tsx';
import { WheelRenderer } from './WheelSlot.tsx';

function LoadError() {
  const { t } = useTranslation();
  const actor = PageActor.useActorRef();
  const failure = PageActor.useSelector((s) => s.context.loadError);
  return (
    <div className="load-error" role="alert" data-testid="load-error">
      <h2>{t('error.title')}</h2>
      <p className="muted">{failure?.text ?? t(failure?.kind === 'server' ? 'error.server' : 'error.network')}</p>
      <button
        type="button"
        className="btn btn--accent"
        data-testid="retry"
        onClick={() => actor.send({ type: 'user.retry' })}
      >
        {t('error.retry')}
      </button>
    </div>
  );
}

/**
 * Links past the filters and grids, shown when focused: to each list and to Play (the game column comes first).
 * On narrow screens a list behind the other's tab is shown first (ListTabs), so its heading can take focus.
 */
function SkipLinks({ onShow }: { onShow: (side: Side) => void }) {
  const { t } = useTranslation();
  const links = [
    ['left-title', t('a11y.skipToItems')],
    ['right-title', t('a11y.skipToTargets')],
    ['play', t('a11y.skipToPlay')],
  ] as const;
  return (
    <nav className="skip-links" aria-label={t('a11y.skipLinks')}>
      {links.map(([id, text]) => (
        <a
          key={id}
          className="skip-link"
          href={`#${id}`}
          data-testid={`skip-${id}`}
          onClick={(e) => {
            // Focus moves without a hash in the address (the page's routes are paths).
            e.preventDefault();
            if (id !== 'play') flushSync(() => onShow(id === 'left-title' ? 'left' : 'right'));
            const target = document.getElementById(id);
            if (target) focusInto(target);
          }}
        >
          {text}
        </a>
      ))}
    </nav>
  );
}

/** The upgrades page: inventories either side of the wheel; on mobile the wheel, then one list at a time (ListTabs). */
function UpgradesPage({ shown, onShow }: { shown: Side; onShow: (side: Side) => void }) {
  const { t } = useTranslation();
  const failed = PageActor.useSelector((s) => s.matches('error'));
  if (failed) return <LoadError />;
  return (
    <>
      <LiveStrip />
      <main className={`layout layout--show-${shown}`}>
        <h1 className="sr-only" id="page-heading" tabIndex={-1}>
          {t('a11y.heading')}
        </h1>
        <GamePanel />
        <ListTabs shown={shown} onShow={onShow} />
        <InventoryPanel />
        <TargetPanel />
      </main>
    </>
  );
}

/** The document's title follows the route and the site's language. */
function useDocumentTitle(route: Route): void {
  const { t } = useTranslation();
  const site = PageActor.useSelector((s) => s.context.site.site);
  const title = t(`a11y.title.${route.kind}`, { site: site.toUpperCase() });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** After a move to another route, focus goes to its main heading (the link that had it is gone). */
function useRouteFocus(route: Route): void {
  const kind = useRef(route.kind);
  useEffect(() => {
    if (kind.current === route.kind) return;
    kind.current = route.kind;
    focusWhenReady(
      () => document.querySelector<HTMLElement>('main h1'),
      () => document.querySelector<HTMLElement>('.fair-route a'),
    );
  }, [route.kind]);
}

/** The app inside the page actor's provider; `wheel` swaps the renderer (UI tests pass a stub). */
export function App({ wheel }: { wheel?: ComponentType<WheelProps> }) {
  const route = parseRoute(usePathname());
  const search = useSearch();
  const currency = PageActor.useSelector((s) => s.context.site.currency);
  const chanceDecimals = PageActor.useSelector((s) => s.context.site.chanceDecimals);
  const { t } = useTranslation();
  // Which list the narrow layout shows: the tabs and the skip links both choose it.
  const [shown, setShown] = useState<Side>('left');
  useDocumentTitle(route);
  useRouteFocus(route);
  const page =
    route.kind === 'verifier' ? (
      <Suspense fallback={<div className="skeleton">{t('loading')}</div>}>
        <LazyVerifierRoute rollId={route.rollId} search={search} currency={currency} chanceDecimals={chanceDecimals} />
      </Suspense>
    ) : route.kind === 'audit' ? (
      <Suspense fallback={<div className="skeleton">{t('loading')}</div>}>
        <LazyAuditRoute />
      </Suspense>
    ) : (
      <UpgradesPage shown={shown} onShow={setShown} />
    );
  return (
    <div className="app">
      {route.kind === 'upgrades' && <SkipLinks onShow={setShown} />}
      <Header />
      <div className="main">{wheel ? <WheelRenderer.Provider value={wheel}>{page}</WheelRenderer.Provider> : page}</div>
      <NoticeToast />
      <LiveRegion />
      <GameAnnouncer />
    </div>
  );
}
