/**
 * Mount points for the provably-fair UI (src/ui/fair): the roll verifier route and the seeds-and-history
 * panel. Both are lazy chunks: first paint of the upgrades page never waits for them.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { verifierHomePath } from '../fair/paths.ts';
import { PageActor } from './pageActor.ts';
import { navigate } from './routes.ts';

/**
 * The verifier route (a page of its own, never server-rendered), in the fair chunk with the verifier: the upgrades
 * page's first script does not carry it (issue 6's size budget).
 */
export const LazyVerifierRoute = lazy(() =>
  import('./fair/VerifierRoute.tsx').then((m) => ({ default: m.FairVerifierRoute })),
);
/** The fairness audit's route, its own lazy chunk (figures and charts drawn as SVG by the page). */
export const LazyAuditRoute = lazy(() => import('./fair/AuditRoute.tsx').then((m) => ({ default: m.AuditRoute })));
const LazySeedsAndHistory = lazy(() =>
  import('./fair/SeedsAndHistory.tsx').then((m) => ({ default: m.SeedsAndHistory })),
);

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
  const chanceDecimals = PageActor.useSelector((s) => s.context.site.chanceDecimals);
  const reloadKey = PageActor.useSelector((s) => s.context.game?.provably_fair.roll_id ?? null);
  if (!signedIn) {
    const href = verifierHomePath(i18n.language);
    return (
      <a
        className="btn btn--ghost fair-slot"
        href={href}
        data-testid="fair-verifier-link"
        onClick={(e) => {
          e.preventDefault();
          navigate(href);
        }}
      >
        {t('fair.verifier')}
      </a>
    );
  }
  return (
    <details
      className="fair-slot"
      data-testid="fair-seeds"
      onToggle={(e) => setOpened(opened || (e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="btn btn--ghost">{t('fair.seeds')}</summary>
      {opened && (
        <Suspense fallback={<div className="skeleton">{t('loading')}</div>}>
          <LazySeedsAndHistory currency={currency} chanceDecimals={chanceDecimals} gameKey={reloadKey} />
        </Suspense>
      )}
    </details>
  );
}
