/**
 * The live feed's per-address cap holds across processes: two apps (PostgreSQL: one database; PGlite: one each)
 * on one Redis admit LIVE_MAX_STREAMS_PER_IP streams from an address in all, whichever process each lands on.
 */
import http from 'node:http';
import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '../../server/messages.ts';
import { baseUrl } from '../server/helpers/sse.ts';
import { createTestApp, type TestApp } from '../server/helpers/app.ts';
import { buildApp } from '../../server/app.ts';
import { openDb, type DbHandle } from '../../server/db/client.ts';
import type { FastifyInstance } from 'fastify';
import { DB_KIND } from './helpers/db.ts';
import { record } from './helpers/record.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const CAP = 3;

let first: TestApp;
let second: FastifyInstance | null = null;
let secondApp: TestApp | null = null;
let secondHandle: DbHandle | null = null;
afterAll(async () => {
  await second?.close();
  await secondHandle?.close();
  await secondApp?.close();
  await first?.close();
});

interface Opened {
  status: number;
  body: string;
  close(): void;
}

/** Opens GET /api/live from `client` (a loopback address of its own); a refusal is read whole. */
async function openFrom(app: FastifyInstance, client: string): Promise<Opened> {
  const url = new URL(`${await baseUrl(app)}/api/live`);
  return new Promise((resolve, reject) => {
    const req = http.get({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      localAddress: client,
      agent: false,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const close = () => req.destroy();
      if (res.statusCode === 200) return resolve({ status: 200, body: '', close });
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, close }));
    });
  });
}

describe(`live stream caps over Redis (${DB_KIND})`, () => {
  it(`admits ${CAP} streams from one address across two processes, then 429 on either until one closes`, async () => {
    const config = { redisUrl: REDIS_URL, liveMaxStreamsPerIp: CAP };
    first = await createTestApp(config);
    if (first.databaseUrl) {
      secondHandle = await openDb({ kind: 'pg', url: first.databaseUrl, poolSize: 5 });
      second = await buildApp(first.config, secondHandle);
    } else {
      secondApp = await createTestApp(config);
      second = secondApp.app;
    }
    const peer = second;
    const apps = [first.app, peer];
    // An address no other run uses, so Redis holds no streams of it yet.
    const client = `127.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
    const held: Opened[] = [];
    try {
      for (let i = 0; i < CAP; i++) held.push(await openFrom(apps[i % 2], client));
      expect(held.map((s) => s.status)).toEqual(Array(CAP).fill(200));
      for (const app of apps) {
        const over = await openFrom(app, client);
        expect(over.status).toBe(429);
        expect(JSON.parse(over.body)).toEqual({ status: false, msg: messages.en.live_too_many });
      }
      // Another address is not held back by this one.
      const other = await openFrom(peer, `127.0.0.${randomInt(2, 255)}`);
      expect(other.status).toBe(200);
      other.close();
      held.shift()!.close();
      await expect
        .poll(
          async () => {
            const again = await openFrom(peer, client);
            if (again.status === 200) held.push(again);
            return again.status;
          },
          { timeout: 10_000, interval: 100 },
        )
        .toBe(200);
      record('live-caps', { cap: CAP, processes: 2, admitted: CAP, refused_over_cap: 2 });
    } finally {
      for (const s of held) s.close();
    }
  });
});
