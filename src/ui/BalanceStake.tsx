/** The balance part of the stake: an amount field and quick buttons (25 %, 50 %, max) on the left side. */
import { useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { toMinor } from '../domain/money.ts';
import type { BalanceShare } from '../machines/events.ts';
import { formatTypedAmount, parseTypedAmount } from '../site/amount.ts';
import { announce } from './announce/store.ts';
import { PageActor } from './pageActor.ts';
import { useFormat } from './useFormat.ts';

const SHARES: readonly BalanceShare[] = [25, 50, 100];

/**
 * The field keeps what the player types, key after key; the statechart keeps the amount staked (a typo stakes
 * nothing). An amount above the balance stays as typed, is marked and blocks Play (the statechart never lowers it
 * behind the player's back). Once left, the field shows the stake the site's way. Off but focusable while the page
 * is not choosing.
 */
export function BalanceStake() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const actor = PageActor.useActorRef();
  const staked = PageActor.useSelector((s) => s.context.balanceStake);
  const balance = PageActor.useSelector((s) => s.context.user?.balance ?? 0);
  const lang = PageActor.useSelector((s) => s.context.site.lang);
  const enabled = PageActor.useSelector((s) => s.can({ type: 'user.setBalanceStake', minor: 0 }));
  const [draft, setDraft] = useState<string | null>(null);
  const typed = draft === null ? null : parseTypedAmount(draft, lang);
  const invalid = draft !== null && typed === null;
  const over = !invalid && staked > toMinor(balance);
  // The draft while it is what is staked (or a typo); the stake itself once something else set it.
  const value =
    draft !== null && (invalid || typed === staked) ? draft : staked > 0 ? formatTypedAmount(staked, lang) : '';
  const available = t('balanceStake.available', { amount: fmt.money(balance) });
  const overText = t('balanceStake.over', { amount: fmt.money(balance) });

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
          placeholder={formatTypedAmount(0, lang)}
          disabled={balance <= 0 && staked === 0}
          readOnly={!enabled}
          aria-disabled={!enabled || undefined}
          aria-invalid={invalid || over || undefined}
          aria-describedby="balance-stake-hint"
          value={value}
          onChange={(e) => {
            if (!enabled) return;
            const minor = parseTypedAmount(e.target.value, lang);
            setDraft(e.target.value);
            actor.send({ type: 'user.setBalanceStake', minor: minor ?? 0 });
            if (minor === null) announce(t('balanceStake.invalid'), { channel: 'balance', delayMs: 700 });
            else if (minor > toMinor(balance)) announce(overText, { channel: 'balance', delayMs: 700 });
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
      <p
        className={`balance-stake__hint${invalid || over ? ' balance-stake__hint--error' : ''}`}
        id="balance-stake-hint"
        data-testid="balance-stake-hint"
      >
        {invalid ? t('balanceStake.invalid') : over ? overText : balance > 0 ? available : t('balanceStake.none')}
      </p>
    </div>
  );
}
