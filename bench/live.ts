// The live feed (GET /api/live) on PostgreSQL: games/s with 2,000 open listeners against without (windows without,
// with, without), a game's transaction to a sample of listeners, and the server's memory per listener (half of
// them never read), from its heap and external bytes, not RSS: freed memory stays resident and hides a cost.
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

  /** Every `stalled`-th listener stops reading once its stream is open. */
  async open(url: URL, n: number, stalledEvery = 2): Promise<void> {
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
      if (i % stalledEvery === 1) {
        socket.pause();
        continue;
      }
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

/** Heap used plus external bytes, from the server's /metrics (loopback, no token). */
async function heapBytes(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return read('nodejs_heap_size_used_bytes') + read('nodejs_external_memory_bytes');
}

/** The least of 20 samples 250 ms apart: garbage only adds to a sample, so the least is nearest the live bytes. */
async function settledHeap(base: string): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    samples.push(await heapBytes(base));
    await new Promise((r) => setTimeout(r, 250));
  }
  return Math.min(...samples);
}

/** The live feed's three figures. */
export function liveBench({ raw, log }: BenchContext): Promise<Figure[]> {
  return withDatabase('live', async (url) => {
    log('live: preparing the database');
    const data = await prepareDatabase(url, 500, { players: 16, itemsPerPlayer: 400 * SECONDS * 3 });
    const env = {
      DATABASE_URL: url,
      DIST_DIR: '/nonexistent',
      LIVE_MAX_STREAMS_PER_IP: String(LISTENERS + 10),
      LIVE_MAX_STREAMS: String(LISTENERS + 10),
    };
    const server = await startServer(env);
    const listeners = new Listeners();
    const load = new GameLoad(server.url, data);
    try {
      await load.sample({ seconds: 2 });
      log(`live: games without listeners (${SECONDS} s)`);
      const before = [await load.sample({ seconds: SECONDS })];
      // Both samples 2 s after the games: the difference is the listeners', not the load's garbage.
      await new Promise((r) => setTimeout(r, 2000));
      const heapBefore = await settledHeap(server.url);
      const rssBefore = server.rssMb();
      log(`live: opening ${LISTENERS} listeners, every other one never reading`);
      await listeners.open(new URL(server.url), LISTENERS);
      log(`live: games with ${LISTENERS} listeners (${SECONDS} s)`);
      listeners.since = Date.now();
      // The bench's own CPU while the listeners read: it shares the cores with the server.
      const cpu0 = process.cpuUsage();
      const withL = summarise([await load.sample({ seconds: SECONDS })]);
      const { user, system } = process.cpuUsage(cpu0);
      const benchCpu = (user + system) / 1e6 / withL.seconds;
      await new Promise((r) => setTimeout(r, 2000));
      // With the games' frames queued for the listeners that never read.
      const heapOpen = await settledHeap(server.url);
      const rssOpen = server.rssMb();
      const unsent = Number(
        /^upgrades_live_unsent_bytes (\S+)$/m.exec(await (await fetch(`${server.url}/metrics`)).text())?.[1] ?? NaN,
      );
      listeners.since = Infinity;
      listeners.close();
      await new Promise((r) => setTimeout(r, 1000));
      log(`live: games without listeners again (${SECONDS} s)`);
      before.push(await load.sample({ seconds: SECONDS }));
      const without = summarise(before);
      const [delays, p99] = [listeners.delaysMs, percentile(listeners.delaysMs, 99)];
      const perListenerKb = (heapOpen - heapBefore) / 1024 / LISTENERS;
      raw.live = {
        without,
        with: withL,
        delays: delays.length,
        p50: percentile(delays, 50),
        p99,
        heapBefore,
        heapOpen,
        rssBefore,
        rssOpen,
        unsent,
      };
      const memory = atMost('live: server memory per open listener', perListenerKb, 'KB', null, 32, '');
      // Nothing is free: a figure at or below zero is noise, not a measurement, and fails.
      memory.pass &&= perListenerKb > 0;
      memory.note = `heap used + external, least of 20 samples, open minus before; half the listeners never read (${(unsent / 1024).toFixed(0)} KB unsent in all); RSS ${(rssOpen - rssBefore).toFixed(1)} MB`;
      const base = { label: 'the same load without listeners', value: without.gamesPerSecond, unit: 'games/s' };
      const windows = `windows of ${SECONDS} s: without, with, without; errors ${without.errors} / ${withL.errors}; the bench process's own CPU with them ${benchCpu.toFixed(2)} s/s`;
      const sampled = `${delays.length} deliveries to ${LISTENERS / SAMPLE_EVERY} sampled listeners at ${withL.gamesPerSecond.toFixed(0)} games/s`;
      return [
        atLeast(`live: games/s with ${LISTENERS} feed listeners`, withL.gamesPerSecond, 'games/s', base, 0.9, windows),
        atMost('live: transaction start to listener, p99', p99, 'ms', null, 250, sampled),
        memory,
      ];
    } finally {
      load.close();
      listeners.close();
      await server.stop();
    }
  });
}
