// The live feed (GET /api/live) on PostgreSQL: games/s with 2,000 open listeners against without (windows without,
// with, without), a game's transaction to a sample of listeners, and the server's memory per listener.
import net from 'node:net';
import zlib from 'node:zlib';
import { atLeast, atMost, percentile, type BenchContext, type Figure } from './lib/figures.ts';
import { GameLoad, summarise } from './lib/games.ts';
import { withDatabase } from './lib/pg.ts';
import { prepareDatabase } from './lib/prepare.ts';
import { startServer } from './lib/server.ts';

const LISTENERS = 2000;
const SECONDS = 10;
/** Every SAMPLE_EVERY-th listener parses its frames and records each game's delay. */
const SAMPLE_EVERY = 100;

/** Raw SSE connections that ask for gzip as browsers do; a few of them inflate and time what they receive. */
class Listeners {
  private readonly sockets: net.Socket[] = [];
  readonly delaysMs: number[] = [];
  /** Only games whose transaction started after this (epoch ms) count: the backlog a stream opens with does not. */
  since = Infinity;

  async open(url: URL, n: number): Promise<void> {
    const head = `GET /api/live HTTP/1.1\r\nhost: ${url.host}\r\naccept: text/event-stream\r\naccept-encoding: gzip, deflate, br\r\n\r\n`;
    for (let i = 0; i < n; i++) {
      const socket = net.connect(Number(url.port), url.hostname);
      this.sockets.push(socket);
      socket.write(head);
      const first = await new Promise<Buffer>((resolve, reject) =>
        socket.once('error', reject).once('data', (chunk: Buffer) => {
          if (chunk.toString('latin1', 0, 12).includes(' 200')) resolve(chunk);
          else reject(new Error(`listener refused: ${chunk}`));
        }),
      );
      socket.on('error', () => {});
      if (i % SAMPLE_EVERY !== 0) continue;
      const end = first.indexOf('\r\n\r\n');
      if (!/^content-encoding: gzip$/im.test(first.toString('latin1', 0, end))) throw new Error('the feed is not gzip');
      const gunzip = zlib.createGunzip().on('data', (chunk: Buffer) => this.time(chunk.toString('utf8')));
      gunzip.write(first.subarray(end + 4));
      socket.on('data', (chunk: Buffer) => gunzip.write(chunk));
    }
  }

  private time(text: string): void {
    const now = Date.now();
    for (let at = text.indexOf('"time":"'); at >= 0; at = text.indexOf('"time":"', at + 8)) {
      const started = Date.parse(text.slice(at + 8, text.indexOf('"', at + 8)));
      if (started >= this.since) this.delaysMs.push(now - started);
    }
  }

  close = () => this.sockets.splice(0).forEach((s) => s.destroy());
}

/** The live feed's three figures. */
export function liveBench({ raw, log }: BenchContext): Promise<Figure[]> {
  return withDatabase('live', async (url) => {
    log('live: preparing the database');
    const data = await prepareDatabase(url, 500, { players: 16, itemsPerPlayer: 400 * SECONDS * 3 });
    const env = { DATABASE_URL: url, DIST_DIR: '/nonexistent', LIVE_MAX_STREAMS_PER_IP: String(LISTENERS + 10) };
    const server = await startServer(env);
    const listeners = new Listeners();
    const load = new GameLoad(server.url, data);
    try {
      await load.sample({ seconds: 2 });
      log(`live: games without listeners (${SECONDS} s)`);
      const before = [await load.sample({ seconds: SECONDS })];
      // Both RSS samples 2 s after the games: the difference is the listeners', not the load's garbage.
      await new Promise((r) => setTimeout(r, 2000));
      const rssBefore = server.rssMb();
      log(`live: opening ${LISTENERS} listeners`);
      await listeners.open(new URL(server.url), LISTENERS);
      await new Promise((r) => setTimeout(r, 2000));
      const rssOpen = server.rssMb();
      log(`live: games with ${LISTENERS} listeners (${SECONDS} s)`);
      listeners.since = Date.now();
      // The bench's own CPU while the listeners read: it shares the cores with the server.
      const cpu0 = process.cpuUsage();
      const withL = summarise([await load.sample({ seconds: SECONDS })]);
      const { user, system } = process.cpuUsage(cpu0);
      const benchCpu = (user + system) / 1e6 / withL.seconds;
      await new Promise((r) => setTimeout(r, 1000));
      listeners.since = Infinity;
      listeners.close();
      await new Promise((r) => setTimeout(r, 1000));
      log(`live: games without listeners again (${SECONDS} s)`);
      before.push(await load.sample({ seconds: SECONDS }));
      const without = summarise(before);
      const [delays, p99] = [listeners.delaysMs, percentile(listeners.delaysMs, 99)];
      const perListenerKb = ((rssOpen - rssBefore) * 1024) / LISTENERS;
      raw.live = { without, with: withL, delays: delays.length, p50: percentile(delays, 50), p99, rssBefore, rssOpen };
      const base = { label: 'the same load without listeners', value: without.gamesPerSecond, unit: 'games/s' };
      const windows = `windows of ${SECONDS} s: without, with, without; errors ${without.errors} / ${withL.errors}; the bench process's own CPU with them ${benchCpu.toFixed(2)} s/s`;
      const sampled = `${delays.length} deliveries to ${LISTENERS / SAMPLE_EVERY} sampled listeners at ${withL.gamesPerSecond.toFixed(0)} games/s`;
      return [
        atLeast(`live: games/s with ${LISTENERS} feed listeners`, withL.gamesPerSecond, 'games/s', base, 0.9, windows),
        atMost('live: transaction start to listener, p99', p99, 'ms', null, 250, sampled),
        atMost('live: server memory per open listener', perListenerKb, 'KB', null, 32, 'RSS open minus before'),
      ];
    } finally {
      load.close();
      listeners.close();
      await server.stop();
    }
  });
}
