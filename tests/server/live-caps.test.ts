import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../server/messages.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openSse, type SseStream } from './helpers/sse.ts';

const TOTAL = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ site: 'ru', liveMaxStreams: TOTAL, liveMaxStreamsPerIp: 100 });
});
afterAll(() => t.close());

describe('GET /api/live: the per-process total', () => {
  it(`answers the ${TOTAL + 1}th stream of a process 503 with Retry-After, and admits again once one closes`, async () => {
    const held: SseStream[] = [];
    try {
      for (let i = 0; i < TOTAL; i++) held.push(await openSse(t.app));
      expect(held.map((s) => s.status)).toEqual(Array(TOTAL).fill(200));
      const over = await openSse(t.app);
      expect(over.status).toBe(503);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      await over.until(() => over.ended() && over.body());
      expect(JSON.parse(over.body())).toEqual({ status: false, msg: messages.ru.live_busy });
      held.shift()!.close();
      await expect
        .poll(
          async () => {
            const again = await openSse(t.app);
            if (again.status === 200) held.push(again);
            else again.close();
            return again.status;
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(200);
    } finally {
      for (const s of held) s.close();
    }
  });
});
