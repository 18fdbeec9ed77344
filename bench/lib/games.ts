/**
 * The game load: C concurrent players, each on its own keep-alive connection like a browser tab, each game
 * as the page plays it: GET /api/token?purpose=caseopen, then POST /api/upgrade/upgrade_items (form data).
 */
import http from 'node:http';
import type { BenchData } from './prepare.ts';
import { median, percentile } from './stats.ts';

/** Counts and latencies of one stretch of games. */
export interface GamesResult {
  games: number;
  errors: number;
  seconds: number;
  gamesPerSecond: number;
  /** upgrade_items latency, ms. */
  medianMs: number;
  p99Ms: number;
  /** token + upgrade, ms. */
  gameMedianMs: number;
  firstError?: string;
}

/** Latencies of one stretch, kept so that interleaved stretches can be reported as one window. */
export interface GamesSample extends GamesResult {
  upgradeMs: number[];
  gameMs: number[];
}

/** Several stretches as one: counts and times added, percentiles over all latencies. */
export function mergeGames(parts: GamesSample[]): GamesResult {
  const upgradeMs = parts.flatMap((p) => p.upgradeMs);
  const gameMs = parts.flatMap((p) => p.gameMs);
  const games = parts.reduce((n, p) => n + p.games, 0);
  const seconds = parts.reduce((n, p) => n + p.seconds, 0);
  return {
    games,
    errors: parts.reduce((n, p) => n + p.errors, 0),
    seconds,
    gamesPerSecond: games / seconds,
    medianMs: median(upgradeMs),
    p99Ms: percentile(upgradeMs, 99),
    gameMedianMs: median(gameMs),
    firstError: parts.find((p) => p.firstError)?.firstError,
  };
}

/** Plays games on all players until `stop` says so (checked before each game); bounded by the players' items. */
export class GameLoad {
  private next: number[];
  private agents: http.Agent[];

  constructor(private readonly base: string, private readonly data: BenchData) {
    this.next = data.players.map(() => 0);
    this.agents = data.players.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  }

  /** Games left before some player runs out of items. */
  remaining(): number {
    return Math.min(...this.data.players.map((p, i) => Math.floor((p.items.length - this.next[i]) / this.data.stakePerGame)));
  }

  /** Plays until `games` more games are done (or `seconds` passed, whichever first), all players at once. */
  async run(limit: { games?: number; seconds?: number }, onGame?: (done: number) => void): Promise<GamesResult> {
    const { upgradeMs: _u, gameMs: _g, ...result } = await this.sample(limit, onGame);
    return result;
  }

  /** As run, with the latencies. */
  async sample(limit: { games?: number; seconds?: number }, onGame?: (done: number) => void): Promise<GamesSample> {
    const upgradeMs: number[] = [];
    const gameMs: number[] = [];
    let started = 0;
    let errors = 0;
    let firstError: string | undefined;
    const maxGames = Math.min(limit.games ?? Number.MAX_SAFE_INTEGER, this.remaining() * this.data.players.length);
    const t0 = performance.now();
    const deadline = t0 + (limit.seconds ?? 1e9) * 1000;
    const player = async (i: number) => {
      while (started < maxGames && performance.now() < deadline && this.next[i] + this.data.stakePerGame <= this.data.players[i].items.length) {
        started++;
        const items = this.data.players[i].items.slice(this.next[i], this.next[i] + this.data.stakePerGame);
        this.next[i] += this.data.stakePerGame;
        const g0 = performance.now();
        const error = await this.play(i, items, (ms) => upgradeMs.push(ms));
        gameMs.push(performance.now() - g0);
        if (error) {
          errors++;
          firstError ??= error;
        }
        onGame?.(gameMs.length);
      }
    };
    await Promise.all(this.data.players.map((_, i) => player(i)));
    const seconds = (performance.now() - t0) / 1000;
    return {
      games: gameMs.length,
      errors,
      seconds,
      gamesPerSecond: gameMs.length / seconds,
      medianMs: median(upgradeMs),
      p99Ms: percentile(upgradeMs, 99),
      gameMedianMs: median(gameMs),
      firstError,
      upgradeMs,
      gameMs,
    };
  }

  /** One game; returns an error description or null. */
  private async play(i: number, items: number[], upgradeTook: (ms: number) => void): Promise<string | null> {
    const { cookie } = this.data.players[i];
    const token = await this.call(i, 'GET', '/api/token?purpose=caseopen', cookie);
    if (token.status !== 200) return `token ${token.status} ${token.text}`;
    const form = new URLSearchParams();
    for (const id of items) form.append('inventory_items[]', String(id));
    form.append('uniq_item', String(this.data.targetId));
    form.append('upgrade_front_chance', String(this.data.chancePercent));
    form.append('roll_under', '1');
    form.append('selected_multiplier', '');
    form.append('token', JSON.parse(token.text).token);
    const u0 = performance.now();
    const res = await this.call(i, 'POST', '/api/upgrade/upgrade_items', cookie, form.toString());
    upgradeTook(performance.now() - u0);
    if (res.status !== 200 || !res.text.startsWith('{"status":true')) return `upgrade ${res.status} ${res.text.slice(0, 200)}`;
    return null;
  }

  private call(i: number, method: string, path: string, cookie: string, body?: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve) => {
      const headers: Record<string, string> = { cookie };
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const req = http.request(`${this.base}${path}`, { agent: this.agents[i], method, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', (e) => resolve({ status: 0, text: String(e) }));
      });
      req.on('error', (e) => resolve({ status: 0, text: String(e) }));
      req.end(body);
    });
  }

  /** Closes the connections. */
  close(): void {
    for (const a of this.agents) a.destroy();
  }
}
