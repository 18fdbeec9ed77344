/**
 * Mount points for the provably-fair UI (src/ui/fair): the roll verifier route and the seeds-and-history
 * panel. Both are lazy chunks: first paint of the upgrades page never waits for them.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { readVerifierQuery, verifierHomePath } from '../fair/paths.ts';
import { BackIcon } from './icons.tsx';
import { PageActor } from './pageActor.ts';
import { navigate } from './routes.ts';

const LazyVerifier = lazy(() => import('./fair/RollVerifierPage.tsx').then((m) => ({ default: m.RollVerifierPage })));
const LazySeeds = lazy(() => import('./fair/SeedPanel.tsx').then((m) => ({ default: m.SeedPanel })));
const LazyHistory = lazy(() => import('./fair/HistoryList.tsx').then((m) => ({ default: m.HistoryList })));

/**
 * The /{lang}/provably_fair/roll_verifier/{roll_id} page; without a roll id, the hand-typed form only,
 * prefilled from ?server_seed=&client_seed=&nonce= (the links a revealed seed pair gives).
 */
export function FairVerifierRoute({ rollId, search }: { rollId?: string; search: string }) {
  const { t } = useTranslation();
  const initial = useMemo(() => readVerifierQuery(search), [search]);
  return (
    <div className="fair-route" data-testid="roll-verifier">
      <a className="btn btn--link" href="/upgrades/" onClick={(e) => { e.preventDefault(); navigate('/upgrades/'); }}><BackIcon />{t('fair.back')}</a>
      <Suspense fallback={<div className="skeleton">{t('loading')}</div>}>
        {/* Keyed by the query so following another seed link refills the form rather than keeping typed text. */}
        <LazyVerifier key={search} rollId={rollId} initial={initial} />
      </Suspense>
    </div>
  );
}

/**
 * The slot under the wheel: for a signed-in player the seeds-and-history disclosure (loads the fair UI on first
 * open); before the player is known and for visitors, a link of the same height to the roll verifier. The slot
 * keeps its height either way, so on narrow screens (the wheel above the lists) the lists do not move down when
 * the player's data arrives after the first paint.
 */
export function FairSeedsSlot() {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const signedIn = PageActor.useSelector((s) => s.context.user !== null);
  const currency = PageActor.useSelector((s) => s.context.site.currency);
  const reloadKey = PageActor.useSelector((s) => s.context.game?.provably_fair.roll_id ?? null);
  if (!signedIn) {
    const href = verifierHomePath(i18n.language);
    return (
      <a className="btn btn--ghost fair-slot" href={href} data-testid="fair-verifier-link" onClick={(e) => { e.preventDefault(); navigate(href); }}>
        {t('fair.verifier')}
      </a>
    );
  }
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
