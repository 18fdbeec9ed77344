/**
 * Play safe at the settlement: a cool-off or exclusion and a loss or stake limit refuse the game before the roll
 * with their message and nothing changed; a raise waits 24 hours; two games racing at a limit's edge cannot both
 * pass; the settings' API refuses bad input with its own message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { playLimits, users } from '../../server/db/schema.ts';
import { messages } from '../../server/messages.ts';
import {
  addCatalogueItem,
  createTestApp,
  getToken,
  grant,
  postUpgrade,
  register,
  snapshot,
  type Player,
  type TestApp,
} from './helpers/app.ts';

let t: TestApp;
let stakeId: number;
let targetId: number;

beforeAll(async () => {
  t = await createTestApp();
  stakeId = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 })).id;
  targetId = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 })).id;
});
afterAll(() => t.close());

/** A 5.00 item against the 9.00 target (50 %). */
async function play(p: Player, item: number) {
  return postUpgrade(t.app, p.cookie, {
    'inventory_items[]': [String(item)],
    uniq_item: String(targetId),
    upgrade_front_chance: '50.000',
    roll_under: '1',
    token: await getToken(t.app, p.cookie),
  });
}

const post = (p: Player, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: p.cookie }, payload });
const limits = async (p: Player) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/limits', headers: { cookie: p.cookie } })).json();
const minutesUtc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

describe('POST /api/account/cool_off', () => {
  it('refuses play at once with the end time, lets the player sell, and cannot be shortened', async () => {
    const p = await register(t.app);
    const [item, other] = await grant(t.db, p.userId, [stakeId, stakeId]);
    const started = Date.now();
    const res = await post(p, '/api/account/cool_off', { period: '7d' });
    expect(res.statusCode).toBe(200);
    const until = res.json().cool_off_until as string;
    expect(Date.parse(until) - started).toBeGreaterThanOrEqual(168 * 3_600_000 - 1_000);
    expect(Date.parse(until) - started).toBeLessThan(168 * 3_600_000 + 60_000);
    expect(res.json().permanent).toBe(false);

    const before = await snapshot(t.db, p.userId);
    const refused = await play(p, item);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: false,
      msg: messages.en.self_excluded.replace('{until}', minutesUtc(until)),
      until,
    });
    expect(await snapshot(t.db, p.userId)).toEqual(before);

    // A shorter cool-off inside the running one changes nothing.
    expect((await post(p, '/api/account/cool_off', { period: '24h' })).json().cool_off_until).toBe(until);
    const sold = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/sell',
      headers: { cookie: p.cookie },
      payload: { id: other },
    });
    expect(sold.statusCode).toBe(200);
  });

  it('lets play again once the cool-off has ended', async () => {
    const p = await register(t.app);
    const [item] = await grant(t.db, p.userId, [stakeId]);
    await post(p, '/api/account/cool_off', { period: '24h' });
    expect((await play(p, item)).statusCode).toBe(403);
    await t.db
      .update(users)
      .set({ coolOffUntil: new Date(Date.now() - 1_000) })
      .where(eq(users.id, p.userId));
    expect((await limits(p)).cool_off_until).toBeNull();
    expect((await play(p, item)).statusCode).toBe(200);
  });

  it('excludes for good, whatever a later shorter cool-off asks', async () => {
    const p = await register(t.app);
    const [item] = await grant(t.db, p.userId, [stakeId]);
    expect((await post(p, '/api/account/cool_off', { period: 'permanent' })).json().permanent).toBe(true);
    expect((await post(p, '/api/account/cool_off', { period: '24h' })).json()).toMatchObject({
      permanent: true,
      cool_off_until: null,
    });
    const before = await snapshot(t.db, p.userId);
    const refused = await play(p, item);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: false, msg: messages.en.self_excluded_permanent, until: null });
    expect(await snapshot(t.db, p.userId)).toEqual(before);
  });

  it("lasts at least the operator's minimum", async () => {
    // A second instance on the same database with COOL_OFF_MIN_HOURS=72.
    const strict = await buildApp({ ...t.config, coolOffMinHours: 72 }, t.handle, { catalogueTtlMs: 0 });
    try {
      const p = await register(strict);
      const started = Date.now();
      const res = await strict.inject({
        method: 'POST',
        url: '/api/account/cool_off',
        headers: { cookie: p.cookie },
        payload: { period: '24h' },
      });
      const until = Date.parse(res.json().cool_off_until);
      expect(until - started).toBeGreaterThanOrEqual(72 * 3_600_000 - 1_000);
      expect(until - started).toBeLessThan(72 * 3_600_000 + 60_000);
    } finally {
      await strict.close();
    }
  });
});

