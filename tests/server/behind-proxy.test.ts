import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as msg } from '../../server/messages.ts';
import { baseUrl } from './helpers/sse.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * A real proxy in front of a listening app: it appends the address that connected to it to X-Forwarded-For, as
 * nginx's $proxy_add_x_forwarded_for does. Clients connect from their own loopback addresses (127.0.0.2, ...), so
 * the app can tell them apart only through the header.
 */
let t: TestApp;
let proxy: http.Server;
let proxyPort = 0;
const CAP = 3;
const AUTH_PER_MIN = 3;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: '127.0.0.1', liveMaxStreamsPerIp: CAP, rateLimitAuthPerMin: AUTH_PER_MIN });
  const target = new URL(await baseUrl(t.app));
  proxy = http.createServer((req, res) => {
    const prior = req.headers['x-forwarded-for'];
    const headers = { ...req.headers, 'x-forwarded-for': [prior, req.socket.remoteAddress].filter(Boolean).join(', ') };
    const up = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
});
afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await t.close();
});

interface Answer {
  status: number;
  body: string;
  res: http.IncomingMessage;
  req: http.ClientRequest;
}

/** One request through the proxy from `client`, with a forged X-Forwarded-For when given; streams stay open. */
function via(
  client: string,
  path: string,
  opts: { forged?: string; method?: string; body?: unknown; stream?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: proxyPort,
        localAddress: client,
        method: opts.method ?? 'GET',
        path,
        agent: false,
        headers: {
          ...(opts.forged ? { 'x-forwarded-for': opts.forged } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        if (opts.stream && res.statusCode === 200) return resolve({ status: 200, body: '', res, req });
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, res, req }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('behind a proxy that appends X-Forwarded-For', () => {
  it('refuses /metrics to a loopback client that came through it, forged header or not', async () => {
    for (const forged of [undefined, '127.0.0.1', '::1']) {
      const res = await via('127.0.0.2', '/metrics', { forged });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ status: false, msg: msg('en', 'metrics_local') });
    }
  });

  it('counts live streams by the address that connected to the proxy, whatever the client forges', async () => {
    const held: Answer[] = [];
    try {
      for (let i = 0; i < CAP; i++) {
        const res = await via('127.0.0.3', '/api/live', { forged: `198.51.100.${i}`, stream: true });
        expect(res.status).toBe(200);
        held.push(res);
      }
      const over = await via('127.0.0.3', '/api/live', { forged: '198.51.100.99', stream: true });
      expect(over.status).toBe(429);
      // Another client behind the same proxy has its own count.
      const other = await via('127.0.0.4', '/api/live', { forged: '127.0.0.3', stream: true });
      expect(other.status).toBe(200);
      held.push(other);
    } finally {
      for (const s of held) s.req.destroy();
    }
  });

  it('counts sign-in attempts by the address that connected to the proxy, whatever the client forges', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_PER_MIN; i++) {
      const res = await via('127.0.0.5', '/api/auth/login', {
        method: 'POST',
        forged: `203.0.113.${i}`,
        body: { username: `nobody${i}`, password: 'wrong-password' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, AUTH_PER_MIN).every((s) => s !== 429)).toBe(true);
    expect(statuses[AUTH_PER_MIN]).toBe(429);
    const other = await via('127.0.0.6', '/api/auth/login', {
      method: 'POST',
      forged: '127.0.0.5',
      body: { username: 'nobody', password: 'wrong-password' },
    });
    expect(other.status).not.toBe(429);
  });
});
