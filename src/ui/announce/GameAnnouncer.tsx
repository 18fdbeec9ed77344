/** Says the game in the live region; subscribes to the actor rather than rendering on it. */
import { useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { chanceLabel, chancePercent } from '../../domain/chance.ts';
import { toMajor, toMinor } from '../../domain/money.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { upgradeMachine } from '../../machines/upgradeMachine.ts';
import { PageActor } from '../pageActor.ts';
import { useFormat } from '../useFormat.ts';
import { wheelView } from '../wheelProps.ts';
import { directionWords, rollWords } from './gameWords.ts';
import { announce, cancelAnnouncement } from './store.ts';

type Snapshot = SnapshotFrom<typeof upgradeMachine>;

/** How long the chance must hold before it is said, so a run of clicks settles first. */
export const CHANCE_ANNOUNCE_MS = 1200;

const phaseOf = (s: Snapshot) =>
  s.matches({ playing: 'requesting' })
    ? 'requesting'
    : s.matches({ playing: 'spinning' })
      ? 'spinning'
      : s.matches('playing')
        ? 'landed'
        : s.matches('result')
          ? 'result'
          : 'choosing';

/** Renders nothing; announces through store.ts. */
export function GameAnnouncer(): null {
  const { t } = useTranslation();
  const fmt = useFormat();
  const actor = PageActor.useActorRef();
  // Read by the subscription, so a language change does not resubscribe.
  const words = useRef({ t, fmt });
  useEffect(() => {
    words.current = { t, fmt };
  }, [t, fmt]);
  useEffect(() => {
    let phase: string | null = null;
    let chanceKey = '';
    const take = (s: Snapshot) => {
      const { t, fmt } = words.current;
      const lang = s.context.site.lang;
      const decimals = s.context.site.chanceDecimals;
      const now = phaseOf(s);
      const view = wheelView(s);
      const chanceText = (c: number) => fmt.chance(chancePercent(c, decimals));
      const direction = directionWords(t, lang, view.chance, view.rollUnder);
      const first = phase === null;
      const changed = now !== phase;
      const before = phase;
      phase = now;
      const game = s.context.game;
      if (changed && !first) {
        if (now === 'requesting') {
          // The game's words come next: a chance or page position still waiting would talk over them.
          cancelAnnouncement();
          announce(t('a11y.sent'));
        } else if (before === 'requesting' && now !== 'spinning') {
          // Refused or no answer: "waiting for the roll" must not stay the region's last word.
          announce(t('a11y.stopped'));
        } else if (now === 'spinning') {
          announce(t('a11y.spinning', { chance: chanceText(view.chance), direction }));
        } else if (now === 'result' && game && view.roll != null) {
          const shared = { chance: chanceText(view.chance), direction, roll: rollWords(lang, view.roll) };
          if (game.success === 1) announce(t('a11y.won', { ...shared, item: game.item, price: fmt.money(game.price) }));
          else {
            const stake = s.context.gameStake.reduce((sum, item) => sum + toMinor(item.price), 0);
            announce(t('a11y.lost', { ...shared, stake: fmt.money(toMajor(stake)) }));
          }
        }
      }
      if (now !== 'choosing') {
        chanceKey = '';
        return;
      }
      const key = view.chance > 0 ? `${view.chance}|${view.rollUnder}` : '';
      if (key === chanceKey) return;
      chanceKey = key;
      if (!key) cancelAnnouncement('chance');
      else if (!first) {
        const label = t(`wheel.${chanceLabel(view.chance)}`);
        announce(t('a11y.chance', { chance: chanceText(view.chance), label, direction }), {
          channel: 'chance',
          delayMs: CHANCE_ANNOUNCE_MS,
        });
      }
    };
    take(actor.getSnapshot());
    const subscription = actor.subscribe(take);
    return () => {
      subscription.unsubscribe();
      cancelAnnouncement('chance');
    };
  }, [actor]);
  return null;
}
