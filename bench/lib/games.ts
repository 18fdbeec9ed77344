/**
 * The game load: concurrent players, each on its own keep-alive connection like a browser tab, each game as the
 * page plays it: upgrade_items with the token the last answer brought; a first game (or one after an error) loads
 * the index and fetches a token first.
 */
import { KeepAliveConnection } from './keepalive.ts';
import type { BenchData } from './prepare.ts';
import { median, percentile } from './stats.ts';

/** One stretch of games: counts, upgrade_items latencies (ms) and the first error. */
export interface GamesSample {
  games: number;
  errors: number;
  seconds: number;
  upgradeMs: number[];
  firstError?: string;
}

/** Stretches as one: games/s, the latencies' median and p99, without the raw latencies. */
export function summarise(parts: GamesSample[]) {
  const upgradeMs = parts.flatMap((p) => p.upgradeMs);
  const games = parts.reduce((n, p) => n + p.games, 0);
  const seconds = parts.reduce((n, p) => n + p.seconds, 0);
  return {
    games,
    errors: parts.reduce((n, p) => n + p.errors, 0),
    seconds,
    gamesPerSecond: games / seconds,
    medianMs: median(upgradeMs),
    p99Ms: percentile(upgradeMs, 99),
    firstError: parts.find((p) => p.firstError)?.firstError,
  };
}

/** Counts and latencies of stretches as one. */
export type GamesResult = ReturnType<typeof summarise>;

/** Plays the bench's one game shape on all players at once, each staking its own items in order. */
export class GameLoad {
  private next: number[];
  private connections: KeepAliveConnection[];
  /** The form after the staked items, up to the token (the same fields, in the page's order, every game). */
  private formTail: string;
  /** Each player's token for the next game, from the last answer (null: fetch one). */
  private tokens: Array<string | null>;

  constructor(
    base: string,
    private readonly data: BenchData,
  ) {
    this.next = data.players.map(() => 0);
    this.connections = data.players.map(() => new KeepAliveConnection(base));
    this.tokens = data.players.map(() => null);
    const fields = { uniq_item: data.targetId, upgrade_front_chance: data.chancePercent, roll_under: 1 };
    this.formTail = `${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}&selected_multiplier=&token=`;
  }

  /** Plays until `games` more games are done or `seconds` passed, whichever first, or the items run out. */
  async sample(limit: { games?: number; seconds?: number }): Promise<GamesSample> {
    const { players, stakePerGame } = this.data;
    const upgradeMs: number[] = [];
    const result: GamesSample = { games: 0, errors: 0, seconds: 0, upgradeMs };
    let started = 0;
    const t0 = performance.now();
    const deadline = t0 + (limit.seconds ?? 1e9) * 1000;
    const player = async (i: number) => {
      while (
        started < (limit.games ?? Infinity) &&
        performance.now() < deadline &&
        this.next[i] + stakePerGame <= players[i].items.length
      ) {
        started++;
        const items = players[i].items.slice(this.next[i], (this.next[i] += stakePerGame));
        const error = await this.play(i, items, upgradeMs);
        result.games++;
        if (error) result.errors++;
        result.firstError ??= error ?? undefined;
      }
    };
    await Promise.all(players.map((_, i) => player(i)));
    result.seconds = (performance.now() - t0) / 1000;
    return result;
  }

  /** As sample, summarised. */
  async run(limit: { games?: number; seconds?: number }): Promise<GamesResult> {
    return summarise([await this.sample(limit)]);
  }

  /** One game; returns an error description or null. */
  private async play(i: number, items: number[], upgradeMs: number[]): Promise<string | null> {
    const conn = this.connections[i];
    const cookie = `cookie: ${this.data.players[i].cookie}`;
    let token = this.tokens[i];
    this.tokens[i] = null;
    if (token === null) {
      const index = await conn.request('POST', '/api/upgrade/index', `${cookie}\r\naccept-encoding: br, gzip`, '');
      if (index.status !== 200) return `index ${index.status} ${index.body.toString().slice(0, 200)}`;
      const fetched = await conn.request('GET', '/api/token?purpose=caseopen', cookie);
      if (fetched.status !== 200) return `token ${fetched.status} ${fetched.body.toString()}`;
      token = (JSON.parse(fetched.body.toString()) as { token: string }).token;
    }
    const form = items.map((id) => `inventory_items%5B%5D=${id}&`).join('') + this.formTail + encodeURIComponent(token);
    const u0 = performance.now();
    const headers = `${cookie}\r\ncontent-type: application/x-www-form-urlencoded`;
    const res = await conn.request('POST', '/api/upgrade/upgrade_items', headers, form);
    upgradeMs.push(performance.now() - u0);
    const text = res.body.toString();
    if (res.status !== 200 || !text.startsWith('{"status":true')) return `upgrade ${res.status} ${text.slice(0, 200)}`;
    this.tokens[i] = (JSON.parse(text) as { next_token?: string }).next_token ?? null;
    return null;
  }

  /** Closes the connections. */
  close(): void {
    for (const c of this.connections) c.close();
  }
}
