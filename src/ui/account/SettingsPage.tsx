/** /{lang}/account/settings: a break (cool-off or self-exclusion), loss and stake limits, the reality check. */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PlaySafeDto } from '../../api/contract.ts';
import type { LimitDto, LimitsResponse } from '../../api/accountContract.ts';
import { fetchLimits, saveLimit, saveRealityCheck, startCoolOff } from '../../api/account.ts';
import {
  COOL_OFF_PERIODS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  REALITY_CHECK_CHOICES,
  type CoolOffPeriod,
  type LimitKind,
  type LimitPeriod,
} from '../../domain/playSafe.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { Formatters } from '../../site/format.ts';
import { responsiblePath, statsPath } from '../routes.ts';
import { AccountPage, Loaded, SiteLink } from './AccountShell.tsx';
import { useAccountLoad } from './useAccountLoad.ts';
import { useDateTime } from './useDateTime.ts';

/** What the account pages get from the page: the site's formatters and a way to tell it the new settings. */
export interface AccountProps {
  fmt: Formatters;
  currency: string;
  onPlaySafe: (playSafe: PlaySafeDto) => void;
}

const PERIODS = Object.keys(COOL_OFF_PERIODS) as CoolOffPeriod[];
const HOUR_MS = 3_600_000;

/** The part of the answer the upgrades page keeps. */
const playSafeOf = (r: LimitsResponse): PlaySafeDto => ({
  cool_off_until: r.cool_off_until,
  permanent: r.permanent,
  reality_check_minutes: r.reality_check_minutes,
});

/** A save's state: idle, under way, done, or the server's refusal. */
type Saving = { kind: 'idle' | 'busy' | 'done' } | { kind: 'error'; msg: string };

/** Runs a save, reporting its state; the answer replaces the page's. */
function useSave(apply: (r: LimitsResponse) => void) {
  const [saving, setSaving] = useState<Saving>({ kind: 'idle' });
  const run = (call: () => Promise<LimitsResponse>) => {
    setSaving({ kind: 'busy' });
    call().then(
      (r) => {
        apply(r);
        setSaving({ kind: 'done' });
      },
      (err: Error) => setSaving({ kind: 'error', msg: err.message }),
    );
  };
  return { saving, run };
}

/** The server's refusal of a save, announced. */
function SaveError({ saving, testId }: { saving: Saving; testId: string }) {
  if (saving.kind !== 'error') return null;
  return (
    <p className="account__error" role="alert" data-testid={testId}>
      {saving.msg}
    </p>
  );
}

