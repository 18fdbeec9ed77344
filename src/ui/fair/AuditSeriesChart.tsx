/** Return to player per period, realised against promised; labels are HTML so they stay readable at 320 px. */
import type { AuditResponse } from '../../api/auditContract.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useAuditFormat, usePercent } from './AuditFormat.ts';

type Point = AuditResponse['series'][number];

const W = 600;
const H = 200;

/** Polyline points of one measure; a single period is a flat segment. */
function line(points: Point[], value: (p: Point) => number | null, y: (v: number) => number): string {
  const known = points.flatMap((p, i) => {
    const v = value(p);
    return v === null ? [] : [{ i, v }];
  });
  if (known.length === 1) return `0,${y(known[0].v)} ${W},${y(known[0].v)}`;
  const step = points.length > 1 ? W / (points.length - 1) : 0;
  return known.map(({ i, v }) => `${(i * step).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
}

/** The chart, its legend and its scale, and the same points as a table (the chart's text alternative). */
export function AuditSeriesChart({ series, byHour, currency }: { series: Point[]; byHour: boolean; currency: string }) {
  const { t } = useTranslation('audit');
  const percent = usePercent(1);
  const exact = usePercent(2);
  const fmt = useAuditFormat(currency);
  const values = series.flatMap((p) => [p.rtp, p.expected_rtp]).filter((v): v is number => v !== null);
  const lo = Math.min(...values, 0.8);
  const hi = Math.max(...values, 1);
  // Spare at either edge, so a line along the extreme stays whole.
  const pad = (hi - lo) / 20;
  const y = (v: number) => H - ((v - lo + pad) / (hi - lo + 2 * pad)) * H;
  const when = (iso: string) => (byHour ? iso.slice(11, 16) : iso.slice(0, 10));
  const first = series[0];
  const last = series[series.length - 1];
  return (
    <section className="audit-series">
      <h2>{t('series.heading')}</h2>
      <ul className="audit-legend">
        <li className="audit-legend-realised">{t('series.realised')}</li>
        <li className="audit-legend-promised">{t('series.promised')}</li>
      </ul>
      <div className="audit-plot">
        <div className="audit-plot-scale" aria-hidden="true">
          <span>{percent(hi)}</span>
          <span>{percent(lo)}</span>
        </div>
        <svg
          className="audit-lines"
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={t('series.heading')}
          data-testid="audit-series-chart"
          data-points={series.length}
        >
          <polyline
            className="audit-line-promised"
            points={line(series, (p) => p.expected_rtp, y)}
            vectorEffect="non-scaling-stroke"
          />
          <polyline
            className="audit-line-realised"
            points={line(series, (p) => p.rtp, y)}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
      {first && last && (
        <div className="audit-plot-dates" aria-hidden="true">
          <span>{when(first.t)}</span>
          {/* One period is one date, not a span from it to itself. */}
          {last !== first && <span>{when(last.t)}</span>}
        </div>
      )}
      <div className="audit-table-wrap">
        <table className="audit-table" data-testid="audit-series-table">
          <caption className="fair-visually-hidden">{t('series.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t(byHour ? 'series.hour' : 'series.day')}</th>
              <th scope="col">{t('series.games')}</th>
              <th scope="col">{t('series.realised')}</th>
              <th scope="col">{t('series.promised')}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.t} data-testid="audit-series-row">
                <th scope="row">{when(p.t)}</th>
                <td className="num" data-col="games" data-label={t('series.games')}>
                  {fmt.integer(p.games)}
                </td>
                <td className="num" data-col="rtp" data-label={t('series.realised')}>
                  {exact(p.rtp)}
                </td>
                <td className="num" data-col="expected" data-label={t('series.promised')}>
                  {exact(p.expected_rtp)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
