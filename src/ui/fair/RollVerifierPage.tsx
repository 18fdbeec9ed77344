/** The page at /{lang}/provably_fair/roll_verifier/{roll_id}: one game verified in the browser, and the hand form. */
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { VerifyInputText } from '../../fair/parseVerifyInput.ts';
import { AuditLink } from './AuditLink.tsx';
import { GameVerification } from './GameVerification.tsx';
import { HandVerifyForm } from './HandVerifyForm.tsx';
import { useGameVerification } from './useGameVerification.ts';
import './fair.css';

interface Props {
  /** The game to load; absent or empty shows the hand form only. */
  rollId?: string;
  /** Prefilled hand-form fields (see readVerifierQuery). */
  initial?: Partial<VerifyInputText>;
  /** The site's currency, for the game's stake and target price (plain numbers without it). */
  currency?: 'USD' | 'RUB';
}

/** The roll verifier page. */
export function RollVerifierPage({ rollId, initial, currency }: Props) {
  const { t } = useTranslation('fair');
  return (
    <main className="fair fair-page">
      <h1 tabIndex={-1}>{t('title')}</h1>
      <p className="fair-intro">{t('intro')}</p>
      <p className="fair-intro">
        <AuditLink />
      </p>
      {rollId ? <LoadedGame rollId={rollId} currency={currency} /> : null}
      <HandVerifyForm initial={initial} />
    </main>
  );
}

/** The game part: loading, not found, failed, or verified. */
function LoadedGame({ rollId, currency }: { rollId: string; currency: Props['currency'] }) {
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
          currency={currency}
        />
      );
  }
}
