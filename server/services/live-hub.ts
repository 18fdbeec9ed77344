/**
 * One process's live feed, written in batches (docs/decisions/live-feed-batches.md). Every process receives every
 * notice, so a reconnect resumes from memory whichever process it lands on.
 */
import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMe } from '../../src/api/live.ts';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/client.ts';
import { isDbUnavailable } from '../db/errors.ts';
import type { Lang } from '../messages.ts';
import { LiveReader, type LiveEntry } from './live-games.ts';
import { listenLive, type LiveListen } from './live-listen.ts';

/** Games a fresh stream starts with (the strip's length). */
export const LIVE_BACKLOG = 20;
/** Games kept in memory for resumes. */
const RING = 500;
/** Games read from the database for a stream further behind than memory reaches. */
export const LIVE_RESUME_MAX = 200;
/** Past this many unsent bytes a stream's reader does not read: it is closed. */
const MAX_BUFFERED = 256 * 1024;
const RETRY_READ_MS = 1000;
/** Most game ids one query reads. */
const READ_CHUNK = 500;
/** Least time between two batches. */
const FLUSH_GAP_MS = 100;
/** The SSE retry field. */
const CLIENT_RETRY_MS = 2000;

interface Stream {
  res: ServerResponse;
  userId: number | null;
  /** Frees the stream's place in the caps. */
  closed: () => void;
  /** The body is gzip: the reader said it takes it (every browser does). */
  gzip: boolean;
  /** Waiting for its resume read: live games reach it afterwards from memory. */
  resuming: boolean;
}

/** One game's SSE frame and id, and whose it is (a renamed player's frames are made again). */
interface Framed {
  id: number;
  frame: string;
  entry: LiveEntry;
}

const meFrame = (me: LiveMe): string => `event: me\ndata: ${JSON.stringify(me)}\n\n`;

/** A gzip member's header (RFC 1952: deflate, no name, no time); the member never ends, as the stream does not. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** Frames, encoded once for all streams: deflated on their own to a sync flush, they continue any gzip stream. */
class Piece {
  private plain: Buffer | null = null;
  private packed: Buffer | null = null;
  constructor(private readonly text: string) {}

  for(stream: Stream): Buffer {
    if (!stream.gzip) return (this.plain ??= Buffer.from(this.text));
    return (this.packed ??= zlib.deflateRawSync(this.text, { finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  }
}

const RETRY = new Piece(`retry: ${CLIENT_RETRY_MS}\n\n`);
const HEARTBEAT = new Piece(':\n\n');

/** Whether an Accept-Encoding header takes gzip. */
export function takesGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return coding.trim() === 'gzip' && (q === undefined || Number(q.slice(2)) > 0);
  });
}
const ME_KINDS = new Set<string>(['sale', 'grant', 'seeds']);

/** The process's live feed; start() listens, open() serves one stream, close() ends all of them. */
export class LiveHub {
  private readonly streams = new Set<Stream>();
  private readonly byUser = new Map<number, Set<Stream>>();
  private readonly ring: Framed[] = [];
  private readonly known = new Set<number>();
  /** Notices waiting for the next batch: the log's new sizes, and players' own changes. */
  private pending: Array<{ logTo: number } | { userId: number; kind: LiveMe['kind'] }> = [];
  /** Games below this log index have been read. */
  private logSize = 0;
  private flushQueued = false;
  private lastFlush = 0;
  private chain: Promise<void> = Promise.resolve();
  private listen: LiveListen | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly reader: LiveReader;
  /** What a fresh stream starts with, while the newest game is this one. */
  private backlog: { newest: number; piece: Piece } | null = null;

  constructor(
    private readonly handle: DbHandle,
    private readonly config: Config,
    lang: Lang,
    private readonly log: FastifyBaseLogger,
  ) {
    this.reader = new LiveReader(handle.raw, config, lang);
  }

  /** LISTENs, then reads the newest games; notices arriving meanwhile wait behind that read. */
  async start(): Promise<void> {
    this.listen = await listenLive(this.handle, {
      notice: (payload) => this.notice(payload),
      resumed: () => this.enqueue(() => this.catchUp()),
      failed: (err) => {
        if (!this.closed) this.log.warn({ err }, 'live feed: LISTEN connection lost, reconnecting');
      },
    });
    this.enqueue(async () => {
      this.logSize = await this.reader.logSize();
      for (const entry of await this.reader.newest(RING)) this.remember(entry);
    });
    this.heartbeat = setInterval(() => this.beat(), this.config.liveHeartbeatSeconds * 1000);
    this.heartbeat.unref();
  }

  /** Open streams (tests and the bench). */
  get size(): number {
    return this.streams.size;
  }

