/** Under the wheel: staked total, chance and target price as animated counters (no per-frame React renders). */
import { useRef, useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { CHANCE_COUNTER_MS, PRICE_COUNTER_MS } from '../domain/constants.ts';
import { sameSummary, summaryView } from '../machines/game.ts';
import { PageActor } from './pageActor.ts';
import { useCounter } from './useCounter.ts';
import { useFormat } from './useFormat.ts';
import { winEdge } from '../domain/chance.ts';
import { sameView, shownTone, wheelView } from './wheelProps.ts';

/** Stake, chance, target: the selection, or the game being played / shown (summaryView decides which). */
export function StakeSummary() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { stake, chance, target } = PageActor.useSelector((s) => summaryView(s.context), sameSummary);
  // The wheel's numbers: the chance's label colour and the winning range agree with what the wheel draws.
  const wheel = PageActor.useSelector(wheelView, sameView);
  const decimals = PageActor.useSelector((s) => s.context.site.chanceDecimals);
  const stakeRef = useRef<HTMLSpanElement>(null);
  const targetRef = useRef<HTMLSpanElement>(null);
  const chanceRef = useRef<HTMLSpanElement>(null);
  useCounter(stakeRef, stake, PRICE_COUNTER_MS, fmt.money);
  useCounter(targetRef, target, PRICE_COUNTER_MS, fmt.money);
  useCounter(chanceRef, chance, CHANCE_COUNTER_MS, fmt.chance);
  // The first figures are in the markup too: the server's first screen (src/entry-server.tsx) runs no layout
  // effect, and empty counters would collapse the row and shift the page when they fill. Kept as they were at
  // mount, so React never touches the text useCounter owns; the server's Intl may spell a figure differently from
  // the browser's, hence no hydration warning (useCounter writes the browser's spelling at once).
  const [first] = useState(() => ({ stake: fmt.money(stake), chance: fmt.chance(chance), target: fmt.money(target) }));
  const tone = wheel.chance > 0 ? ` tone--${shownTone(wheel.chance, decimals)}` : ' tone--none';
  // Roll R wins below C, or mirrored at 100,000 - C and above (src/domain/chance.ts isWin), in the chance's
  // decimals so the two figures agree, rounded towards fewer winning rolls: it never promises more.
  const range =
    wheel.chance > 0
      ? t(wheel.rollUnder ? 'wheel.winsBelow' : 'wheel.winsAbove', {
          value: fmt.edge(winEdge(wheel.chance, wheel.rollUnder, decimals)),
        })
      : null;

  return (
    <>
      <dl className="summary">
        <div className="summary__cell">
          <dt>{t('wheel.stake')}</dt>
          <dd>
            <span ref={stakeRef} data-testid="stake-total" className="num" suppressHydrationWarning>
              {first.stake}
            </span>
          </dd>
        </div>
        <div className="summary__cell summary__cell--chance">
          <dt>{t('wheel.chance')}</dt>
          <dd>
            <span
              ref={chanceRef}
              data-testid="chance"
              className={`num num--big${tone}`}
              aria-live="off"
              suppressHydrationWarning
            >
              {first.chance}
            </span>
          </dd>
        </div>
        <div className="summary__cell">
          <dt>{t('wheel.target')}</dt>
          <dd>
            <span ref={targetRef} data-testid="target-price" className="num" suppressHydrationWarning>
              {first.target}
            </span>
          </dd>
        </div>
      </dl>
      {range && (
        <p className="summary__range" data-testid="win-range">
          {range}
        </p>
      )}
    </>
  );
}
