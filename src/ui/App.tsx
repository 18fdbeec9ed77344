/** The root: header, the route's page, notices. Composes; decides nothing. */
import { Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { WheelProps } from '../canvas/wheelTypes.ts';
import { LazyAuditRoute, LazyVerifierRoute } from './FairSlots.tsx';
import { GamePanel } from './GamePanel.tsx';
import { Header } from './Header.tsx';
import { InventoryPanel } from './InventoryPanel.tsx';
import { LiveStrip } from './LiveStrip.tsx';
import { ListTabs } from './ListTabs.tsx';
import type { Side } from '../machines/events.ts';
import { NoticeToast, OutcomeAnnouncer } from './Notices.tsx';
import { PageActor } from './pageActor.ts';
import { parseRoute, usePathname, useSearch } from './routes.ts';
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

/** The upgrades page: inventories either side of the wheel; on mobile the wheel, then one list at a time (ListTabs). */
function UpgradesPage() {
  const failed = PageActor.useSelector((s) => s.matches('error'));
  const [shown, setShown] = useState<Side>('left');
  if (failed) return <LoadError />;
  return (
    <>
      <LiveStrip />
      <main className={`layout layout--show-${shown}`}>
        <GamePanel />
        <ListTabs shown={shown} onShow={setShown} />
        <InventoryPanel />
        <TargetPanel />
      </main>
    </>
  );
}

/** The app inside the page actor's provider; `wheel` swaps the renderer (UI tests pass a stub). */
export function App({ wheel }: { wheel?: ComponentType<WheelProps> }) {
  const route = parseRoute(usePathname());
  const search = useSearch();
  const { t } = useTranslation();
  const page =
    route.kind === 'verifier' ? (
      <Suspense fallback={<div className="skeleton">{t('loading')}</div>}>
        <LazyVerifierRoute rollId={route.rollId} search={search} />
      </Suspense>
    ) : route.kind === 'audit' ? (
      <Suspense fallback={<div className="skeleton">{t('loading')}</div>}>
        <LazyAuditRoute />
      </Suspense>
    ) : (
      <UpgradesPage />
    );
  return (
    <div className="app">
      <Header />
      <div className="main">{wheel ? <WheelRenderer.Provider value={wheel}>{page}</WheelRenderer.Provider> : page}</div>
      <NoticeToast />
      <OutcomeAnnouncer />
    </div>
  );
}
