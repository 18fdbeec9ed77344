/** The process's one LISTEN, on a dedicated connection: a LISTEN holds its connection for good. */
import pg from 'pg';
import type { DbHandle } from '../db/client.ts';

/** The channel of the log sequencer's batches and of players' own changes (migration 0010's triggers). */
export const LIVE_CHANNEL = 'upgrades_live';

/** What the listener tells its owner. */
export interface LiveSink {
  /** One notice's payload, in commit order. */
  notice(payload: string): void;
  /** Back after a loss: notices sent meanwhile are gone and must be read back. */
  resumed(): void;
  /** The listener retries on its own. */
  failed(err: Error): void;
}

/** A running LISTEN; stop() ends it for good. */
export interface LiveListen {
  stop(): Promise<void>;
}

const BACKOFF_MIN_MS = 250;
const BACKOFF_MAX_MS = 10_000;

/** Resolves once the first LISTEN is in place or, on PostgreSQL, is retrying. */
export async function listenLive(handle: DbHandle, sink: LiveSink): Promise<LiveListen> {
  if (handle.pglite) {
    const unlisten = await handle.pglite.listen(LIVE_CHANNEL, (payload) => sink.notice(payload));
    return {
      stop: async () => {
        if (!handle.pglite!.closed) await unlisten();
      },
    };
  }
  const options = handle.pool!.options;
  let stopped = false;
  let client: pg.Client | null = null;
  let delay = BACKOFF_MIN_MS;
  let timer: NodeJS.Timeout | null = null;
  let first = true;

  const retry = (err: Error) => {
    if (stopped || timer) return;
    sink.failed(err);
    client?.removeAllListeners();
    client?.on('error', () => {});
    client?.end().catch(() => {});
    client = null;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, BACKOFF_MAX_MS);
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({
      connectionString: options.connectionString,
      host: options.host,
      port: options.port,
      user: options.user,
      password: options.password,
      database: options.database,
      connectionTimeoutMillis: 5000,
      // Finds a dead peer instead of waiting forever.
      keepAlive: true,
    });
    client = c;
    c.on('error', retry);
    c.on('end', () => retry(new Error('live listener connection ended')));
    c.on('notification', (msg) => {
      if (msg.channel === LIVE_CHANNEL) sink.notice(msg.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${LIVE_CHANNEL}`);
    } catch (err) {
      first = false;
      if (client === c) retry(err as Error);
      return;
    }
    if (stopped) return void c.end().catch(() => {});
    delay = BACKOFF_MIN_MS;
    if (!first) sink.resumed();
    first = false;
  }

  await connect();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
