/**
 * The live feed's figures (GET /api/live): settling games with 2,000 open feed listeners against the same run
 * without them (windows alternate: without, with, without), the delay from a game's transaction to each of a
 * sample of listeners, and the server's memory per open listener. PostgreSQL, one server process.
 */
import net from 'node:net';
import { atLeast, atMost, missing, type Figure } from './lib/figures.ts';
import { GameLoad, summarise as mergeGames, type GamesSample } from './lib/games.ts';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { prepareDatabase } from './lib/prepare.ts';
import { startServer, type BenchServer } from './lib/server.ts';
import { percentile } from './lib/stats.ts';

const LIVE_DB = 'upgrades_bench_live';
const LISTENERS = Number(process.env.BENCH_LIVE_LISTENERS ?? 2000);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 10);
const CLIENTS = 16;
/** Every SAMPLE_EVERY-th listener parses its frames and records each game's delay. */
const SAMPLE_EVERY = 100;

/** Open raw SSE connections; a few of them time what they receive. */
class Listeners {
  private readonly sockets: net.Socket[] = [];
  readonly delaysMs: number[] = [];
  /** Only games whose transaction started after this (epoch ms) count: the backlog a stream opens with does not. */
  since = Infinity;

  async open(url: URL, n: number): Promise<void> {
    const head = `GET /api/live HTTP/1.1\r\nhost: ${url.host}\r\naccept: text/event-stream\r\n\r\n`;
    for (let i = 0; i < n; i++) {
      const sampled = i % SAMPLE_EVERY === 0;
      const socket = net.connect(Number(url.port), url.hostname);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', reject);
      });
      socket.on('error', () => {});
      socket.write(head);
      let first = true;
      await new Promise<void>((resolve, reject) => {
        socket.on('data', (chunk: Buffer) => {
          if (first) {
            first = false;
            if (!chunk.toString('latin1', 0, 12).includes(' 200')) reject(new Error(`listener refused: ${chunk}`));
            else resolve();
          }
          if (sampled) this.time(chunk.toString('utf8'));
        });
      });
      this.sockets.push(socket);
    }
  }

  private time(text: string): void {
    const now = Date.now();
    for (let at = text.indexOf('"time":"'); at >= 0; at = text.indexOf('"time":"', at + 8)) {
      const started = Date.parse(text.slice(at + 8, text.indexOf('"', at + 8)));
      if (started >= this.since) this.delaysMs.push(now - started);
    }
  }

  close(): void {
    for (const s of this.sockets.splice(0)) s.destroy();
  }
}

/** The live feed's three figures. */
export async function liveBench(raw: Record<string, unknown>, log: (s: string) => void): Promise<Figure[]> {
  const url = await createDatabase(LIVE_DB);
  let server: BenchServer | null = null;
  const listeners = new Listeners();
  try {
    log('live: preparing the database');
    const data = await prepareDatabase(
      { kind: 'pg', url },
      {
        catalogueTargets: 500,
        players: CLIENTS,
        itemsPerPlayer: 400 * SECONDS * 3,
        stakePerGame: 1,
        indexPlayerItems: 5,
      },
    );
    server = await startServer({
      DATABASE_URL: url,
      DIST_DIR: '/nonexistent',
      LIVE_MAX_STREAMS_PER_IP: String(LISTENERS + 10),
    });
    const load = new GameLoad(server.url, data);
    await load.run({ seconds: 2 });
    log(`live: games without listeners (${SECONDS} s)`);
    const before: GamesSample[] = [await load.sample({ seconds: SECONDS })];
    const rssBefore = server.rssMb();
    log(`live: opening ${LISTENERS} listeners`);
    await listeners.open(new URL(server.url), LISTENERS);
    await new Promise((r) => setTimeout(r, 2000));
    const rssOpen = server.rssMb();
    log(`live: games with ${LISTENERS} listeners (${SECONDS} s)`);
    listeners.since = Date.now();
    const withListeners = await load.sample({ seconds: SECONDS });
    await new Promise((r) => setTimeout(r, 1000));
    listeners.since = Infinity;
    listeners.close();
    await new Promise((r) => setTimeout(r, 1000));
    log(`live: games without listeners again (${SECONDS} s)`);
    before.push(await load.sample({ seconds: SECONDS }));
    load.close();

    const without = mergeGames(before);
    const withL = mergeGames([withListeners]);
    const p99 = percentile(listeners.delaysMs, 99);
    const perListenerKb = ((rssOpen - rssBefore) * 1024) / LISTENERS;
    raw.live = {
      listeners: LISTENERS,
      without,
      with: withL,
      delays: listeners.delaysMs.length,
      p50: percentile(listeners.delaysMs, 50),
      p99,
      rssBefore,
      rssOpen,
    };
    return [
      atLeast(
        `live: games/s with ${LISTENERS} feed listeners`,
        withL.gamesPerSecond,
        'games/s',
        { label: 'the same load without listeners', value: without.gamesPerSecond, unit: 'games/s' },
        0.9,
        `windows of ${SECONDS} s: without, with, without`,
      ),
      atMost(
        'live: transaction start to listener, p99',
        p99,
        'ms',
        null,
        250,
        `${listeners.delaysMs.length} deliveries to ${Math.ceil(LISTENERS / SAMPLE_EVERY)} sampled listeners at ${withL.gamesPerSecond.toFixed(0)} games/s`,
      ),
      atMost('live: server memory per open listener', perListenerKb, 'KB', null, 32, 'RSS with them open minus before'),
    ];
  } catch (err) {
    return [missing('live feed figures', 'see docs', (err as Error).message)];
  } finally {
    listeners.close();
    await server?.stop();
    await dropDatabase(LIVE_DB).catch(() => {});
  }
}
