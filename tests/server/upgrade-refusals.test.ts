import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogueItems, inventoryItems, usedTokens } from '../../server/db/schema.ts';
import { messages, type MessageKey } from '../../server/messages.ts';
import { sha256Hex } from '../../server/services/crypto.ts';
import { issueToken, sweepUsedTokens } from '../../server/services/tokens.ts';
import {
  addCatalogueItem,
  createTestApp,
  getToken,
  grant,
  postUpgrade,
  register,
  sidCookie,
  snapshot,
  type Player,
  type TestApp,
} from './helpers/app.ts';

let t: TestApp;
let a: Player;
let b: Player;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await register(t.app);
  b = await register(t.app);
  const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
  const locked = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500, typePrize: 13 });
  const dota = await addCatalogueItem(t.db, { site: 'dota', priceMinor: 500 });
  [ids.own, ids.own2, ids.spent, ids.sold] = await grant(t.db, a.userId, [stake.id, stake.id, stake.id, stake.id]);
  [ids.locked] = await grant(t.db, a.userId, [locked.id]);
  [ids.dota] = await grant(t.db, a.userId, [dota.id]);
  [ids.foreign] = await grant(t.db, b.userId, [stake.id]);
  await t.db.update(inventoryItems).set({ state: 'spent' }).where(eq(inventoryItems.id, ids.spent));
  await t.db.update(inventoryItems).set({ state: 'sold' }).where(eq(inventoryItems.id, ids.sold));
  ids.target = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 })).id;
  ids.cheapTarget = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 400 })).id;
  ids.equalTarget = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 })).id;
  ids.lockedTarget = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 9000, typePrize: 13 })).id;
  ids.dotaTarget = (await addCatalogueItem(t.db, { site: 'dota', priceMinor: 9000 })).id;
  ids.inactiveTarget = (await addCatalogueItem(t.db, { site: 'cs', priceMinor: 9000 })).id;
  await t.db.update(catalogueItems).set({ active: false }).where(eq(catalogueItems.id, ids.inactiveTarget));
});
afterAll(() => t.close());

/** A valid request for player a (one 5.00 item against a 9.00 target = 50 %), with overrides; null drops a field. */
function fields(over: Record<string, string | string[] | null>, token: string): Record<string, string | string[]> {
  const base: Record<string, string | string[] | null> = {
    'inventory_items[]': [String(ids.own)],
    uniq_item: String(ids.target),
    upgrade_front_chance: '50.000',
    roll_under: '1',
    selected_multiplier: '1.8',
    token,
    ...over,
  };
  return Object.fromEntries(Object.entries(base).filter((e): e is [string, string | string[]] => e[1] !== null));
}

