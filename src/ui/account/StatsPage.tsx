/** /{lang}/account/stats: the player's games, stake, value won and net per day, week, month and in total. */
import type { PeriodStats, StatsResponse } from '../../api/accountContract.ts';
import { fetchStats, STATS_CSV_URL } from '../../api/account.ts';
import { rollVerifierPath } from '../../fair/paths.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { settingsPath } from '../routes.ts';
import { AccountPage, Loaded, SiteLink } from './AccountShell.tsx';
import type { AccountProps } from './SettingsPage.tsx';
import { useAccountLoad } from './useAccountLoad.ts';
import { useDateTime } from './useDateTime.ts';

const PERIODS = ['day', 'week', 'month', 'total'] as const;
const FIGURES = ['stake', 'won', 'net'] as const;

/** One period's card: its games and money figures, each tagged with its value for the tests and the reader. */
function PeriodCard({
  period,
  stats,
  fmt,
}: {
  period: (typeof PERIODS)[number];
  stats: PeriodStats;
  fmt: AccountProps['fmt'];
}) {
  const { t } = useTranslation('account');
  const id = `stats-${period}`;
  return (
    <div className="stats-card" data-testid={id} role="group" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(`stats.periods.${period}`)}</h2>
      <dl>
        <div>
          <dt>{t('stats.games')}</dt>
          <dd className="num" data-testid={`${id}-games`} data-value={stats.games}>
            {fmt.integer(stats.games)}
          </dd>
        </div>
        {FIGURES.map((f) => (
          <div key={f}>
            <dt>{t(`stats.${f}`)}</dt>
            <dd
              className={`num${f === 'net' ? (stats.net < 0 ? ' stats-card__loss' : stats.net > 0 ? ' stats-card__gain' : '') : ''}`}
              data-testid={`${id}-${f}`}
              data-value={stats[f]}
            >
              {fmt.money(stats[f])}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Stats({ data, fmt }: { data: StatsResponse; fmt: AccountProps['fmt'] }) {
  const { t, i18n } = useTranslation('account');
  const when = useDateTime();
  const win = data.biggest_win;
  return (
    <>
      <div className="stats-cards">
        {PERIODS.map((p) => (
          <PeriodCard key={p} period={p} stats={data[p]} fmt={fmt} />
        ))}
      </div>
      <section className="account__section" aria-labelledby="biggest-title" data-testid="stats-biggest">
        <h2 id="biggest-title">{t('stats.biggest')}</h2>
        {win ? (
          <p data-roll-id={win.roll_id}>
            {t('stats.biggestLine', {
              item: win.item,
              won: fmt.money(win.won),
              stake: fmt.money(win.stake),
              time: when(Date.parse(win.played_at)),
            })}{' '}
            <SiteLink href={rollVerifierPath(i18n.language, win.roll_id)} testId="stats-biggest-check">
              {t('stats.check')}
            </SiteLink>
          </p>
        ) : (
          <p className="muted">{t('stats.noWin')}</p>
        )}
      </section>
      <p className="account__actions">
        <a className="btn btn--ghost" href={STATS_CSV_URL} download data-testid="stats-csv">
          {t('stats.csv')}
        </a>
        <SiteLink className="btn btn--ghost" href={settingsPath(i18n.language)} testId="stats-settings">
          {t('stats.settings')}
        </SiteLink>
      </p>
    </>
  );
}

/** The statistics page. */
export function StatsPage({ fmt }: Pick<AccountProps, 'fmt'>) {
  const { t } = useTranslation('account');
  const { load, retry } = useAccountLoad(fetchStats);
  return (
    <AccountPage testId="stats-page" title={t('stats.title')} intro={t('stats.intro')}>
      <Loaded load={load} retry={retry}>
        {(data) => <Stats data={data} fmt={fmt} />}
      </Loaded>
    </AccountPage>
  );
}
