import { useTranslation } from '../../i18n/useTranslation.ts';
import type { VerifyInputText } from '../../fair/parseVerifyInput.ts';
import { AuditLink } from './AuditLink.tsx';
import { GameVerification } from './GameVerification.tsx';
import { HandVerifyForm } from './HandVerifyForm.tsx';
import { useGameVerification } from './useGameVerification.ts';
import './fair.css';

interface Props {
  /** Absent or empty shows the hand form only. */
  rollId?: string;
  initial?: Partial<VerifyInputText>;
  /** Without it, amounts show as plain numbers. */
  currency?: 'USD' | 'RUB';
  /** The site's chance decimals (3 without a site). */
  chanceDecimals?: number;
}

/** One game verified in the browser, and the hand form. */
export function RollVerifierPage({ rollId, initial, currency, chanceDecimals }: Props) {
  const { t } = useTranslation('fair');
  return (
    <main className="fair fair-page">
      <h1 tabIndex={-1}>{t('title')}</h1>
      <p className="fair-intro">{t('intro')}</p>
      <p className="fair-intro">
        <AuditLink />
      </p>
      {rollId ? <LoadedGame rollId={rollId} currency={currency} chanceDecimals={chanceDecimals} /> : null}
      <HandVerifyForm initial={initial} />
    </main>
  );
}

function LoadedGame({
  rollId,
  currency,
  chanceDecimals,
}: Pick<Props, 'currency' | 'chanceDecimals'> & { rollId: string }) {
  const { t } = useTranslation('fair');
  const state = useGameVerification(rollId);
  switch (state.kind) {
    case 'loading':
      return (
        <p className="fair-panel fair-muted" data-testid="verify-loading" role="status">
          {t('loading')}
        </p>
      );
    case 'notFound':
      return (
        <p className="fair-panel fair-alert" data-testid="verify-error" role="alert">
          {t('errors.notFound', { rollId })}
        </p>
      );
    case 'error':
      return (
        <p className="fair-panel fair-alert" data-testid="verify-error" role="alert">
          {t('errors.load', { msg: state.message })}
        </p>
      );
    case 'ready':
      return (
        <GameVerification
          game={state.game}
          record={state.record}
          verification={state.verification}
          ownSeed={state.ownSeed}
          currency={currency}
          chanceDecimals={chanceDecimals}
        />
      );
  }
}
