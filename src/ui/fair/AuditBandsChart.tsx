/** Wins / expected wins per band, 0 to 2, in SVG; the same numbers follow in a table for screen readers. */
import type { AuditResponse } from '../../api/auditContract.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useAuditFormat, useDecimal, usePercent } from './AuditFormat.ts';

type Band = AuditResponse['bands'][number];

const SCALE_MAX = 2;
const TICKS = [0, 0.5, 1, 1.5, 2];

/** A ratio as a percent of the bar's width, clamped. */
function pos(ratio: number): number {
  return (Math.min(SCALE_MAX, Math.max(0, ratio)) / SCALE_MAX) * 100;
}

const x = (ratio: number) => `${pos(ratio)}%`;

/** The bands chart and its table. */
export function AuditBandsChart({ bands, currency }: { bands: Band[]; currency: string }) {
  const { t } = useTranslation('audit');
  const fmt = useAuditFormat(currency);
  const decimal = useDecimal(2);
  const percent = usePercent(2, 0);
  const label = (b: Band) => `${decimal(b.from)}–${percent(b.to / 100)}`;
  const direction = (b: Band) => (b.roll_under ? t('bands.under') : t('bands.over'));
  return (
    <section className="audit-bands">
      <h2>{t('bands.heading')}</h2>
      <p className="fair-muted">{t('bands.hint')}</p>
      <figure className="audit-chart" data-testid="audit-bands-chart" aria-label={t('bands.heading')} role="img">
        <div className="audit-row audit-row--axis" aria-hidden="true">
          <span />
          <svg className="audit-axis" height="18" width="100%">
            {TICKS.map((tick) => (
              <text key={tick} x={x(tick)} y="13" textAnchor={tick === 0 ? 'start' : tick === 2 ? 'end' : 'middle'}>
                ×{decimal(tick)}
              </text>
            ))}
          </svg>
        </div>
        {bands.map((b, i) => {
          const empty = b.games === 0 || b.expected_wins <= 0;
          const inside = b.wins >= b.low && b.wins <= b.high;
          return (
            <div
              key={i}
              className="audit-row"
              data-testid={`audit-bar-${i}`}
              data-games={b.games}
              data-wins={b.wins}
              data-inside={empty ? '' : String(inside)}
              aria-hidden="true"
            >
              <span className="audit-row-label">
                {label(b)} · {direction(b)}
              </span>
              {empty ? (
                <span className="fair-muted audit-row-empty">{t('bands.empty')}</span>
              ) : (
                <svg className="audit-bar" height="22" width="100%">
                  <line className="audit-grid" x1={x(1)} x2={x(1)} y1="0" y2="22" />
                  <rect
                    className="audit-range"
                    x={x(b.low / b.expected_wins)}
                    width={`${Math.max(0.5, pos(b.high / b.expected_wins) - pos(b.low / b.expected_wins))}%`}
                    y="6"
                    height="10"
                    rx="3"
                  />
                  <circle
                    className={inside ? 'audit-dot' : 'audit-dot audit-dot--out'}
                    cx={x(b.wins / b.expected_wins)}
                    cy="11"
                    r="5"
                  />
                </svg>
              )}
            </div>
          );
        })}
      </figure>
      <div className="audit-table-wrap">
        <table className="audit-table" data-testid="audit-bands-table">
          <thead>
            <tr>
              <th scope="col">{t('bands.band')}</th>
              <th scope="col">{t('bands.direction')}</th>
              <th scope="col">{t('bands.games')}</th>
              <th scope="col">{t('bands.wins')}</th>
              <th scope="col">{t('bands.expected')}</th>
              <th scope="col">{t('bands.z')}</th>
              <th scope="col">{t('bands.range')}</th>
            </tr>
          </thead>
          <tbody>
            {bands.map((b, i) => (
              <tr key={i} data-testid={`audit-band-${i}`}>
                <th scope="row">{label(b)}</th>
                <td data-label={t('bands.direction')}>{direction(b)}</td>
                <td className="num" data-col="games" data-label={t('bands.games')}>
                  {fmt.integer(b.games)}
                </td>
                <td className="num" data-col="wins" data-label={t('bands.wins')}>
                  {fmt.integer(b.wins)}
                </td>
                <td className="num" data-col="expected" data-label={t('bands.expected')}>
                  {decimal(b.expected_wins)}
                </td>
                <td className="num" data-col="z" data-label={t('bands.z')}>
                  {decimal(b.z)}
                </td>
                <td className="num" data-col="range" data-label={t('bands.range')}>
                  {fmt.integer(b.low)}–{fmt.integer(b.high)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
