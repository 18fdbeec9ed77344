/**
 * Mount points for the account pages (src/ui/account): settings, statistics and responsible play, one lazy chunk
 * the upgrades page's first script does not carry. They get the page's formatters and tell it new settings.
 */
import { lazy, Suspense, useCallback } from 'react';
import type { PlaySafeDto } from '../api/contract.ts';
import { useTranslation } from '../i18n/useTranslation.ts';
import { PageActor } from './pageActor.ts';
import { useFormat } from './useFormat.ts';

const chunk = () => import('./account/AccountRoutes.tsx');
const LazySettings = lazy(() => chunk().then((m) => ({ default: m.SettingsPage })));
const LazyStats = lazy(() => chunk().then((m) => ({ default: m.StatsPage })));
const LazyResponsible = lazy(() => chunk().then((m) => ({ default: m.ResponsiblePage })));

/** The account route of a kind. */
export function AccountRoute({ kind }: { kind: 'settings' | 'stats' | 'responsible' }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const actor = PageActor.useActorRef();
  const currency = PageActor.useSelector((s) => s.context.site.currency);
  // A cool-off started here takes the upgrades page to its exclusion at once (and the interval to the check).
  const onPlaySafe = useCallback((playSafe: PlaySafeDto) => actor.send({ type: 'account.changed', playSafe }), [actor]);
  return (
    <Suspense fallback={<div className="skeleton">{t('loading')}</div>}>
      {kind === 'settings' ? (
        <LazySettings fmt={fmt} currency={currency} onPlaySafe={onPlaySafe} />
      ) : kind === 'stats' ? (
        <LazyStats fmt={fmt} />
      ) : (
        <LazyResponsible />
      )}
    </Suspense>
  );
}
