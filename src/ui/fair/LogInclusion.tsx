import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { LogInclusion as Inclusion, LoggedGameFacts } from '../../fair/logCheck.ts';
import { CheckIcon, CrossIcon } from '../icons.tsx';
import './log.css';

/** How long to wait before asking again while the game is not in a signed checkpoint yet. */
const RETRY_MS = 2000;

/**
 * Whether the game is in the site's public log, verified in this browser (src/fair/logCheck.ts, loaded on
 * demand so the log's code stays out of the first paint).
 */
export function LogInclusion({ game, compact = false }: { game: LoggedGameFacts; compact?: boolean }) {
  const { t } = useTranslation('fair');
  const [result, setResult] = useState<Inclusion | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () =>
      void import('../../fair/logCheck.ts')
        .then((m) => m.checkGameInLog(game))
        .then((r) => {
          if (!live) return;
          setResult(r);
          if (r.state === 'waiting') timer = setTimeout(run, RETRY_MS);
        });
    run();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The facts of one game do not change while it is shown: re-check only for another game.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [game.roll_id]);

  const state = result?.state ?? 'checking';
  const text =
    result === null
      ? t('log.checking')
      : result.state === 'verified'
        ? t(compact ? 'log.verifiedShort' : 'log.verified', { index: result.index, size: result.size })
        : result.state === 'waiting'
          ? t('log.waiting')
          : t(`log.failed.${result.reason}`);
  const Tag = compact ? 'span' : 'p';
  return (
    <Tag
      className={`fair-log fair-log--${state}${compact ? ' fair-log--compact' : ''}`}
      data-testid="log-inclusion"
      data-state={state}
      role={state === 'failed' ? 'alert' : 'status'}
    >
      <span className="fair-log__icon" aria-hidden="true">
        {state === 'verified' ? <CheckIcon /> : state === 'failed' ? <CrossIcon /> : '…'}
      </span>{' '}
      {text}
    </Tag>
  );
}
