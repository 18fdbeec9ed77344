import { useTranslation } from '../../i18n/useTranslation.ts';
import type { RollResponse } from '../../api/contract.ts';
import { rollMessage } from '../../domain/roll.ts';
import type { GameRecord, GameVerification as Verification } from '../../domain/verify.ts';
import { CheckRow } from './CheckRow.tsx';
import { CopyValue } from './CopyValue.tsx';
import { useFairFormat } from './useFairFormat.ts';
import { LogInclusion } from './LogInclusion.tsx';

interface Props {
  game: RollResponse;
  record: GameRecord;
  verification: Verification;
  /** The seed is the viewer's own to reveal: the hint says "rotate your seeds", not to wait for the player. */
  ownSeed?: boolean;
  currency?: 'USD' | 'RUB';
  /** The site's chance decimals: the chance and the win line read as the play page said them. */
  chanceDecimals?: number;
}

/** One recorded game beside its recomputation, and the checks. */
export function GameVerification({ game, record, verification, ownSeed = false, currency, chanceDecimals }: Props) {
  const { t } = useTranslation('fair');
  const fmt = useFairFormat(currency, chanceDecimals);
  const { recomputed } = verification;
  const time = fmt.time(game.time, 'medium');
  const threshold = fmt.edge(record.chance, record.rollUnder);
  const result = (win: boolean) => t(win ? 'result.win' : 'result.loss');
  const outcomes = [
    verification.seedMatchesHash,
    verification.rollMatches,
    verification.resultFollows,
    verification.chanceFollows,
  ].filter((o, i) => i < 3 || o !== null);
  const verdict = outcomes.includes(false) ? 'fail' : outcomes.includes(null) ? 'pending' : 'ok';
  return (
    <section className="fair-panel" aria-labelledby="fair-game-heading" data-testid="verify-game">
      <h2 id="fair-game-heading">{t('game.heading', { rollId: game.roll_id })}</h2>
      <p
        className={`fair-verdict fair-verdict--${verdict}`}
        data-testid="verify-summary"
        data-state={verdict}
        role="status"
      >
        {t(`checks.summary.${verdict}`)}
      </p>
      <dl className="fair-fields">
        <dt>{t('game.time')}</dt>
        <dd>{time}</dd>
        <dt>{t('game.serverSeedHash')}</dt>
        <dd>
          <CopyValue value={game.server_seed_hash} what={t('game.serverSeedHash')} testId="verify-server-seed-hash" />
        </dd>
        <dt>{t('game.serverSeed')}</dt>
        <dd>
          {game.server_seed === null ? (
            <span className="fair-muted" data-testid="verify-server-seed-hidden">
              {t(ownSeed ? 'game.serverSeedHidden' : 'game.serverSeedHiddenVisitor')}
            </span>
          ) : (
            <CopyValue value={game.server_seed} what={t('game.serverSeed')} testId="verify-server-seed" />
          )}
        </dd>
        <dt>{t('game.clientSeed')}</dt>
        <dd>
          <CopyValue value={game.client_seed} what={t('game.clientSeed')} testId="verify-client-seed" />
        </dd>
        <dt>{t('game.nonce')}</dt>
        <dd className="fair-mono" data-testid="verify-nonce">
          {game.nonce}
        </dd>
        {recomputed && (
          <>
            <dt>{t('game.message')}</dt>
            <dd className="fair-mono" data-testid="verify-message">
              {rollMessage(game.client_seed, game.nonce, recomputed.round)}
            </dd>
            <dt>{t('game.roundChunk')}</dt>
            <dd data-testid="verify-round-chunk">
              {t('game.roundChunkValue', { round: recomputed.round, chunk: recomputed.chunk })}
            </dd>
          </>
        )}
        <dt>{t('game.chance')}</dt>
        <dd className="fair-number" data-testid="verify-chance">
          {fmt.chance(record.chance)}
        </dd>
        <dt>{t('game.basis')}</dt>
        <dd className="fair-number" data-testid="verify-basis">
          {t('game.basisValue', { stake: fmt.money(game.stake), target: fmt.money(game.target_price) })}
        </dd>
        <dt>{t('game.rules')}</dt>
        <dd data-testid="verify-rules">
          {t('game.rulesValue', {
            factor: fmt.decimal(game.rules.payout_factor, 3, 0),
            min: fmt.percent(game.rules.chance_min, 3, 0),
            max: fmt.percent(game.rules.chance_max, 3, 0),
          })}
        </dd>
        <dt>{t('game.direction')}</dt>
        <dd data-testid="verify-direction">
          {t(record.rollUnder ? 'direction.under' : 'direction.over', { threshold })}
        </dd>
        <dt>{t('game.roll')}</dt>
        <dd className="fair-number" data-testid="verify-recorded-roll">
          {fmt.thousandths(record.roll)}
        </dd>
        {recomputed && (
          <>
            <dt>{t('game.recomputed')}</dt>
            <dd className="fair-number" data-testid="verify-recomputed-roll">
              {fmt.thousandths(recomputed.value)}
            </dd>
          </>
        )}
        <dt>{t('game.result')}</dt>
        <dd className={record.success ? 'fair-win' : 'fair-loss'} data-testid="verify-recorded-result">
          {result(record.success)}
        </dd>
      </dl>
      <h3>{t('checks.heading')}</h3>
      <ul className="fair-checks">
        <CheckRow testId="verify-seed-hash" label={t('checks.seedHash')} outcome={verification.seedMatchesHash} />
        <CheckRow testId="verify-roll" label={t('checks.roll')} outcome={verification.rollMatches} />
        <CheckRow testId="verify-result" label={t('checks.result')} outcome={verification.resultFollows} />
        <CheckRow testId="verify-chance-basis" label={t('checks.chance')} outcome={verification.chanceFollows} />
      </ul>
      {game.server_seed === null && (
        <p className="fair-muted" data-testid="verify-pending-hint">
          {t(ownSeed ? 'checks.pendingHint' : 'checks.pendingHintVisitor')}
        </p>
      )}
      <LogInclusion game={game} />
    </section>
  );
}