function CoolOffSection({ data, apply }: { data: LimitsResponse; apply: (r: LimitsResponse) => void }) {
  const { t } = useTranslation('account');
  const when = useDateTime();
  const [period, setPeriod] = useState<CoolOffPeriod>('24h');
  // When the player asked to start: the confirmation tells the end from then.
  const [confirming, setConfirming] = useState<number | null>(null);
  // Which periods still lengthen the break is judged at the page's opening.
  const [openedAt] = useState(Date.now);
  const { saving, run } = useSave(apply);
  const confirmRef = useRef<HTMLDivElement>(null);
  const name = useId();
  const until = data.cool_off_until ? Date.parse(data.cool_off_until) : null;
  // A period that would not lengthen the running break is not offered: it cannot be shortened.
  const offered = PERIODS.filter((p) => {
    const hours = COOL_OFF_PERIODS[p];
    return hours === null || until === null || openedAt + hours * HOUR_MS > until;
  });
  const chosen = offered.includes(period) ? period : offered[0];
  useEffect(() => {
    if (confirming !== null) confirmRef.current?.focus();
  }, [confirming]);
  const hours = chosen ? COOL_OFF_PERIODS[chosen] : null;
  return (
    <section className="account__section" aria-labelledby="cool-off-title" data-testid="cool-off">
      <h2 id="cool-off-title">{t('coolOff.title')}</h2>
      {data.permanent ? (
        <p className="account__status" data-testid="cool-off-status" data-until="permanent">
          {t('coolOff.permanent')}
        </p>
      ) : (
        <>
          {until !== null && (
            <p className="account__status" data-testid="cool-off-status" data-until={data.cool_off_until!}>
              {t('coolOff.running', { time: when(until) })}
            </p>
          )}
          <p className="account__hint">{t('coolOff.intro')}</p>
          {confirming !== null && chosen ? (
            <div
              className="account__confirm"
              role="group"
              aria-labelledby="cool-off-confirm"
              ref={confirmRef}
              tabIndex={-1}
              data-testid="cool-off-confirm"
            >
              <p id="cool-off-confirm" className="account__confirm-title">
                {t('coolOff.confirmTitle', { period: t(`coolOff.periods.${chosen}`) })}
              </p>
              <p>
                {hours === null
                  ? t('coolOff.confirmPermanent')
                  : t('coolOff.confirmUntil', { time: when(confirming + hours * HOUR_MS) })}
              </p>
              <div className="account__actions">
                <button
                  type="button"
                  className="btn btn--danger"
                  data-testid="cool-off-confirm-yes"
                  aria-disabled={saving.kind === 'busy'}
                  onClick={() => {
                    if (saving.kind === 'busy') return;
                    run(() => startCoolOff(chosen));
                    setConfirming(null);
                  }}
                >
                  {t('coolOff.confirm')}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost"
                  data-testid="cool-off-cancel"
                  onClick={() => setConfirming(null)}
                >
                  {t('coolOff.cancel')}
                </button>
              </div>
            </div>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                setConfirming(Date.now());
              }}
            >
              <fieldset className="account__choices">
                <legend>{until !== null ? t('coolOff.longer') : t('coolOff.legend')}</legend>
                {offered.map((p) => (
                  <label key={p} className="account__choice">
                    <input
                      type="radio"
                      name={name}
                      value={p}
                      checked={p === chosen}
                      data-testid={`cool-off-${p}`}
                      onChange={() => setPeriod(p)}
                    />
                    {t(`coolOff.periods.${p}`)}
                  </label>
                ))}
              </fieldset>
              <button type="submit" className="btn btn--accent" data-testid="cool-off-start">
                {t('coolOff.start')}
              </button>
            </form>
          )}
        </>
      )}
      <SaveError saving={saving} testId="cool-off-error" />
    </section>
  );
}

