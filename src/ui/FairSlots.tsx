/**
 * Mount points for the provably-fair UI (src/ui/fair, built separately): the roll verifier route and the
 * seeds-and-history panel. Loaded lazily, and only if those files are part of the build
 * (import.meta.glob finds nothing otherwise, so this page builds and runs without them).
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PageActor } from './pageActor.ts';
import { navigate } from './routes.ts';

type VerifierModule = { RollVerifierPage: ComponentType<{ rollId?: string }> };
type SeedModule = { SeedPanel: ComponentType<{ onRotated?: () => void }> };
type HistoryModule = { HistoryList: ComponentType<{ currency: 'USD' | 'RUB'; reloadKey?: unknown }> };

const verifier = import.meta.glob<VerifierModule>('./fair/RollVerifierPage.tsx');
const seeds = import.meta.glob<SeedModule>('./fair/SeedPanel.tsx');
const history = import.meta.glob<HistoryModule>('./fair/HistoryList.tsx');

function Unavailable() {
  const { t } = useTranslation();
  return <p className="muted">{t('fair.unavailable')}</p>;
}

function lazyFrom<M, P>(modules: Record<string, () => Promise<M>>, pick: (m: M) => ComponentType<P>) {
  return lazy(async () => {
    const load = Object.values(modules)[0];
    if (!load) return { default: Unavailable as ComponentType<P> };
    return { default: pick(await load()) };
  });
}

const LazyVerifier = lazyFrom(verifier, (m) => m.RollVerifierPage);
const LazySeeds = lazyFrom(seeds, (m) => m.SeedPanel);
const LazyHistory = lazyFrom(history, (m) => m.HistoryList);

/** The /{lang}/provably_fair/roll_verifier/{roll_id} page. */
export function FairVerifierRoute({ rollId }: { rollId: string }) {
  const { t } = useTranslation();
  return (
    <div className="fair-route" data-testid="roll-verifier">
      <a className="btn btn--link" href="/upgrades/" onClick={(e) => { e.preventDefault(); navigate('/upgrades/'); }}>← {t('fair.back')}</a>
      <Suspense fallback={<div className="skeleton">{t('loading')}</div>}>
        <LazyVerifier rollId={rollId} />
      </Suspense>
    </div>
  );
}

/** The seeds-and-history disclosure under the wheel (signed-in players only); loads the fair UI on first open. */
export function FairSeedsSlot() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const signedIn = PageActor.useSelector((s) => s.context.user !== null);
  const currency = PageActor.useSelector((s) => s.context.site.currency);
  const reloadKey = PageActor.useSelector((s) => s.context.game?.provably_fair.roll_id ?? null);
  if (!signedIn) return null;
  return (
    <details className="fair-slot" data-testid="fair-seeds" onToggle={(e) => setOpened(opened || (e.currentTarget as HTMLDetailsElement).open)}>
      <summary className="btn btn--ghost">{t('fair.seeds')}</summary>
      {opened && (
        <Suspense fallback={<div className="skeleton">{t('loading')}</div>}>
          <LazySeeds />
          <LazyHistory currency={currency} reloadKey={reloadKey} />
        </Suspense>
      )}
    </details>
  );
}