const I = (k: string) => () => String(ids[k]);
const cases: Array<{
  name: string;
  over: () => Record<string, string | string[] | null>;
  status: number;
  key: MessageKey;
}> = [
  { name: 'no items', over: () => ({ 'inventory_items[]': null }), status: 400, key: 'items_required' },
  { name: 'an empty item list', over: () => ({ 'inventory_items[]': '' }), status: 400, key: 'items_required' },
  { name: 'a non-numeric item id', over: () => ({ 'inventory_items[]': ['abc'] }), status: 400, key: 'items_invalid' },
  { name: 'a negative item id', over: () => ({ 'inventory_items[]': ['-1'] }), status: 400, key: 'items_invalid' },
  { name: 'a fractional item id', over: () => ({ 'inventory_items[]': ['1.5'] }), status: 400, key: 'items_invalid' },
  {
    name: 'an injection-shaped item id',
    over: () => ({ 'inventory_items[]': ['1 or 1=1'] }),
    status: 400,
    key: 'items_invalid',
  },
  {
    name: 'the same item twice',
    over: () => ({ 'inventory_items[]': [I('own')(), I('own')()] }),
    status: 400,
    key: 'items_invalid',
  },
  {
    name: '16 items',
    over: () => ({ 'inventory_items[]': Array.from({ length: 16 }, (_, i) => String(1000 + i)) }),
    status: 400,
    key: 'too_many_items',
  },
  { name: 'no target', over: () => ({ uniq_item: null }), status: 400, key: 'target_required' },
  { name: 'a non-numeric target', over: () => ({ uniq_item: 'x' }), status: 400, key: 'target_required' },
  { name: 'roll_under 2', over: () => ({ roll_under: '2' }), status: 400, key: 'roll_under_invalid' },
  { name: 'no roll_under', over: () => ({ roll_under: null }), status: 400, key: 'roll_under_invalid' },
  { name: 'no chance', over: () => ({ upgrade_front_chance: null }), status: 400, key: 'chance_invalid' },
  { name: 'a non-numeric chance', over: () => ({ upgrade_front_chance: 'lots' }), status: 400, key: 'chance_invalid' },
  {
    name: 'a non-numeric multiplier',
    over: () => ({ selected_multiplier: 'big' }),
    status: 400,
    key: 'multiplier_invalid',
  },
  { name: 'no token', over: () => ({ token: null }), status: 400, key: 'token_missing' },
  { name: 'a made-up token', over: () => ({ token: 'made-up-token' }), status: 403, key: 'token_invalid' },
  {
    name: "another player's item",
    over: () => ({ 'inventory_items[]': [I('foreign')()] }),
    status: 409,
    key: 'item_unavailable',
  },
  {
    name: 'an item that does not exist',
    over: () => ({ 'inventory_items[]': ['2147483000'] }),
    status: 409,
    key: 'item_unavailable',
  },
  {
    name: 'an item that is already staked',
    over: () => ({ 'inventory_items[]': [I('spent')()] }),
    status: 409,
    key: 'item_unavailable',
  },
  { name: 'a sold item', over: () => ({ 'inventory_items[]': [I('sold')()] }), status: 409, key: 'item_unavailable' },
  {
    name: 'a good item together with a gone one',
    over: () => ({ 'inventory_items[]': [I('own')(), I('spent')()], upgrade_front_chance: '80' }),
    status: 409,
    key: 'item_unavailable',
  },
  {
    name: 'a type_prize 13 item',
    over: () => ({ 'inventory_items[]': [I('locked')()] }),
    status: 400,
    key: 'item_locked',
  },
  {
    name: "an item of the other game's catalogue",
    over: () => ({ 'inventory_items[]': [I('dota')()] }),
    status: 409,
    key: 'item_unavailable',
  },
  {
    name: 'a target that does not exist',
    over: () => ({ uniq_item: '2147483000' }),
    status: 404,
    key: 'target_unavailable',
  },
  {
    name: 'a type_prize 13 target',
    over: () => ({ uniq_item: I('lockedTarget')() }),
    status: 404,
    key: 'target_unavailable',
  },
  {
    name: "a target of the other game's catalogue",
    over: () => ({ uniq_item: I('dotaTarget')() }),
    status: 404,
    key: 'target_unavailable',
  },
  {
    name: 'an inactive target',
    over: () => ({ uniq_item: I('inactiveTarget')() }),
    status: 404,
    key: 'target_unavailable',
  },
  {
    name: 'a target cheaper than the stake',
    over: () => ({ uniq_item: I('cheapTarget')() }),
    status: 400,
    key: 'target_too_cheap',
  },
  {
    name: 'a target priced the same as the stake',
    over: () => ({ uniq_item: I('equalTarget')() }),
    status: 400,
    key: 'target_too_cheap',
  },
  {
    name: 'a chance the server does not give',
    over: () => ({ upgrade_front_chance: '80' }),
    status: 409,
    key: 'prices_changed',
  },
  {
    name: 'a chance 0.001 above the real one',
    over: () => ({ upgrade_front_chance: '50.001' }),
    status: 409,
    key: 'prices_changed',
  },
  {
    name: 'a chance more than display rounding below',
    over: () => ({ upgrade_front_chance: '49.9' }),
    status: 409,
    key: 'prices_changed',
  },
];

