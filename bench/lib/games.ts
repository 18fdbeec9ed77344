// Concurrent players, each on its own keep-alive connection like a browser tab, playing as the page does: a first
// game (or one after an error) loads the index and fetches a token, later ones use the token the last answer brought.
import { median, percentile } from './figures.ts';
import { KeepAliveConnection } from './keepalive.ts';
import type { BenchData } from './prepare.ts';

/** One stretch of games: counts, upgrade_items latencies (ms) and the first error. */
export type GamesSample = { games: number; errors: number; seconds: number; upgradeMs: number[]; firstError?: string };

/** Stretches as one: games/s, the latencies' median and p99, without the raw latencies. */
export function summarise(parts: GamesSample[]) {
  const upgradeMs = parts.flatMap((p) => p.upgradeMs);
  const sum = (f: (p: GamesSample) => number) => parts.reduce((n, p) => n + f(p), 0);
  const [games, seconds] = [sum((p) => p.games), sum((p) => p.seconds)];
  return {
    games,
    errors: sum((p) => p.errors),
    seconds,
    // Refused games count as errors, not as settled games.
    gamesPerSecond: (games - sum((p) => p.errors)) / seconds,
    medianMs: median(upgradeMs),
    p99Ms: percentile(upgradeMs, 99),
    firstError: parts.find((p) => p.firstError)?.firstError,
  };
}

type Player = { conn: KeepAliveConnection; cookie: string; items: number[]; next: number; token: string | null };

/** Plays the bench's one game shape on all players at once, each staking its own items in order. */
export class GameLoad {
  private readonly players: Player[];
  /** The form after the staked items, up to the token: the page's fields, in the page's order. */
  private readonly formTail: string;

  constructor(
    url: string,
    private readonly data: BenchData,
  ) {
    this.players = data.players.map(({ cookie, items }) => {
      return { conn: new KeepAliveConnection(url), cookie: `cookie: ${cookie}`, items, next: 0, token: null };
    });
    const fields = `uniq_item=${data.targetId}&upgrade_front_chance=${data.chancePercent}&roll_under=1`;
    this.formTail = `${fields}&selected_multiplier=&token=`;
  }

  /** Plays until `games` more games are done or `seconds` passed, whichever first, or the items run out. */
  async sample(limit: { games?: number; seconds?: number }): Promise<GamesSample> {
    const n = this.data.stakePerGame;
    const sample: GamesSample = { games: 0, errors: 0, seconds: 0, upgradeMs: [] };
    const t0 = performance.now();
    const deadline = t0 + (limit.seconds ?? 1e9) * 1000;
    let started = 0;
    const more = (p: Player) =>
      started < (limit.games ?? Infinity) && performance.now() < deadline && p.next + n <= p.items.length;
    const play = async (p: Player) => {
      while (more(p)) {
        started++;
        const error = await this.play(p, p.items.slice(p.next, (p.next += n)), sample.upgradeMs);
        sample.games++;
        if (error) sample.errors++;
        sample.firstError ??= error ?? undefined;
      }
    };
    await Promise.all(this.players.map(play));
    sample.seconds = (performance.now() - t0) / 1000;
    return sample;
  }

  /** One game; returns an error description or null. */
  private async play(p: Player, items: number[], upgradeMs: number[]): Promise<string | null> {
    const { conn, cookie } = p;
    let token = p.token;
    p.token = null;
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
    p.token = (JSON.parse(text) as { next_token?: string }).next_token ?? null;
    return null;
  }

  /** Points every player at another server (new connections and tokens); each goes on with its next items. */
  retarget(url: string): void {
    this.close();
    for (const p of this.players) {
      p.conn = new KeepAliveConnection(url);
      p.token = null;
    }
  }

  /** Closes the connections. */
  close(): void {
    for (const p of this.players) p.conn.close();
  }
}
