import { useTranslation } from '../../i18n/useTranslation.ts';
import type { CheckOutcome } from '../../domain/verify.ts';
import { CheckIcon, CrossIcon } from '../icons.tsx';

/** A check: pass, fail, or pending while the server seed is still secret. */
export function CheckRow({ testId, label, outcome }: { testId: string; label: string; outcome: CheckOutcome }) {
  const { t } = useTranslation('fair');
  const state = outcome === null ? 'pending' : outcome ? 'ok' : 'fail';
  const status = t(`checks.${state}`);
  return (
    <li
      className={`fair-check fair-check--${state}`}
      data-testid={testId}
      data-ok={outcome === null ? 'pending' : String(outcome)}
    >
      <span className="fair-check__icon" aria-hidden="true">
        {state === 'ok' ? <CheckIcon /> : state === 'fail' ? <CrossIcon /> : '…'}
      </span>
      <span className="fair-check__label">{label}</span>
      <span className="fair-check__status">{status}</span>
    </li>
  );
}
