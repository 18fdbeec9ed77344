/** The public fairness audit: a window's figures, wins per band, return over time, and the games to check it. */
import { useEffect, useState } from 'react';
import { fetchAudit } from '../../api/audit.ts';
import type { AuditResponse } from '../../api/auditContract.ts';
import type { AuditWindow } from '../../domain/audit.ts';
import { toMajor } from '../../domain/money.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { AuditBandsChart } from './AuditBandsChart.tsx';
import { AuditLogPanel } from './AuditLogPanel.tsx';
import { useAuditFormat, usePercent } from './AuditFormat.ts';
import { AuditSeriesChart } from './AuditSeriesChart.tsx';
import './fair.css';
import './audit.css';

// AUDIT_WINDOWS' names, listed here so this chunk carries no server arithmetic.
const WINDOWS: readonly AuditWindow[] = ['24h', '7d', '30d', 'all'];

type Load = { kind: 'loading' } | { kind: 'error'; msg: string } | { kind: 'ready'; audit: AuditResponse };

const LOADING: Load = { kind: 'loading' };

/** The audit of a window, fetched again when the window changes or `attempt` moves. */
function useAudit(period: AuditWindow, attempt: number): Load {
  // A newer request reads as loading until its own answer arrives.
  const [answer, setAnswer] = useState<{ period: AuditWindow; attempt: number; load: Load } | null>(null);
  useEffect(() => {
    let live = true;
    fetchAudit(period).then(
      (audit) => live && setAnswer({ period, attempt, load: { kind: 'ready', audit } }),
      (err: Error) => live && setAnswer({ period, attempt, load: { kind: 'error', msg: err.message } }),
    );
    return () => {
      live = false;
    };
  }, [period, attempt]);
  return answer && answer.period === period && answer.attempt === attempt ? answer.load : LOADING;
}

/** The audit page. */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const [period, setPeriod] = useState<AuditWindow>('24h');
  const [attempt, setAttempt] = useState(0);
  const load = useAudit(period, attempt);
  return (
    <main className="fair fair-page audit" data-testid="audit-page">
      <h1>{t('title')}</h1>
      <p className="fair-intro">{t('intro')}</p>
      <div className="audit-windows" role="group" aria-label={t('window.label')}>
        {WINDOWS.map((w) => (
          <button
            key={w}
            type="button"
            className="btn btn--ghost audit-window"
            aria-pressed={w === period}
            data-testid={`audit-window-${w}`}
            onClick={() => setPeriod(w)}
          >
            {t(`window.${w}`)}
          </button>
        ))}
      </div>
      {load.kind === 'loading' && (
        <p className="fair-panel fair-muted" role="status" data-testid="audit-loading">
          {t('loading')}
        </p>
      )}
      {load.kind === 'error' && (
        <div className="fair-panel fair-alert" role="alert" data-testid="audit-error">
          <p>{t('error', { msg: load.msg })}</p>
          <button type="button" className="btn btn--ghost" onClick={() => setAttempt(attempt + 1)}>
            {t('retry')}
          </button>
        </div>
      )}
      {load.kind === 'ready' && <AuditFigures audit={load.audit} />}
      <AuditLogPanel />
    </main>
  );
}

function AuditFigures({ audit }: { audit: AuditResponse }) {
  const { t } = useTranslation('audit');
  const fmt = useAuditFormat(audit.currency);
  const percent = usePercent();
  const figures: Array<[string, string, string, number | null]> = [
    ['games', t('figures.games'), fmt.integer(audit.games), audit.games],
    ['wins', t('figures.wins'), fmt.integer(audit.wins), audit.wins],
    ['stake', t('figures.stake'), fmt.money(toMajor(audit.stake_minor)), audit.stake_minor],
    ['payout', t('figures.payout'), fmt.money(toMajor(audit.payout_minor)), audit.payout_minor],
    ['rtp', t('figures.rtp'), percent(audit.rtp), audit.rtp],
    ['expected-rtp', t('figures.expected'), percent(audit.expected_rtp), audit.expected_rtp],
  ];
  return (
    <div data-testid="audit-figures" data-window={audit.window} aria-live="polite">
      <p className="fair-muted" data-testid="audit-since">
        {audit.since ? t('since', { time: audit.since.slice(0, 16).replace('T', ' ') }) : t('sinceAll')}
      </p>
      <dl className="audit-figures">
        {figures.map(([id, label, text, value]) => (
          <div key={id} className="audit-figure" data-testid={`audit-${id}`} data-value={value ?? ''}>
            <dt>{label}</dt>
            <dd className="num">{text}</dd>
          </div>
        ))}
        <div className="audit-figure audit-figure--wide" data-testid="audit-rtp-range">
          <dt>{t('figures.range')}</dt>
          <dd className="num">
            {t('figures.rangeValue', { low: percent(audit.rtp_low), high: percent(audit.rtp_high) })}
          </dd>
        </div>
      </dl>
      <p className="fair-panel audit-unrevealed" data-testid="audit-unrevealed" data-value={audit.unrevealed_games}>
        {audit.unrevealed_games > 0 ? t('unrevealed', { n: fmt.integer(audit.unrevealed_games) }) : t('noUnrevealed')}
      </p>
      {audit.games === 0 ? (
        <p className="fair-panel fair-muted" data-testid="audit-empty">
          {t('noGames')}
        </p>
      ) : (
        <>
          <AuditBandsChart bands={audit.bands} currency={audit.currency} />
          <AuditSeriesChart series={audit.series} byHour={audit.window === '24h'} currency={audit.currency} />
        </>
      )}
      <section className="audit-data">
        <h2>{t('data.heading')}</h2>
        <p>
          <a href="/api/provably_fair/games?after=0&limit=1000" data-testid="audit-download">
            {t('data.download')}
          </a>
        </p>
        <p>{t('data.script')}</p>
        <pre className="audit-code">npm run audit -- --url {globalThis.location?.origin ?? ''}</pre>
      </section>
    </div>
  );
}
