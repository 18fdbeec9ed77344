/** The balance part of the stake: an amount field and quick buttons (25 %, 50 %, max) on the left side. */
import { useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { parseAmount, toMajor } from '../domain/money.ts';
import type { BalanceShare } from '../machines/events.ts';
import { PageActor } from './pageActor.ts';
import { useFormat } from './useFormat.ts';

const SHARES: readonly BalanceShare[] = [25, 50, 100];

/** What the player typed, in minor units: '' is nothing, a comma counts as the decimal point; null if not an amount. */
function typedMinor(text: string): number | null {
  const plain = text.trim().replace(',', '.');
  return plain === '' ? 0 : parseAmount(plain);
}

/**
 * One per page (the left side shows it once), so its ids are fixed. The amount field holds what the player types while it is a draft; the statechart keeps the amount in the stake
 * (never more than the balance), and the field shows that amount again once the draft is left or overruled.
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
  // A draft the stake no longer matches (an amount over the balance lowered to it, a reset after a game) gives way.
  const value =
    draft !== null && (invalid || typed === staked)
      ? draft
      : staked > 0
        ? toMajor(staked).toFixed(2).replace('.', fmt.decimal)
        : '';

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
          placeholder={fmt.money(0)}
          disabled={!enabled}
          aria-invalid={invalid || undefined}
          aria-describedby="balance-stake-hint"
          value={value}
          onChange={(e) => {
            setDraft(e.target.value);
            const minor = typedMinor(e.target.value);
            if (minor !== null) actor.send({ type: 'user.setBalanceStake', minor });
          }}
          onBlur={() => setDraft(null)}
        />
        {SHARES.map((percent) => (
          <button
            key={percent}
            type="button"
            className="btn btn--ghost balance-stake__share"
            data-testid={`balance-${percent === 100 ? 'max' : percent}`}
            disabled={!enabled}
            onClick={() => {
              setDraft(null);
              actor.send({ type: 'user.balanceShare', percent });
            }}
          >
            {percent === 100 ? t('balanceStake.max') : t('balanceStake.share', { percent })}
          </button>
        ))}
      </div>
      <p className={`balance-stake__hint${invalid ? ' balance-stake__hint--error' : ''}`} id="balance-stake-hint">
        {invalid
          ? t('balanceStake.invalid')
          : balance > 0
            ? t('balanceStake.available', { amount: fmt.money(balance) })
            : t('balanceStake.none')}
      </p>
    </div>
  );
}
