/**
 * Mount points of the account pages' chunk (src/ui/account): settings, statistics and responsible play, the
 * footer and the reality check, one lazy chunk the upgrades page's first script does not carry.
 */
import { lazy, Suspense } from 'react';
import { PageActor } from './pageActor.ts';
import { useFormat } from './useFormat.ts';

const chunk = () => import('./account/AccountRoutes.tsx');
const LazyAccountPage = lazy(() => chunk().then((m) => ({ default: m.AccountPages })));
const LazyExtras = lazy(() => chunk().then((m) => ({ default: m.PageExtras })));

/**
 * The footer and, for a signed-in player, the reality check: what the page knows (a game under way, the
 * account's interval, this visit's games) goes to the chunk, which does not import the page's actor. The footer
 * is the page's last block: nothing moves when it arrives once the page has loaded.
 */
export function PageExtras() {
  // The server sends it with every signed-in player; signed out, there is nothing to check.
  const playSafe = PageActor.useSelector((s) => s.context.user?.play_safe);
  // null while loading: the server's first screen is that state, and it renders no lazy chunk.
  const playing = PageActor.useSelector((s) => (s.matches('loading') ? null : s.matches('playing')));
  const session = PageActor.useSelector((s) => s.context.session);
  const site = PageActor.useSelector((s) => s.context.site);
  return (
    playing !== null && (
      <Suspense fallback={null}>
        <LazyExtras playSafe={playSafe} playing={playing} session={session} site={site} />
      </Suspense>
    )
  );
}

/** The account route of a kind (App's Suspense waits for the chunk). */
export function AccountRoute({ kind }: { kind: 'settings' | 'stats' | 'responsible' }) {
  const actor = PageActor.useActorRef();
  const fmt = useFormat();
  const currency = PageActor.useSelector((s) => s.context.site.currency);
  return (
    <LazyAccountPage
      kind={kind}
      fmt={fmt}
      currency={currency}
      // A cool-off started there takes the upgrades page to its exclusion at once (and the interval to the check).
      onPlaySafe={(playSafe) => actor.send({ type: 'account.changed', playSafe })}
    />
  );
}
