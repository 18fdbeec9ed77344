/** The balance part of the stake: an amount field and quick buttons (25 %, 50 %, max) on the left side. */
import { useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { parseAmount, toMajor } from '../domain/money.ts';
import type { BalanceShare } from '../machines/events.ts';
import { announce } from './announce/store.ts';
import { PageActor } from './pageActor.ts';
import { useFormat } from './useFormat.ts';

const SHARES: readonly BalanceShare[] = [25, 50, 100];

/** Typed text in minor units: '' is nothing, spaces are dropped, a comma is the decimal point; null if no amount. */
function typedMinor(text: string): number | null {
  const plain = text.replace(/\s/g, '').replace(',', '.');
  return plain === '' ? 0 : parseAmount(plain);
}

/**
 * The field keeps the typed draft; the statechart keeps the amount staked (a typo stakes nothing, too much stakes
 * the balance), shown once the draft is left or overruled. Off but focusable while the page is not choosing.
 */
export function BalanceStake() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const actor = PageActor.useActorRef();
  const staked = PageActor.useSelector((s) => s.context.balanceStake);
  const balance = PageActor.useSelector((s) => s.context.user?.balance ?? 0);
  const enabled = PageActor.useSelector((s) => s.can({ type: 'user.setBalanceStake', minor: 0 }));
  const [draft, setDraft] = useState<string | null>(null);
  const typed = draft === null ? null : typedMinor(draft);
  const invalid = draft !== null && typed === null;
  const amount = (minor: number) => toMajor(minor).toFixed(2).replace('.', fmt.decimal);
  // The field shows the stake once the draft no longer matches it (capped at the balance, or reset).
  const value = draft !== null && (invalid || typed === staked) ? draft : staked > 0 ? amount(staked) : '';
  const available = t('balanceStake.available', { amount: fmt.money(balance) });

  return (
    <div className="balance-stake" role="group" aria-labelledby="balance-stake-label">
      <label className="balance-stake__label" id="balance-stake-label" htmlFor="balance-stake">
        {t('balanceStake.label')}
      </label>
      <div className="balance-stake__row">
        <input
          className="input balance-stake__input num"
          id="balance-stake"
          data-testid="balance-stake"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={amount(0)}
          disabled={balance <= 0}
          readOnly={!enabled}
          aria-disabled={!enabled || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby="balance-stake-hint"
          value={value}
          onChange={(e) => {
            if (!enabled) return;
            const minor = typedMinor(e.target.value);
            setDraft(e.target.value);
            actor.send({ type: 'user.setBalanceStake', minor: minor ?? 0 });
            if (minor === null) announce(t('balanceStake.invalid'), { channel: 'balance', delayMs: 700 });
            else if (minor > actor.getSnapshot().context.balanceStake)
              announce(available, { channel: 'balance', delayMs: 700 });
          }}
          onBlur={() => setDraft(null)}
        />
        {SHARES.map((percent) => (
          <button
            key={percent}
            type="button"
            className="btn btn--ghost balance-stake__share"
            data-testid={`balance-${percent === 100 ? 'max' : percent}`}
            disabled={balance <= 0}
            aria-disabled={!enabled || undefined}
            onClick={() => {
              if (!enabled) return;
              setDraft(null);
              actor.send({ type: 'user.balanceShare', percent });
            }}
          >
            {percent === 100 ? t('balanceStake.max') : t('balanceStake.share', { percent })}
          </button>
        ))}
      </div>
      <p className={`balance-stake__hint${invalid ? ' balance-stake__hint--error' : ''}`} id="balance-stake-hint">
        {invalid ? t('balanceStake.invalid') : balance > 0 ? available : t('balanceStake.none')}
      </p>
    </div>
  );
}
