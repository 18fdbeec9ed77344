import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { LogFailure, VerifiedCheckpoint } from '../../fair/logCheck.ts';
import './log.css';

/** The public log's signed checkpoint, its signature checked in this browser, and how to check the whole log. */
export function AuditLogPanel() {
  const { t, i18n } = useTranslation('fair');
  const [cp, setCp] = useState<VerifiedCheckpoint | { failed: LogFailure } | null>(null);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../fair/logCheck.ts')
      .then((m) => m.loadVerifiedCheckpoint())
      .then((r) => {
        if (!live) return;
        setCp(r);
        setCheckedAt(new Date());
      });
    return () => {
      live = false;
    };
  }, []);
  const time = (d: Date) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(d);
  const origin = globalThis.location?.origin ?? '';
  return (
    <section className="audit-data" data-testid="audit-log" aria-labelledby="audit-log-heading">
      <h2 id="audit-log-heading">{t('log.audit.heading')}</h2>
      <p>{t('log.audit.intro')}</p>
      {cp === null && <p className="fair-muted">{t('log.checking')}</p>}
      {cp !== null && 'failed' in cp && (
        <p className="fair-log fair-log--failed" role="alert" data-testid="audit-log-failed">
          {t(`log.failed.${cp.failed}`)}
        </p>
      )}
      {cp !== null && !('failed' in cp) && (
        <dl className="fair-log-facts" data-testid="audit-log-checkpoint" data-size={cp.size}>
          <dt>{t('log.audit.origin')}</dt>
          <dd className="fair-mono">{cp.origin}</dd>
          <dt>{t('log.audit.size')}</dt>
          <dd className="fair-number" data-testid="audit-log-size">
            {new Intl.NumberFormat(i18n.language).format(cp.size)}
          </dd>
          <dt>{t('log.audit.root')}</dt>
          <dd className="fair-mono" data-testid="audit-log-root">
            {cp.root}
          </dd>
          <dt>{t('log.audit.time')}</dt>
          <dd>{checkedAt ? t('log.audit.checkedAt', { time: time(checkedAt) }) : ''}</dd>
          <dt>{t('log.audit.witnesses')}</dt>
          <dd data-testid="audit-log-witnesses">
            {cp.witnesses.length === 0
              ? t('log.audit.noWitnesses')
              : cp.witnesses
                  .map((w) => (w.time === null ? w.name : `${w.name} (${time(new Date(w.time * 1000))})`))
                  .join(', ')}
          </dd>
          <dt>{t('log.audit.key')}</dt>
          <dd className="fair-mono">{cp.key}</dd>
        </dl>
      )}
      <p>{t('log.audit.howTo')}</p>
      <pre className="audit-code">
        node check-log.mjs {origin} {cp !== null && !('failed' in cp) ? cp.key : '<key>'}
        {'\n'}npm run witness -- --url {origin} --state witness-state.json
      </pre>
    </section>
  );
}
