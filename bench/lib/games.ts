/**
 * The game load: C concurrent players, each on its own keep-alive connection like a browser tab, each game
 * as the page plays it (src/api/upgrade.ts playUpgrade): POST /api/upgrade/upgrade_items (form data) with the
 * caseopen token the player's last answer brought (`next_token`); a player's first game, and a game after an
 * error, first fetch one with GET /api/token?purpose=caseopen.
 */
import fs from 'node:fs';
import { KeepAliveConnection, type Answer } from './keepalive.ts';
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
  /** The whole game (a token call if one was needed, and the upgrade), ms. */
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

/** The answer's next_token (tokens are base64url and digits: no escapes to undo), or null. */
function nextToken(json: string): string | null {
  const key = '"next_token":"';
  const at = json.indexOf(key);
  if (at < 0) return null;
  return json.slice(at + key.length, json.indexOf('"', at + key.length));
}

/** Plays games on all players until `stop` says so (checked before each game); bounded by the players' items. */
export class GameLoad {
  private next: number[];
  private connections: KeepAliveConnection[];
  /** Each player's Cookie header line. */
  private cookies: string[];
  /** The form after the staked items, up to the token (the same fields, in the page's order, every game). */
  private formTail: string;
  /** Each player's token for the next game, from the last answer (null: fetch one). */
  private tokens: Array<string | null>;

  constructor(
    base: string,
    private readonly data: BenchData,
  ) {
    const url = new URL(base);
    this.next = data.players.map(() => 0);
    this.connections = data.players.map(() => new KeepAliveConnection(url.hostname, Number(url.port)));
    this.cookies = data.players.map((p) => `cookie: ${p.cookie}`);
    this.tokens = data.players.map(() => null);
    const fields = new URLSearchParams({
      uniq_item: String(data.targetId),
      upgrade_front_chance: String(data.chancePercent),
      roll_under: '1',
      selected_multiplier: '',
    });
    this.formTail = `${fields.toString()}&token=`;
  }

  /** Games left before some player runs out of items. */
  remaining(): number {
    return Math.min(
      ...this.data.players.map((p, i) => Math.floor((p.items.length - this.next[i]) / this.data.stakePerGame)),
    );
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
    // BENCH_GAMES_TRACE: a file that gets each upgrade's start (ms into the sample) and latency, one sample after another.
    const trace: string[] | null = process.env.BENCH_GAMES_TRACE ? [] : null;
    const player = async (i: number) => {
      while (
        started < maxGames &&
        performance.now() < deadline &&
        this.next[i] + this.data.stakePerGame <= this.data.players[i].items.length
      ) {
        started++;
        const items = this.data.players[i].items.slice(this.next[i], this.next[i] + this.data.stakePerGame);
        this.next[i] += this.data.stakePerGame;
        const g0 = performance.now();
        const error = await this.play(i, items, (ms) => {
          upgradeMs.push(ms);
          if (trace) trace.push(`${(performance.now() - ms - t0).toFixed(2)} ${ms.toFixed(2)}`);
        });
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
    if (trace)
      fs.appendFileSync(
        process.env.BENCH_GAMES_TRACE!,
        `# sample of ${seconds.toFixed(1)} s from ${Date.now() - seconds * 1000}\n${trace.join('\n')}\n`,
      );
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
    const conn = this.connections[i];
    const cookie = this.cookies[i];
    let token = this.tokens[i];
    this.tokens[i] = null;
    if (token === null) {
      // A player's first game, or the one after an error: the page loads (or reloads) its data first, the index
      // call, which shows the inventory the games stake, then asks for a token.
      const index = await conn.request('POST', '/api/upgrade/index', `${cookie}\r\naccept-encoding: br, gzip`, '');
      if (index.status !== 200) return `index ${index.status} ${index.text.slice(0, 200)}`;
      const fetched = await conn.request('GET', '/api/token?purpose=caseopen', cookie);
      if (fetched.status !== 200) return `token ${fetched.status} ${fetched.text}`;
      token = (JSON.parse(fetched.text) as { token: string }).token;
    }
    // The body URLSearchParams would build: inventory_items[] per staked item, the fixed fields, the token.
    let form = '';
    for (const id of items) form += `inventory_items%5B%5D=${id}&`;
    form += this.formTail + encodeURIComponent(token);
    const u0 = performance.now();
    const res: Answer = await conn.request(
      'POST',
      '/api/upgrade/upgrade_items',
      `${cookie}\r\ncontent-type: application/x-www-form-urlencoded`,
      form,
    );
    upgradeTook(performance.now() - u0);
    if (res.status !== 200 || !res.text.startsWith('{"status":true'))
      return `upgrade ${res.status} ${res.text.slice(0, 200)}`;
    this.tokens[i] = nextToken(res.text);
    return null;
  }

  /** Closes the connections. */
  close(): void {
    for (const c of this.connections) c.close();
  }
}