describe('POST /api/upgrade/upgrade_items', () => {
  it.each(cases)('refuses $name with $status and changes nothing', async ({ over, status, key }) => {
    const token = await getToken(t.app, a.cookie);
    const before = [await snapshot(t.db, a.userId), await snapshot(t.db, b.userId)];
    const res = await postUpgrade(t.app, a.cookie, fields(over(), token));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ status: false, msg: messages.en[key] });
    expect([await snapshot(t.db, a.userId), await snapshot(t.db, b.userId)]).toEqual(before);
  });

  it('refuses a signed-out upgrade with 401', async () => {
    const token = await getToken(t.app, a.cookie);
    const res = await postUpgrade(t.app, 'sid=nobody', fields({}, token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: false, msg: messages.en.not_signed_in });
  });

  it('refuses a malformed JSON body and a JSON array with 400, never 500', async () => {
    for (const payload of ['{"inventory_items": [1', '[1,2,3]', '"text"', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upgrade/upgrade_items',
        headers: { cookie: a.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().status).toBe(false);
    }
  });

  it('keeps the token usable after a refusal, then refuses it once it was used', async () => {
    const token = await getToken(t.app, a.cookie);
    const refused = await postUpgrade(t.app, a.cookie, fields({ upgrade_front_chance: '80' }, token));
    expect(refused.statusCode).toBe(409);
    const played = await postUpgrade(t.app, a.cookie, fields({ 'inventory_items[]': [String(ids.own2)] }, token));
    expect(played.statusCode, played.body).toBe(200);
    const [fresh] = await grant(t.db, a.userId, [
      (await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, ids.own2)))[0].catalogueItemId,
    ]);
    const before = await snapshot(t.db, a.userId);
    const replay = await postUpgrade(t.app, a.cookie, fields({ 'inventory_items[]': [String(fresh)] }, token));
    expect(replay.statusCode).toBe(403);
    expect(replay.json().msg).toBe(messages.en.token_invalid);
    expect(await snapshot(t.db, a.userId)).toEqual(before);
  });

  it('refuses an expired token', async () => {
    // Minted with this site's secret for this session, TOKEN_TTL_SECONDS (300 s) before now: correctly signed, expired.
    const sessionId = sha256Hex(a.cookie.slice('sid='.length));
    const token = issueToken(
      t.app.upgrades.tokenSecret,
      sessionId,
      'caseopen',
      t.config.tokenTtlSeconds,
      Date.now() - (t.config.tokenTtlSeconds + 1) * 1000,
    );
    const before = await snapshot(t.db, a.userId);
    const res = await postUpgrade(t.app, a.cookie, fields({}, token));
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.en.token_invalid);
    expect(await snapshot(t.db, a.userId)).toEqual(before);
  });

  it('refuses a token whose signature, id or expiry was altered, or that was signed with another secret', async () => {
    const token = await getToken(t.app, a.cookie);
    const [id, expiry, mac] = token.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const sessionId = sha256Hex(a.cookie.slice('sid='.length));
    const forged = [
      `${id}.${expiry}.${flip(mac)}`,
      `${flip(id)}.${expiry}.${mac}`,
      `${id}.${Number(expiry) + 3600}.${mac}`,
      issueToken(Buffer.alloc(32, 7), sessionId, 'caseopen', 300),
      `${id}.${expiry}`,
    ];
    const before = await snapshot(t.db, a.userId);
    for (const bad of forged) {
      const res = await postUpgrade(t.app, a.cookie, fields({}, bad));
      expect(res.statusCode, bad).toBe(403);
    }
    expect(await snapshot(t.db, a.userId)).toEqual(before);
    // The genuine token was never spent by those attempts.
    expect(
      (await postUpgrade(t.app, a.cookie, fields({ 'inventory_items[]': [String(ids.own)] }, token))).statusCode,
    ).toBe(200);
  });

  it("answers a game with the next game's token: single use, bound to this session, kept by a refusal", async () => {
    const stakeId = (await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, ids.own2)))[0]
      .catalogueItemId;
    const [one, two, three] = await grant(t.db, a.userId, [stakeId, stakeId, stakeId]);
    const first = await postUpgrade(
      t.app,
      a.cookie,
      fields({ 'inventory_items[]': [String(one)] }, await getToken(t.app, a.cookie)),
    );
    expect(first.statusCode, first.body).toBe(200);
    const next = first.json().next_token as string;
    // A game token: the seed and nonce of the next game, then the expiry and the signature.
    const fair = first.json().provably_fair as { nonce: number };
    expect(next).toMatch(new RegExp(`^\\d+:${fair.nonce + 1}\\.\\d+\\.[\\w-]{43}$`));
    const spentIds = async () => (await t.db.select({ id: usedTokens.id }).from(usedTokens)).length;
    const spentBefore = await spentIds();
    // Another session cannot use it; a refused game leaves it usable; it plays once.
    expect(
      (await postUpgrade(t.app, b.cookie, fields({ 'inventory_items[]': [String(ids.foreign)] }, next))).statusCode,
    ).toBe(403);
    expect(
      (
        await postUpgrade(
          t.app,
          a.cookie,
          fields({ 'inventory_items[]': [String(two)], upgrade_front_chance: '80' }, next),
        )
      ).statusCode,
    ).toBe(409);
    const second = await postUpgrade(t.app, a.cookie, fields({ 'inventory_items[]': [String(two)] }, next));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().next_token).not.toBe(next);
    const before = await snapshot(t.db, a.userId);
    const replay = await postUpgrade(t.app, a.cookie, fields({ 'inventory_items[]': [String(three)] }, next));
    expect(replay.statusCode).toBe(403);
    expect(replay.json().msg).toBe(messages.en.token_invalid);
    expect(await snapshot(t.db, a.userId)).toEqual(before);
    // The newest one plays the next game.
    expect(
      (await postUpgrade(t.app, a.cookie, fields({ 'inventory_items[]': [String(three)] }, second.json().next_token)))
        .statusCode,
    ).toBe(200);
    // Game tokens are spent by the nonce's step, not through used_tokens.
    expect(await spentIds()).toBe(spentBefore);
  });

  it('refuses a game token once another game or a seed rotation came first, and one whose seed or nonce was altered', async () => {
    const stakeId = (await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, ids.own2)))[0]
      .catalogueItemId;
    const [one, two, three, four] = await grant(t.db, a.userId, [stakeId, stakeId, stakeId, stakeId]);
    const first = await postUpgrade(
      t.app,
      a.cookie,
      fields({ 'inventory_items[]': [String(one)] }, await getToken(t.app, a.cookie)),
    );
    expect(first.statusCode, first.body).toBe(200);
    const next = first.json().next_token as string;
    const [id, expiry, mac] = next.split('.');
    const [seedId, nonce] = id.split(':').map(Number);
    const before = await snapshot(t.db, a.userId);
    // The signature covers the id: the same token naming another nonce or seed is refused, changing nothing.
    for (const bad of [`${seedId}:${nonce + 1}.${expiry}.${mac}`, `${seedId + 1}:${nonce}.${expiry}.${mac}`]) {
      expect(
        (await postUpgrade(t.app, a.cookie, fields({ 'inventory_items[]': [String(two)] }, bad))).statusCode,
        bad,
      ).toBe(403);
    }
    expect(await snapshot(t.db, a.userId)).toEqual(before);
    // Another tab plays first with a session token: the game token's nonce has gone by.
    expect(
      (
        await postUpgrade(
          t.app,
          a.cookie,
          fields({ 'inventory_items[]': [String(two)] }, await getToken(t.app, a.cookie)),
        )
      ).statusCode,
    ).toBe(200);
    const stale = await postUpgrade(t.app, a.cookie, fields({ 'inventory_items[]': [String(three)] }, next));
    expect(stale.statusCode).toBe(403);
    expect(stale.json().msg).toBe(messages.en.token_invalid);
    // A rotation starts a new seed at nonce 0: the last answer's token names the old one.
    const played = await postUpgrade(
      t.app,
      a.cookie,
      fields({ 'inventory_items[]': [String(three)] }, await getToken(t.app, a.cookie)),
    );
    expect(played.statusCode, played.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/provably_fair/rotate', headers: { cookie: a.cookie } }))
        .statusCode,
    ).toBe(200);
    const afterRotation = await snapshot(t.db, a.userId);
    expect(
      (await postUpgrade(t.app, a.cookie, fields({ 'inventory_items[]': [String(four)] }, played.json().next_token)))
        .statusCode,
    ).toBe(403);
    expect(await snapshot(t.db, a.userId)).toEqual(afterRotation);
    expect(
      (
        await postUpgrade(
          t.app,
          a.cookie,
          fields({ 'inventory_items[]': [String(four)] }, await getToken(t.app, a.cookie)),
        )
      ).statusCode,
    ).toBe(200);
  });

  it("refuses another player's token and a token of the same player's other session", async () => {
    const foreign = await getToken(t.app, b.cookie);
    expect((await postUpgrade(t.app, a.cookie, fields({}, foreign))).statusCode).toBe(403);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: a.username, password: 'secret-pass' },
    });
    const otherSession = sidCookie(login.headers['set-cookie']);
    const tokenOfOther = await getToken(t.app, otherSession);
    const before = await snapshot(t.db, a.userId);
    expect((await postUpgrade(t.app, a.cookie, fields({}, tokenOfOther))).statusCode).toBe(403);
    expect(await snapshot(t.db, a.userId)).toEqual(before);
  });
});

