/** The roll verifier's route: a back link and the verifier, in the fair chunk (loaded when the route is shown). */
import { Suspense, lazy, useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { readVerifierQuery } from '../../fair/paths.ts';
import { BackIcon } from '../icons.tsx';
import { navigate } from '../routes.ts';

/** The link back to the upgrades page that heads both fairness routes. */
export function BackToUpgrades() {
  const { t } = useTranslation();
  return (
    <a
      className="btn btn--link"
      href="/upgrades/"
      onClick={(e) => {
        e.preventDefault();
        navigate('/upgrades/');
      }}
    >
      <BackIcon />
      {t('fair.back')}
    </a>
  );
}

const LazyVerifier = lazy(() => import('./RollVerifierPage.tsx').then((m) => ({ default: m.RollVerifierPage })));

/**
 * The /{lang}/provably_fair/roll_verifier/{roll_id} page; without a roll id, the hand-typed form only,
 * prefilled from ?server_seed=&client_seed=&nonce= (the links a revealed seed pair gives).
 */
export function FairVerifierRoute({
  rollId,
  search,
  currency,
}: {
  rollId?: string;
  search: string;
  /** The site's currency, from the page (this chunk does not import the page's actor). */
  currency: 'USD' | 'RUB';
}) {
  const { t } = useTranslation();
  const initial = useMemo(() => readVerifierQuery(search), [search]);
  return (
    <div className="fair-route" data-testid="roll-verifier">
      <BackToUpgrades />
      <Suspense fallback={<div className="skeleton">{t('loading')}</div>}>
        {/* Keyed by the query so following another seed link refills the form rather than keeping typed text. */}
        <LazyVerifier key={search} rollId={rollId} initial={initial} currency={currency} />
      </Suspense>
    </div>
  );
}