/** One limit's card: what is in force, used and left, when it resets, a waiting change, and the form. */
function LimitCard({
  kind,
  period,
  limit,
  apply,
  fmt,
  currency,
}: {
  kind: LimitKind;
  period: LimitPeriod;
  limit: LimitDto | undefined;
  apply: (r: LimitsResponse) => void;
  fmt: Formatters;
  currency: string;
}) {
  const { t } = useTranslation('account');
  const when = useDateTime();
  const [amount, setAmount] = useState('');
  const { saving, run } = useSave(apply);
  const id = `limit-${kind}-${period}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saving.kind === 'busy') return;
    // The server reads a dot; a Russian keyboard types a comma.
    run(() => saveLimit(kind, period, amount.trim().replace(',', '.')));
  };
  return (
    <div className="limit" data-testid={id} role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t(`limits.name.${kind}.${period}`)}</h3>
      {limit ? (
        <dl className="limit__figures">
          <div>
            <dt>{t('limits.inForce')}</dt>
            <dd className="num" data-testid={`${id}-amount`} data-value={limit.amount}>
              {fmt.money(limit.amount)}
            </dd>
          </div>
          <div>
            <dt>{t('limits.used')}</dt>
            <dd className="num" data-testid={`${id}-used`} data-value={limit.used}>
              {fmt.money(limit.used)}
            </dd>
          </div>
          <div>
            <dt>{t('limits.left')}</dt>
            <dd className="num" data-testid={`${id}-left`}>
              {fmt.money(Math.max(0, limit.amount - limit.used))}
            </dd>
          </div>
          <div>
            <dt>{t('limits.resets')}</dt>
            <dd data-testid={`${id}-resets`}>{when(Date.parse(limit.resets_at))}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted" data-testid={`${id}-none`}>
          {t('limits.none')}
        </p>
      )}
      {limit?.pending_at && (
        <p className="limit__pending" data-testid={`${id}-pending`}>
          {limit.pending_amount === null
            ? t('limits.pendingRemoval', { time: when(Date.parse(limit.pending_at)) })
            : t('limits.pendingRaise', {
                amount: fmt.money(limit.pending_amount),
                time: when(Date.parse(limit.pending_at)),
              })}
        </p>
      )}
      <form className="limit__form" onSubmit={submit}>
        <label htmlFor={`${id}-input`}>{t('limits.amount', { currency })}</label>
        <div className="limit__row">
          <input
            id={`${id}-input`}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-describedby={`${id}-hint`}
            data-testid={`${id}-input`}
            onChange={(e) => setAmount(e.target.value)}
          />
          <button
            type="submit"
            className="btn btn--ghost"
            data-testid={`${id}-save`}
            aria-disabled={saving.kind === 'busy'}
          >
            {t('limits.save')}
          </button>
        </div>
        <p className="account__hint" id={`${id}-hint`}>
          {t('limits.amountHint')}
        </p>
      </form>
      <SaveError saving={saving} testId={`${id}-error`} />
      {saving.kind === 'done' && (
        <p className="account__saved" role="status">
          {t('limits.saved')}
        </p>
      )}
    </div>
  );
}

function LimitsSection({
  data,
  apply,
  fmt,
  currency,
}: {
  data: LimitsResponse;
  apply: (r: LimitsResponse) => void;
  fmt: Formatters;
  currency: string;
}) {
  const { t } = useTranslation('account');
  const ref = useRef<HTMLHeadingElement>(null);
  // The reality check's Stop leads here.
  useEffect(() => {
    if (window.location.hash === '#limits') ref.current?.focus();
  }, []);
  return (
    <section className="account__section" id="limits" aria-labelledby="limits-title" data-testid="limits">
      <h2 id="limits-title" ref={ref} tabIndex={-1}>
        {t('limits.title')}
      </h2>
      <p className="account__hint">{t('limits.intro')}</p>
      <div className="limits">
        {LIMIT_KINDS.flatMap((kind) =>
          LIMIT_PERIODS.map((period) => (
            <LimitCard
              key={`${kind}-${period}`}
              kind={kind}
              period={period}
              limit={data.limits.find((l) => l.kind === kind && l.period === period)}
              apply={apply}
              fmt={fmt}
              currency={currency}
            />
          )),
        )}
      </div>
    </section>
  );
}

function RealityCheckSection({ data, apply }: { data: LimitsResponse; apply: (r: LimitsResponse) => void }) {
  const { t } = useTranslation('account');
  const { saving, run } = useSave(apply);
  const name = useId();
  return (
    <section className="account__section" aria-labelledby="reality-title" data-testid="reality-check">
      <h2 id="reality-title">{t('reality.title')}</h2>
      <fieldset className="account__choices">
        <legend>{t('reality.intro')}</legend>
        {REALITY_CHECK_CHOICES.map((m) => (
          <label key={m} className="account__choice">
            <input
              type="radio"
              name={name}
              value={m}
              checked={data.reality_check_minutes === m}
              data-testid={`reality-${m}`}
              onChange={() => run(() => saveRealityCheck(m))}
            />
            {t(`reality.choices.${m}`)}
          </label>
        ))}
      </fieldset>
      <SaveError saving={saving} testId="reality-error" />
      {saving.kind === 'done' && (
        <p className="account__saved" role="status">
          {t('reality.saved')}
        </p>
      )}
    </section>
  );
}

/** The settings page; each save's answer also goes to the upgrades page (onPlaySafe). */
export function SettingsPage({ fmt, currency, onPlaySafe }: AccountProps) {
  const { t, i18n } = useTranslation('account');
  const { load, retry, replace } = useAccountLoad(fetchLimits);
  const apply = (r: LimitsResponse) => {
    replace(r);
    onPlaySafe(playSafeOf(r));
  };
  return (
    <AccountPage
      testId="settings-page"
      title={t('settings.title')}
      intro={
        <>
          {t('settings.intro')}{' '}
          <SiteLink href={responsiblePath(i18n.language)} testId="settings-responsible">
            {t('settings.responsible')}
          </SiteLink>
          {' · '}
          <SiteLink href={statsPath(i18n.language)}>{t('settings.stats')}</SiteLink>
        </>
      }
    >
      <Loaded load={load} retry={retry}>
        {(data) => (
          <>
            <CoolOffSection data={data} apply={apply} />
            <LimitsSection data={data} apply={apply} fmt={fmt} currency={currency} />
            <RealityCheckSection data={data} apply={apply} />
          </>
        )}
      </Loaded>
    </AccountPage>
  );
}
