import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../server/messages.ts';
import { createTestApp, register, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('when the database is gone', () => {
  it('answers 503 with a clear message on /healthz and the API', async () => {
    const p = await register(t.app);
    await t.handle.close();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: false, msg: messages.en.db_unavailable });
    const index = await t.app.inject({ method: 'POST', url: '/api/upgrade/index', headers: { cookie: p.cookie } });
    expect(index.statusCode).toBe(503);
    expect(index.json()).toEqual({ status: false, msg: messages.en.db_unavailable });
  });
});
