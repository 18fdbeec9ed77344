/**
 * The reality check's running part, in the account pages' chunk (loaded once a player is signed in): its
 * statechart (src/machines/realityCheck.ts) and, when due, the dialog. What it knows of the page comes as props:
 * this chunk does not import the page's actor.
 */
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { SessionTally } from '../../machines/context.ts';
import { realityCheckMachine } from '../../machines/realityCheck.ts';
import type { Formatters } from '../../site/format.ts';
import { RealityCheckDialog } from './RealityCheckDialog.tsx';

/** Runs the check: `playing` while a game is under way, `minutes` the account's interval (0: off). */
export function RealityCheckRun({
  playing,
  minutes,
  session,
  fmt,
}: {
  playing: boolean;
  minutes: number;
  session: SessionTally;
  fmt: Formatters;
}) {
  const check = useActorRef(realityCheckMachine, { input: { minutes } });
  const showing = useSelector(check, (s) => s.matches('showing'));
  const startedAt = useSelector(check, (s) => s.context.startedAt);
  const shownAt = useSelector(check, (s) => s.context.shownAt);
  useEffect(() => check.send({ type: 'page.playing', playing }), [check, playing]);
  useEffect(() => check.send({ type: 'page.minutes', minutes }), [check, minutes]);
  if (!showing || startedAt === null || shownAt === null) return null;
  return (
    <RealityCheckDialog
      playedMs={shownAt - startedAt}
      session={session}
      fmt={fmt}
      onKeepPlaying={() => check.send({ type: 'user.keepPlaying' })}
      onStop={() => check.send({ type: 'user.stop' })}
    />
  );
}
