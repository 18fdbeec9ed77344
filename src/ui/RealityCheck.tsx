/**
 * The reality check: its statechart (src/machines/realityCheck.ts) learns from the page when a game is under way
 * and the account's interval; when it is due, a modal dialog tells the time played and this session's result.
 * The dialog's code is a lazy chunk: most sessions never show it.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { REALITY_CHECK_DEFAULT } from '../domain/playSafe.ts';
import { realityCheckMachine } from '../machines/realityCheck.ts';
import { PageActor } from './pageActor.ts';

const LazyDialog = lazy(() => import('./RealityCheckDialog.tsx').then((m) => ({ default: m.RealityCheckDialog })));

/** Runs the check for a signed-in player and shows its dialog when due. */
export function RealityCheck() {
  const check = useActorRef(realityCheckMachine, { input: {} });
  const playing = PageActor.useSelector((s) => s.matches('playing'));
  const minutes = PageActor.useSelector((s) =>
    s.context.user ? (s.context.user.play_safe?.reality_check_minutes ?? REALITY_CHECK_DEFAULT) : 0,
  );
  const showing = useSelector(check, (s) => s.matches('showing'));
  const startedAt = useSelector(check, (s) => s.context.startedAt);
  const shownAt = useSelector(check, (s) => s.context.shownAt);
  useEffect(() => check.send({ type: 'page.playing', playing }), [check, playing]);
  useEffect(() => check.send({ type: 'page.minutes', minutes }), [check, minutes]);
  if (!showing || startedAt === null || shownAt === null) return null;
  return (
    <Suspense fallback={null}>
      <LazyDialog
        playedMs={shownAt - startedAt}
        onKeepPlaying={() => check.send({ type: 'user.keepPlaying' })}
        onStop={() => check.send({ type: 'user.stop' })}
      />
    </Suspense>
  );
}
