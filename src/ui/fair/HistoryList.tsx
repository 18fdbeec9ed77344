import { useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { percentToThousandths, type CheckOutcome } from '../../domain/verify.ts';
import { rollVerifierPath, seedVerifierPath } from '../../fair/paths.ts';
import { CheckIcon, CrossIcon } from '../icons.tsx';
import { CopyValue } from './CopyValue.tsx';
import { FairLink } from './FairLink.tsx';
import type { FairRecords } from './useFairRecords.ts';
import { useFairFormat } from './useFairFormat.ts';
import { useHistoryChecks } from './useHistoryChecks.ts';
import { LogInclusion } from './LogInclusion.tsx';
import './fair.css';

interface Props {
  /** The page of games shown and the way to another page (useFairRecords). */
  records: Pick<FairRecords, 'history' | 'page' | 'showPage'>;
  currency: 'USD' | 'RUB';
  /** The site's chance decimals (the play page's). */
  chanceDecimals?: number;
}

/** The player's games, newest first, with a verify link each, and the seeds revealed so far. */
export function HistoryList({ records, currency, chanceDecimals }: Props) {
  const { t, i18n } = useTranslation('fair');
  const id = useId();
  const fmt = useFairFormat(currency, chanceDecimals);
  const { history: load, page, showPage } = records;
  const checks = useHistoryChecks(load.kind === 'ready' ? load.data : null);

  if (load.kind === 'error') {
    return (
      <section className="fair fair-panel fair-alert" data-testid="history" role="alert">
        {t('history.loadError', { msg: load.message })}
      </section>
    );
  }
  if (load.kind === 'loading')
    return (
      <section className="fair fair-panel fair-muted" data-testid="history" aria-busy="true">
        {t('loading')}
      </section>
    );

  const { data } = load;
  const lang = i18n.language;
  return (
    <section className="fair fair-panel" data-testid="history" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('history.heading')}</h2>
      {data.games.length === 0 ? (
        <p className="fair-muted" data-testid="history-empty">
          {t('history.empty')}
        </p>
      ) : (
        <table className="fair-table">
          <thead>
            <tr>
              {(['time', 'stake', 'target', 'chance', 'direction', 'roll', 'result'] as const).map((k) => (
                <th key={k} scope="col">
                  {t(`history.${k}`)}
                </th>
              ))}
              <th scope="col">
                <span className="fair-muted">{t('history.verify')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.games.map((g) => (
              <tr key={g.roll_id} data-testid="history-game" data-roll-id={g.roll_id}>
                <td>{fmt.time(g.time, 'short')}</td>
                <td data-testid="history-stake">
                  {fmt.money(g.stake)}{' '}
                  <span className="fair-muted">
                    ·{' '}
                    {g.stake_count === 0 ? t('history.fromBalance') : t('history.stakeCount', { count: g.stake_count })}
                  </span>
                </td>
                <td>
                  {g.target} <span className="fair-muted">· {fmt.money(g.target_price)}</span>
                </td>
                <td className="fair-number">{fmt.chance(percentToThousandths(g.chance))}</td>
                <td>{t(g.roll_under === 1 ? 'direction.shortUnder' : 'direction.shortOver')}</td>
                <td className="fair-number">{fmt.thousandths(percentToThousandths(g.roll))}</td>
                <td className={g.success === 1 ? 'fair-win' : 'fair-loss'}>
                  {t(g.success === 1 ? 'result.win' : 'result.loss')}
                </td>
                <td className="fair-nowrap fair-history-verify">
                  <HistoryCheck outcome={checks.get(g.roll_id)} />
                  <LogInclusion game={g} compact />
                  <FairLink href={rollVerifierPath(lang, g.roll_id)} testId="history-verify">
                    {t('history.verify')}
                  </FairLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.pages > 1 && (
        <nav className="fair-pager" aria-label={t('history.heading')}>
          <button
            type="button"
            className="fair-button"
            data-testid="history-newer"
            aria-disabled={page === 0}
            onClick={() => page > 0 && showPage(page - 1)}
          >
            {t('history.newer')}
          </button>
          <span data-testid="history-page">{t('history.page', { page: data.page + 1, pages: data.pages })}</span>
          <button
            type="button"
            className="fair-button"
            data-testid="history-older"
            aria-disabled={page + 1 >= data.pages}
            onClick={() => page + 1 < data.pages && showPage(page + 1)}
          >
            {t('history.older')}
          </button>
        </nav>
      )}
      <h3>{t('history.seedsHeading')}</h3>
      {data.revealed_seeds.length === 0 ? (
        <p className="fair-muted">{t('history.noSeeds')}</p>
      ) : (
        <table className="fair-table">
          <thead>
            <tr>
              <th scope="col">{t('history.seed')}</th>
              <th scope="col">{t('history.seedClient')}</th>
              <th scope="col">{t('history.seedGames')}</th>
              <th scope="col">{t('history.revealedAt')}</th>
              <th scope="col">
                <span className="fair-muted">{t('history.verify')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.revealed_seeds.map((s) => (
              <tr key={s.server_seed_hash} data-testid="history-seed">
                <td>
                  <CopyValue value={s.server_seed} what={t('history.seed')} />
                </td>
                <td>
                  <CopyValue value={s.client_seed} what={t('history.seedClient')} />
                </td>
                <td className="fair-number" data-testid="history-seed-games">
                  {fmt.decimal(s.games, 0)}
                </td>
                <td>{fmt.time(s.revealed_at, 'short')}</td>
                <td>
                  {s.games > 0 && (
                    <FairLink href={seedVerifierPath(lang, s.server_seed, s.client_seed)} testId="history-seed-verify">
                      {t('seeds.verifyGames')}
                    </FairLink>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The row's in-browser verdict; absent while computing. */
function HistoryCheck({ outcome }: { outcome: CheckOutcome | undefined }) {
  const { t } = useTranslation('fair');
  if (outcome === undefined) return null;
  const state = outcome === null ? 'pending' : outcome ? 'ok' : 'fail';
  return (
    <span
      className={`fair-mini-check fair-check--${state}`}
      data-testid="history-check"
      data-ok={outcome === null ? 'pending' : String(outcome)}
      title={t(`checks.${state}`)}
    >
      <span className="fair-check__icon" aria-hidden="true">
        {state === 'ok' ? <CheckIcon /> : state === 'fail' ? <CrossIcon /> : '…'}
      </span>
      <span className="fair-visually-hidden">{t(`checks.${state}`)}</span>
    </span>
  );
}