  /** Bytes queued for streams whose readers lag; each stream's share is bounded by MAX_BUFFERED and one piece. */
  get unsentBytes(): number {
    let sum = 0;
    for (const s of this.streams) sum += s.res.writableLength;
    return sum;
  }

  /** Serves one stream on a hijacked response: the games after `lastId`, then each game as it commits. */
  open(
    res: ServerResponse,
    opts: { userId: number | null; lastId: number | null; gzip: boolean; closed: () => void },
  ): void {
    const socket = res.req.socket;
    // The reader left while its session was read: its 'close' has fired already.
    if (res.destroyed || socket.destroyed) return opts.closed();
    const stream: Stream = { res, userId: opts.userId, closed: opts.closed, gzip: opts.gzip, resuming: true };
    this.streams.add(stream);
    if (stream.userId !== null) {
      let set = this.byUser.get(stream.userId);
      if (!set) this.byUser.set(stream.userId, (set = new Set()));
      set.add(stream);
    }
    const gone = () => this.drop(stream);
    res.on('close', gone);
    // A response queued behind another on its connection gets no 'close' of its own.
    socket.once('close', gone);
    // The body runs until the connection closes, unchunked: a batch then goes to the socket as it is (write()).
    res.removeHeader('transfer-encoding');
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx buffers proxied answers unless told not to.
      'x-accel-buffering': 'no',
      connection: 'close',
      vary: 'accept-encoding',
      ...(stream.gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    if (stream.gzip) res.write(GZIP_HEADER);
    this.write(stream, RETRY);
    // Queued behind any read in flight, so the first frames follow what memory holds.
    this.enqueue(() => this.resume(stream, opts.lastId));
  }

  /** Ends every stream and the LISTEN. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    for (const s of [...this.streams]) s.res.end();
    await this.listen?.stop();
    await this.chain;
  }

  private async resume(stream: Stream, lastId: number | null): Promise<void> {
    const piece = lastId === null ? this.freshBacklog() : await this.missed(lastId);
    if (piece) this.write(stream, piece);
    stream.resuming = false;
  }

  /** What a fresh stream starts with: the same piece for every stream that opens before the next game. */
  private freshBacklog(): Piece | null {
    const newest = this.ring.at(-1)?.id;
    if (newest === undefined) return null;
    if (this.backlog?.newest !== newest) {
      const text = this.ring
        .slice(-LIVE_BACKLOG)
        .map((f) => f.frame)
        .join('');
      this.backlog = { newest, piece: new Piece(text) };
    }
    return this.backlog.piece;
  }

  /** The games after `lastId`, from memory or, further back, from the database (bounded), as one piece. */
  private async missed(lastId: number): Promise<Piece | null> {
    const sent = new Set<number>();
    let text = '';
    const send = (f: Framed) => {
      sent.add(f.id);
      text += f.frame;
    };
    const at = this.ring.findIndex((f) => f.id === lastId);
    if (at >= 0) this.ring.slice(at + 1).forEach(send);
    else if (this.ring.length > 0 && lastId >= this.ring[0].id) this.ring.filter((f) => f.id > lastId).forEach(send);
    else {
      try {
        for (const entry of await this.reader.after(lastId, LIVE_RESUME_MAX)) send(this.frame(entry));
      } catch (err) {
        this.log.warn({ err }, 'live feed: resume read failed');
      }
      for (const f of this.ring) if (f.id > lastId && !sent.has(f.id)) send(f);
    }
    return text ? new Piece(text) : null;
  }

  private notice(payload: string): void {
    if (payload.startsWith('l')) {
      // The sequencer's one notice per batch: the site's log now has this many entries.
      const [size, site] = payload.slice(1).split(':');
      if (site !== this.config.site) return;
      this.pending.push({ logTo: Number(size) });
    } else if (payload.startsWith('u')) {
      const [user, kind] = payload.slice(1).split(':');
      if (kind === 'name') return this.enqueue(() => this.rename(Number(user)));
      // Nothing to read, but kept in line behind earlier games.
      if (!ME_KINDS.has(kind) || !this.byUser.has(Number(user))) return;
      this.pending.push({ userId: Number(user), kind: kind as LiveMe['kind'] });
    } else return;
    this.scheduleFlush();
  }

  /** One read for every notice of a batch window. */
  private scheduleFlush(): void {
    if (this.flushQueued || this.closed) return;
    this.flushQueued = true;
    const run = () => {
      this.flushQueued = false;
      this.enqueue(() => this.flush());
    };
    const wait = this.lastFlush + FLUSH_GAP_MS - Date.now();
    if (wait > 0) setTimeout(run, wait).unref();
    else setImmediate(run);
  }

  /** The games the log gained since the last read, in log order. */
  private async readLog(to: number): Promise<LiveEntry[]> {
    const out: LiveEntry[] = [];
    // Bounded reads, so a burst neither holds one slow query nor delays shutdown.
    for (let from = this.logSize; from < to && !this.closed;) {
      const part = await this.reader.inLog(from, to, READ_CHUNK);
      out.push(...part.entries);
      from = part.next;
    }
    return out;
  }

  private async flush(): Promise<void> {
    this.lastFlush = Date.now();
    const batch = this.pending;
    this.pending = [];
    let to = this.logSize;
    for (const n of batch) if ('logTo' in n) to = Math.max(to, n.logTo);
    let read: LiveEntry[] = [];
    if (to > this.logSize) {
      try {
        read = await this.readLog(to);
        if (this.closed) return;
      } catch (err) {
        if (!isDbUnavailable(err)) this.log.error({ err }, 'live feed: reading games failed');
        this.pending.unshift(...batch);
        this.retryTimer ??= setTimeout(() => {
          this.retryTimer = null;
          this.scheduleFlush();
        }, RETRY_READ_MS);
        return;
      }
      this.logSize = to;
    }
    const mine: Array<{ userId: number; frame: string }> = [];
    const told: LiveEntry[] = [];
    for (const entry of read) {
      if (this.known.has(entry.game.id)) continue;
      told.push(entry);
      this.known.add(entry.game.id);
      mine.push({ userId: entry.userId, frame: meFrame({ kind: 'game', roll_id: entry.game.roll_id }) });
    }
    for (const n of batch) if (!('logTo' in n)) mine.push({ userId: n.userId, frame: meFrame({ kind: n.kind }) });
    this.publish(told, mine);
  }

  /** After a lost LISTEN, reads back the games the log gained meanwhile. */
  private async catchUp(): Promise<void> {
    try {
      this.pending.push({ logTo: await this.reader.logSize() });
      this.scheduleFlush();
    } catch (err) {
      this.log.warn({ err }, 'live feed: catch-up read failed');
    }
  }

  /** One write per stream for a batch's games, then each player's own events. */
  private publish(entries: LiveEntry[], mine: Array<{ userId: number; frame: string }>): void {
    let chunk = '';
    for (const entry of entries) chunk += this.remember(entry).frame;
    // Encoded once for every stream (once plain, once deflated).
    const piece = chunk ? new Piece(chunk) : null;
    if (piece) for (const s of this.streams) if (!s.resuming) this.write(s, piece);
    const byUser = new Map<number, string>();
    for (const m of mine) if (this.byUser.has(m.userId)) byUser.set(m.userId, (byUser.get(m.userId) ?? '') + m.frame);
    for (const [userId, frames] of byUser) this.toUser(userId, frames);
  }

  /** A player changed how the feed names them: their games in memory (strips, resumes) take the new name. */
  private async rename(userId: number): Promise<void> {
    if (!this.ring.some((f) => f.entry.userId === userId)) return;
    const shown = await this.reader.nameOf(userId);
    if (!shown) return;
    for (let i = 0; i < this.ring.length; i++) {
      const f = this.ring[i];
      if (f.entry.userId === userId) this.ring[i] = this.frame({ ...f.entry, game: { ...f.entry.game, ...shown } });
    }
    this.backlog = null;
  }

  private remember(entry: LiveEntry): Framed {
    const framed = this.frame(entry);
    this.ring.push(framed);
    this.known.add(framed.id);
    if (this.ring.length > RING) this.known.delete(this.ring.shift()!.id);
    return framed;
  }

  private frame(entry: LiveEntry): Framed {
    const frame = `id: ${entry.game.id}\nevent: game\ndata: ${JSON.stringify(entry.game)}\n\n`;
    return { id: entry.game.id, frame, entry };
  }

  private toUser(userId: number, frame: string): void {
    const set = this.byUser.get(userId);
    const piece = new Piece(frame);
    if (set) for (const s of set) this.write(s, piece);
  }

  private beat(): void {
    for (const s of this.streams) this.write(s, HEARTBEAT);
  }

  private write(stream: Stream, piece: Piece): void {
    if (stream.res.writableEnded || stream.res.destroyed) return;
    if (stream.res.writableLength > MAX_BUFFERED) {
      stream.res.destroy();
      return;
    }
    stream.res.write(piece.for(stream));
  }

  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch((err: Error) => this.log.error({ err }, 'live feed failed'));
  }

  private drop(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    stream.closed();
    if (stream.userId !== null) {
      const set = this.byUser.get(stream.userId);
      set?.delete(stream);
      if (set?.size === 0) this.byUser.delete(stream.userId);
    }
  }
}
