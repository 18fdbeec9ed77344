/**
 * The process's Prometheus metrics; Prometheus sums the processes. Stakes and payouts are read from committed
 * games in one query per batch, so the money counters add what the database holds without a statement per game.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import { statement, type DbHandle } from '../db/client.ts';

/** How often settled games' stakes and payouts are read when nobody scrapes. */
const FLUSH_MS = 5_000;
/** Games waiting for their amounts beyond this are dropped: the database has been away long. */
const MAX_PENDING = 100_000;

const amounts = statement(
  'metrics_game_amounts',
  `select coalesce(sum(stake_minor), 0)::bigint as stake,
     coalesce(sum(case when success then target_price_minor else 0 end), 0)::bigint as payout
   from games where roll_id = any($1::text[])`,
);

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
  private pending: string[] = [];
  private flushing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;

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
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
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

  /** Counts one settled game: its outcome now, its stake and payout with the next batch. */
  gameSettled(rollId: string, won: boolean, seconds: number): void {
    this.games.labels(this.config.site, won ? 'win' : 'loss').inc();
    this.settle.observe(seconds);
    this.pending.push(rollId);
    if (this.pending.length > MAX_PENDING) this.pending.splice(0, this.pending.length - MAX_PENDING);
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

  /** Pending games stay pending when the database cannot answer. */
  flush(): Promise<void> {
    this.flushing ??= (async () => {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, 5_000);
        try {
          const [row] = await this.handle.raw.rows<{ stake: number; payout: number }>(amounts, [batch]);
          this.stake.labels(this.config.site).inc(Number(row.stake));
          this.payout.labels(this.config.site).inc(Number(row.payout));
        } catch {
          this.pending.unshift(...batch);
          return;
        }
      }
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** The Prometheus text, games' amounts brought up to date first. */
  async text(): Promise<string> {
    await this.flush();
    return this.registry.metrics();
  }

  /** Called before the pool closes. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
