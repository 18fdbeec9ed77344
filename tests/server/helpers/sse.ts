/** A Server-Sent Events reader over node:http for the live feed's tests: every event and comment, as received. */
import { FormatRegistry, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { LiveGame, LiveMe } from '../../../src/api/contract.ts';
import http from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';

/** One parsed SSE event. */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/** An open stream. */
export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** Comment lines (heartbeats). */
  comments: number;
  /** Whether the server ended the stream. */
  ended: () => boolean;
  /** The answer's body when it was not a stream (a refusal). */
  body: () => string;
  /** Resolves once `pick` finds something in the events received so far (or later ones). */
  until<T>(pick: (events: SseEvent[]) => T | undefined | null | false, timeout?: number): Promise<T>;
  close(): void;
}

/** The base URL of a listening app (listens on a free port first if needed). */
export async function baseUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address() as { port: number };
  return `http://127.0.0.1:${addr.port}`;
}

/** Opens GET /api/live (or `path`) with these headers; resolves once the answer's head is in. */
export async function openSse(
  app: FastifyInstance,
  headers: Record<string, string> = {},
  path = '/api/live',
): Promise<SseStream> {
  const url = `${await baseUrl(app)}${path}`;
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
      const events: SseEvent[] = [];
      let comments = 0;
      let ended = false;
      let raw = '';
      let buf = '';
      // A stream the server gzipped (the reader said it takes gzip) is read as a browser would: inflated as it comes.
      const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
      body.setEncoding('utf8');
      body.on('error', () => (ended = true));
      body.on('data', (chunk: string) => {
        raw += chunk;
        buf += chunk;
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const ev: SseEvent = { id: null, event: 'message', data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments += 1;
            else if (line.startsWith('id: ')) ev.id = line.slice(4);
            else if (line.startsWith('event: ')) {
              ev.event = line.slice(7);
              isEvent = true;
            } else if (line.startsWith('data: ')) {
              ev.data = line.slice(6);
              isEvent = true;
            }
          }
          if (isEvent) events.push(ev);
        }
      });
      res.on('end', () => (ended = true));
      res.on('close', () => (ended = true));
      res.on('error', () => (ended = true));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        get comments() {
          return comments;
        },
        ended: () => ended,
        body: () => raw,
        until: (pick, timeout = 10_000) =>
          vi.waitFor(
            () => {
              const found = pick(events);
              if (found === undefined || found === null || found === false) throw new Error('not yet');
              return found;
            },
            { timeout, interval: 20 },
          ),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

/** The `game` events' data, parsed. */
export function gamesOf(events: SseEvent[]): LiveGame[] {
  return events.filter((e) => e.event === 'game').map((e) => checked(LiveGame, e.data));
}

/** The `me` events' data, parsed. */
export function mesOf(events: SseEvent[]): LiveMe[] {
  return events.filter((e) => e.event === 'me').map((e) => checked(LiveMe, e.data));
}

// TypeBox checks a format only once told what it means; Fastify's ajv knows date-time itself.
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v));

/** An event's data, parsed and held to the contract's schema (a test reading the feed fails on any drift). */
function checked<T extends TSchema>(schema: T, data: string): Static<T> {
  const value: unknown = JSON.parse(data);
  const errors = [...Value.Errors(schema, value)].map((e) => `${e.path}: ${e.message}`);
  if (errors.length > 0) throw new Error(`live event off the contract (${errors.join('; ')}): ${data}`);
  return value as Static<T>;
}