describe('GET /api/token', () => {
  it('writes nothing; a spent id is swept only after its token has expired', async () => {
    const count = async () => (await t.db.select({ id: usedTokens.id }).from(usedTokens)).length;
    const n0 = await count();
    await getToken(t.app, a.cookie);
    expect(await count()).toBe(n0);
    await t.db.insert(usedTokens).values([
      { id: 'sweep-expired', expiresAt: new Date(Date.now() - 3_600_000) },
      { id: 'sweep-live', expiresAt: new Date(Date.now() + 60_000) },
      { id: 'sweep-just-expired', expiresAt: new Date(Date.now() - 1000) },
    ]);
    expect(await sweepUsedTokens(t.handle.raw)).toBeGreaterThanOrEqual(1);
    const left = (await t.db.select({ id: usedTokens.id }).from(usedTokens)).map((r) => r.id);
    expect(left).not.toContain('sweep-expired');
    // Kept a minute past expiry (a margin for clocks), and of course while live.
    expect(left).toEqual(expect.arrayContaining(['sweep-live', 'sweep-just-expired']));
  });

  it('refuses a visitor without a session cookie and an unknown purpose', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/token?purpose=caseopen' })).statusCode).toBe(401);
    // A cookie naming no session gets a token all the same (nothing is looked up); the game refuses it.
    const ghost = 'sid=no-such-session';
    const token = await getToken(t.app, ghost);
    expect(token).toMatch(/^[\w-]{22}\.\d+\.[\w-]{43}$/);
    const refused = await postUpgrade(t.app, ghost, fields({}, token));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ status: false, msg: messages.en.not_signed_in });
    const res = await t.app.inject({ method: 'GET', url: '/api/token?purpose=other', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en.purpose_invalid });
    // A field the schema requires and the request leaves out gets the field's own message too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/token', headers: { cookie: a.cookie } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ status: false, msg: messages.en.purpose_invalid });
  });
});
