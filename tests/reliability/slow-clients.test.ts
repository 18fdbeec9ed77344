/**
 * Slow clients: connections that trickle a request's body or headers a byte at a time are answered 408 and closed
 * long before they finish, while a normal client on the same server is answered as usual. The server here has a
 * 1 s request timeout (REQUEST_TIMEOUT_MS) so the scenario is short; each trickle would take 20 s to finish.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KIND } from './helpers/db.ts';
import { record } from './helpers/record.ts';
import { createTestApp, type TestApp } from '../server/helpers/app.ts';

// Thousands of requests in one scenario: minutes on a busy 2-core machine, beside the parallel server suite.
vi.setConfig({ testTimeout: 600_000, hookTimeout: 180_000 });

const TRICKLES = 20;
const BYTES = 200;
const EVERY_MS = 100;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ requestTimeoutMs: 1_000, rateLimitAuthPerMin: 0, rateLimitLoginPerUserPerMin: 0 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** What became of one trickled request: how many of its slow bytes were sent, and what came back. */
interface Trickled {
  sent: number;
  answer: string;
}

/** Sends `head` at once, then `BYTES` bytes one per EVERY_MS until the server closes or all are sent. */
function trickle(head: string, byte: string): Promise<Trickled> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let sent = 0;
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearInterval(timer);
      resolve({ sent, answer });
    };
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', done);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent === BYTES) {
          clearInterval(timer);
          return;
        }
        socket.write(byte);
        sent += 1;
      }, EVERY_MS);
    });
    // The whole trickle plus a margin: a server that never closes is reported, not waited for.
    setTimeout(() => socket.destroy(), BYTES * EVERY_MS + 10_000).unref();
  });
}

const bodyHead = `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${BYTES}\r\n\r\n`;
const headersHead = 'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';

describe(`slow clients (${DB_KIND})`, () => {
  it('answers 408 and closes connections that trickle a body or headers, and serves a normal client meanwhile', async () => {
    const bodies = Array.from({ length: TRICKLES }, () => trickle(bodyHead, 'a'));
    const headers = Array.from({ length: TRICKLES }, () => trickle(headersHead, 'a'));
    // A real client during the attack: answered as usual (a wrong password is a 401).
    const normal = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody_here', password: 'wrong-password' }),
    });
    expect(normal.status).toBe(401);

    const results = await Promise.all([...bodies, ...headers]);
    for (const r of results) {
      expect(r.sent).toBeLessThan(BYTES);
      expect(r.answer === '' || r.answer.startsWith('HTTP/1.1 408')).toBe(true);
    }
    expect(results.filter((r) => r.answer.startsWith('HTTP/1.1 408')).length).toBeGreaterThan(0);
    record('slow-clients', {
      trickled_connections: results.length,
      closed_before_done: results.filter((r) => r.sent < BYTES).length,
      answered_408: results.filter((r) => r.answer.startsWith('HTTP/1.1 408')).length,
    });
  });
});
