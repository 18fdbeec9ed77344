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

/** The roll verifier route; without a roll id, the hand form prefilled from the query. */
export function FairVerifierRoute({
  rollId,
  search,
  currency,
  chanceDecimals,
}: {
  rollId?: string;
  search: string;
  /** From the page: this chunk does not import the page's actor. */
  currency: 'USD' | 'RUB';
  chanceDecimals: number;
}) {
  const { t } = useTranslation();
  const initial = useMemo(() => readVerifierQuery(search), [search]);
  return (
    <div className="fair-route" data-testid="roll-verifier">
      <BackToUpgrades />
      <Suspense fallback={<div className="skeleton">{t('loading')}</div>}>
        {/* Keyed by the query, so another seed link refills the form. */}
        <LazyVerifier
          key={search}
          rollId={rollId}
          initial={initial}
          currency={currency}
          chanceDecimals={chanceDecimals}
        />
      </Suspense>
    </div>
  );
}
