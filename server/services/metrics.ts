/** The process's Prometheus metrics; Prometheus sums the processes. */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/client.ts';

/** The metrics of one app instance and the hooks that feed them. */
export class Metrics {
  readonly registry = new Registry();
  private readonly games: Counter<'site' | 'outcome'>;
  private readonly stake: Counter<'site'>;
  private readonly payout: Counter<'site'>;
  private readonly settle: Histogram;
  private readonly http: Counter<'method' | 'route' | 'status'>;
  private readonly coolOffs: Counter<'site' | 'period'>;
  private readonly playSafeRefusals: Counter<'site' | 'refusal'>;

  constructor(
    private readonly config: Config,
    private readonly handle: DbHandle,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.games = new Counter({
      name: 'upgrades_games_total',
      help: 'Upgrade games settled by this process, by site and outcome (win, loss).',
      labelNames: ['site', 'outcome'],
      registers,
    });
    this.stake = new Counter({
      name: 'upgrades_stake_minor_total',
      help: "Staked value of this process's settled games, in the site currency's minor units.",
      labelNames: ['site'],
      registers,
    });
    this.payout = new Counter({
      name: 'upgrades_payout_minor_total',
      help: "Value of the items won in this process's settled games (the target's price), in minor units.",
      labelNames: ['site'],
      registers,
    });
    this.settle = new Histogram({
      name: 'upgrades_settle_duration_seconds',
      help: 'Time to settle an upgrade (the transaction, from the request parsed to the answer built).',
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.http = new Counter({
      name: 'upgrades_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status code.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.coolOffs = new Counter({
      name: 'upgrades_cool_offs_total',
      help: 'Cool-offs and self-exclusions players started or lengthened, by period (24h, 7d, 30d, permanent).',
      labelNames: ['site', 'period'],
      registers,
    });
    this.playSafeRefusals = new Counter({
      name: 'upgrades_play_safe_refusals_total',
      help: 'Games refused because the player is excluded (self_excluded) or the game would pass a limit (limit_reached).',
      labelNames: ['site', 'refusal'],
      registers,
    });
    // Zero samples from the start, so rate() has a series before the first game.
    for (const outcome of ['win', 'loss']) this.games.inc({ site: config.site, outcome }, 0);
    for (const refusal of ['self_excluded', 'limit_reached'])
      this.playSafeRefusals.inc({ site: config.site, refusal }, 0);
    this.stake.inc({ site: config.site }, 0);
    this.payout.inc({ site: config.site }, 0);
    this.poolGauges(registers);
  }

  /** node-postgres's counts; PGlite has no queue to report. */
  private poolGauges(registers: Registry[]): void {
    const pool = this.handle.pool;
    new Gauge({
      name: 'upgrades_db_pool_max',
      help: 'Connections the database pool may open (PG_POOL_SIZE; 1 for the embedded PGlite).',
      registers,
    }).set(pool ? (pool.options.max ?? 10) : 1);
    if (!pool) return;
    new Gauge({
      name: 'upgrades_db_pool_in_use',
      help: 'Pooled PostgreSQL connections checked out by a query or transaction.',
      registers,
      collect() {
        this.set(pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'upgrades_db_pool_waiting',
      help: 'Requests waiting for a pooled PostgreSQL connection (all are in use).',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  /** Counts one settled game: its outcome, and the stake and payout the settlement computed. */
  gameSettled(won: boolean, stakeMinor: number, payoutMinor: number, seconds: number): void {
    this.games.labels(this.config.site, won ? 'win' : 'loss').inc();
    this.stake.labels(this.config.site).inc(stakeMinor);
    this.payout.labels(this.config.site).inc(payoutMinor);
    this.settle.observe(seconds);
  }

  /** Counts a cool-off or exclusion a player started. */
  coolOffStarted(period: string): void {
    this.coolOffs.labels(this.config.site, period).inc();
  }

  /** Counts a game refused by the player's own exclusion or limit. */
  playSafeRefused(refusal: 'self_excluded' | 'limit_reached'): void {
    this.playSafeRefusals.labels(this.config.site, refusal).inc();
  }

  /** `route` is the matched template, never the raw URL, so labels stay bounded. */
  request(method: string, route: string | undefined, status: number): void {
    this.http.labels(method, route ?? 'unmatched', String(status)).inc();
  }

  /** The Prometheus text. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