describe('POST /api/account/limits', () => {
  it('refuses a game past a stake limit with what is left and when it resets, changing nothing', async () => {
    const p = await register(t.app);
    const [a, b] = await grant(t.db, p.userId, [stakeId, stakeId]);
    const set = await post(p, '/api/account/limits', { kind: 'stake', period: 'day', amount: '8.00' });
    expect(set.statusCode).toBe(200);
    expect(set.json().limits).toEqual([
      expect.objectContaining({ kind: 'stake', period: 'day', amount: 8, used: 0, pending_amount: null }),
    ]);
    expect((await play(p, a)).statusCode).toBe(200);
    const after = (await limits(p)).limits[0];
    expect(after.used).toBe(5);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(after.resets_at).toBe(midnight.toISOString());

    const before = await snapshot(t.db, p.userId);
    const refused = await play(p, b);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: false,
      msg: messages.en.limit_reached
        .replace('{limit}', messages.en.limit_stake_day)
        .replace('{left}', '$3.00')
        .replace('{resets}', minutesUtc(midnight.toISOString())),
      kind: 'stake',
      period: 'day',
      left: 3,
      resets_at: midnight.toISOString(),
    });
    expect(await snapshot(t.db, p.userId)).toEqual(before);
  });

  it('counts a loss limit as stake minus the value won', async () => {
    const p = await register(t.app);
    const items = await grant(t.db, p.userId, [stakeId, stakeId, stakeId]);
    await post(p, '/api/account/limits', { kind: 'loss', period: 'week', amount: '9.99' });
    const first = await play(p, items[0]);
    expect(first.statusCode).toBe(200);
    const lost = first.json().success === 0;
    expect((await limits(p)).limits[0].used).toBe(lost ? 5 : 5 - 9);
    // After a loss 4.99 is left: a 5.00 stake would pass it. After a win, 13.99 is.
    expect((await play(p, items[1])).statusCode).toBe(lost ? 403 : 200);
  });

  it('lowers at once, and raises or removes only after 24 hours', async () => {
    const p = await register(t.app);
    const [item] = await grant(t.db, p.userId, [stakeId]);
    await post(p, '/api/account/limits', { kind: 'stake', period: 'month', amount: 10 });
    expect(
      (await post(p, '/api/account/limits', { kind: 'stake', period: 'month', amount: 4 })).json().limits[0],
    ).toMatchObject({ amount: 4, pending_amount: null, pending_at: null });
    const asked = Date.now();
    const raised = (await post(p, '/api/account/limits', { kind: 'stake', period: 'month', amount: '50' })).json();
    expect(raised.limits[0]).toMatchObject({ amount: 4, pending_amount: 50 });
    const pendingAt = Date.parse(raised.limits[0].pending_at);
    expect(pendingAt - asked).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    expect(pendingAt - asked).toBeLessThan(24 * 3_600_000 + 60_000);
    expect((await play(p, item)).statusCode).toBe(403);

    // 24 hours later (the stored time moved back a day), the raise is in force.
    const key = and(eq(playLimits.userId, p.userId), eq(playLimits.kind, 'stake'), eq(playLimits.period, 'month'));
    await t.db
      .update(playLimits)
      .set({ pendingAt: sql`now() - interval '1 second'` })
      .where(key);
    expect((await limits(p)).limits[0]).toMatchObject({ amount: 50, pending_amount: null, pending_at: null });
    expect((await play(p, item)).statusCode).toBe(200);

    const removing = (await post(p, '/api/account/limits', { kind: 'stake', period: 'month', amount: '' })).json();
    expect(removing.limits[0]).toMatchObject({ amount: 50, pending_amount: null });
    expect(removing.limits[0].pending_at).not.toBeNull();
    await t.db
      .update(playLimits)
      .set({ pendingAt: sql`now() - interval '1 second'` })
      .where(key);
    expect((await limits(p)).limits).toEqual([]);
  });

  it('lets one of two games racing at the edge of a limit pass', async () => {
    const p = await register(t.app);
    const [a, b] = await grant(t.db, p.userId, [stakeId, stakeId]);
    await post(p, '/api/account/limits', { kind: 'stake', period: 'day', amount: '5' });
    const results = await Promise.all([play(p, a), play(p, b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(results.find((r) => r.statusCode === 403)!.json()).toMatchObject({ kind: 'stake', left: 0 });
    expect((await snapshot(t.db, p.userId)).games).toBe(1);
  });

  it.each([
    [{ kind: 'win', period: 'day', amount: '1' }, 'limit_kind_invalid'],
    [{ kind: 'loss', period: 'year', amount: '1' }, 'limit_period_invalid'],
    [{ kind: 'loss', period: 'day', amount: '0' }, 'limit_amount_invalid'],
    [{ kind: 'loss', period: 'day', amount: '-5' }, 'limit_amount_invalid'],
    [{ kind: 'loss', period: 'day', amount: '1.234' }, 'limit_amount_invalid'],
    [{ kind: 'loss', period: 'day', amount: 'lots' }, 'limit_amount_invalid'],
  ] as const)('refuses %j with its message and changes nothing', async (payload, key) => {
    const p = await register(t.app);
    const res = await post(p, '/api/account/limits', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en[key] });
    expect((await limits(p)).limits).toEqual([]);
  });
});

