import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema.ts';
import { messages } from '../../server/messages.ts';
import { catalogue, createTestApp, grant, register, sidCookie, snapshot, type TestApp } from './helpers/app.ts';

const LIMIT = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ site: 'ru', rateLimitPlayerPerMin: LIMIT });
});
afterAll(async () => {
  await t.close();
});

const sell = (cookie: string, id: number) =>
  t.app.inject({ method: 'POST', url: '/api/inventory/sell', headers: { cookie }, payload: { id } });
const hide = (cookie: string, on: boolean) =>
  t.app.inject({ method: 'POST', url: '/api/profile/hide_name', headers: { cookie }, payload: { hide: on ? 1 : 0 } });
const state = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/provably_fair/state', headers: { cookie } });
const history = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/provably_fair/history', headers: { cookie } });

async function hidden(userId: number): Promise<boolean> {
  const [row] = await t.db.select({ hide: users.hideName }).from(users).where(eq(users.id, userId));
  return row.hide;
}

describe('per-player limit on sells, name toggles and seed-state or history reads', () => {
  it('refuses the request past the limit in the site language, across sessions, and changes nothing', async () => {
    const p = await register(t.app);
    const [cheap] = await catalogue(t.db, 'ru');
    const ids = await grant(t.db, p.userId, [cheap.id, cheap.id, cheap.id]);
    expect((await sell(p.cookie, ids[0])).statusCode).toBe(200);
    expect((await hide(p.cookie, true)).statusCode).toBe(200);
    expect((await state(p.cookie)).statusCode).toBe(200);

    // A new session of the same player brings no fresh count.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: p.username, password: 'secret-pass' },
    });
    const second = sidCookie(login.headers['set-cookie']);
    const before = await snapshot(t.db, p.userId);
    for (const res of [await sell(second, ids[1]), await hide(p.cookie, false), await history(second)]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ status: false, msg: messages.ru.rate_limited_player });
    }
    expect(await snapshot(t.db, p.userId)).toEqual(before);
    expect(await hidden(p.userId)).toBe(true);

    // Another player keeps their own count.
    const other = await register(t.app);
    expect((await state(other.cookie)).statusCode).toBe(200);
  });

  it('answers a signed-out request with not signed in, without counting it against anyone', async () => {
    for (let i = 0; i <= LIMIT; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/provably_fair/state' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: false, msg: messages.ru.not_signed_in });
    }
  });
});