describe('POST /api/account/reality_check and the other refusals', () => {
  it('sets the interval (60 by default, 0 turns it off) and refuses others', async () => {
    const p = await register(t.app);
    expect((await limits(p)).reality_check_minutes).toBe(60);
    expect((await post(p, '/api/account/reality_check', { minutes: '15' })).json().reality_check_minutes).toBe(15);
    expect((await post(p, '/api/account/reality_check', { minutes: 0 })).json().reality_check_minutes).toBe(0);
    const bad = await post(p, '/api/account/reality_check', { minutes: '20' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: false, msg: messages.en.reality_check_invalid });
    expect((await limits(p)).reality_check_minutes).toBe(0);
  });

  it('refuses an unknown cool-off period and changes nothing', async () => {
    const p = await register(t.app);
    const res = await post(p, '/api/account/cool_off', { period: '1h' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en.cool_off_period_invalid });
    expect(await limits(p)).toMatchObject({ cool_off_until: null, permanent: false });
  });

  it.each([
    ['GET', '/api/account/limits'],
    ['POST', '/api/account/limits'],
    ['POST', '/api/account/cool_off'],
    ['POST', '/api/account/reality_check'],
    ['GET', '/api/account/stats'],
    ['GET', '/api/account/stats.csv'],
  ] as const)('%s %s needs a signed-in player', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: false, msg: messages.en.not_signed_in });
  });

  it('counts cool-offs started and play-safe refusals in the metrics', async () => {
    const p = await register(t.app);
    const [item] = await grant(t.db, p.userId, [stakeId]);
    const metric = async (line: RegExp) => {
      const text = await t.app.upgrades.metrics.text();
      return Number(line.exec(text)?.[1] ?? 0);
    };
    const coolOffs = /upgrades_cool_offs_total\{site="cs",period="30d"\} (\d+)/;
    const refusals = /upgrades_play_safe_refusals_total\{site="cs",refusal="self_excluded"\} (\d+)/;
    const [c0, r0] = [await metric(coolOffs), await metric(refusals)];
    await post(p, '/api/account/cool_off', { period: '30d' });
    await play(p, item);
    expect(await metric(coolOffs)).toBe(c0 + 1);
    expect(await metric(refusals)).toBe(r0 + 1);
  });
});
