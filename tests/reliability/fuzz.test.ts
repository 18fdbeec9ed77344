/**
 * Hostile input: property-based fuzz (fast-check) of upgrade_items, the index, sell, register and login with
 * malformed, huge, negative, duplicated, foreign-owned, non-numeric, unicode and injection-shaped values, as
 * form or JSON bodies or under odd content types. Every refusal is a 4xx `{ status: false, msg }`, never a 5xx,
 * and the database is exactly as before (a fingerprint of every table a request could change).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { checkInvariants } from './invariants.ts';
import { DB_KIND } from './helpers/db.ts';
import { hostileJson, hostileText, wireBodies, type WireBody } from './helpers/hostile.ts';
import { record } from './helpers/record.ts';
import {
  addCatalogueItem,
  catalogue,
  createTestApp,
  getToken,
  grant,
  postUpgrade,
  register,
  type Player,
  type TestApp,
} from '../server/helpers/app.ts';

// About 2,300 cases; the index is few because every answer carries the whole target catalogue.
const RUNS = { upgradeShape: 800, upgradeDeep: 500, index: 60, sell: 600, register: 250, login: 120 };
const SEED = Number(process.env.RELIABILITY_SEED ?? Date.now() % 1_000_000);

let t: TestApp;
let me: Player;
let other: Player;
const ids = {
  good: [] as number[],
  poison: [] as number[],
  target: 0,
  poisonTargets: [] as number[],
  foreignToken: '',
  usedToken: '',
};
let cases = 0;

beforeAll(async () => {
  // No starter pack: the only items the fuzz player could legitimately sell or stake are the two it is given.
  t = await createTestApp({
    demoMode: false,
    rateLimitAuthPerMin: 0,
    rateLimitLoginPerUserPerMin: 0,
    rateLimitUpgradePerMin: 0,
    rateLimitUpgradeIpPerMin: 0,
  });
  me = await register(t.app);
  other = await register(t.app);
  const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
  const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
  const cheap = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 300 });
  const locked = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500, typePrize: 13 });
  const dota = await addCatalogueItem(t.db, { site: 'dota', priceMinor: 500 });
  const inactive = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 5000 });
  await t.db.execute(sql`update catalogue_items set active = false where id = ${inactive.id}`);
  ids.good = await grant(t.db, me.userId, [stake.id, stake.id]);
  const [foreign] = await grant(t.db, other.userId, [stake.id]);
  const [lockedItem, dotaItem, toSell, toSpend] = await grant(t.db, me.userId, [
    locked.id,
    dota.id,
    stake.id,
    stake.id,
  ]);
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/inventory/sell',
        headers: { cookie: me.cookie },
        payload: { id: toSell },
      })
    ).statusCode,
  ).toBe(200);
  ids.usedToken = await getToken(t.app, me.cookie);
  expect(
    (
      await postUpgrade(t.app, me.cookie, {
        'inventory_items[]': String(toSpend),
        uniq_item: String(target.id),
        upgrade_front_chance: '50',
        roll_under: '1',
        token: ids.usedToken,
      })
    ).statusCode,
  ).toBe(200);
  ids.poison = [foreign, lockedItem, dotaItem, toSell, toSpend, 2_147_483_647];
  ids.target = target.id;
  const [lockedTarget] = await catalogue(t.db, 'cs', { locked: true });
  ids.poisonTargets = [cheap.id, lockedTarget.id, dota.id, inactive.id, 2_147_483_647];
  ids.foreignToken = await getToken(t.app, other.cookie);
});
afterAll(() => t?.close());

/** Everything a request could change, in one row. */
async function fingerprint(): Promise<string> {
  const res = (await t.db.execute(sql`select
      (select count(*) from users) as users, (select count(*) from sessions) as sessions, (select count(*) from games) as games,
      (select string_agg(id || ':' || state || ':' || user_id, ',' order by id) from inventory_items) as items,
      (select count(*) from ledger_entries) as ledger, (select coalesce(sum(balance_minor), 0) from wallets) as balances,
      (select count(*) from used_tokens) as used_tokens,
      (select string_agg(id || ':' || status || ':' || nonce, ',' order by id) from seeds) as seeds,
      (select coalesce(sum(bonus_balance), 0) from users) as tickets`)) as unknown as { rows: unknown[] };
  return JSON.stringify(res.rows[0]);
}

/** Sends one hostile request and checks the answer and the database. */
async function refused(url: string, body: WireBody, cookie: string | null, allowOk = false): Promise<void> {
  cases += 1;
  const before = await fingerprint();
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (body.contentType !== null) headers['content-type'] = body.contentType;
  const res = await t.app.inject({ method: 'POST', url, headers, payload: body.payload });
  const answer = (() => {
    try {
      return res.json();
    } catch {
      return res.body;
    }
  })();
  const ok = allowOk && res.statusCode === 200 && answer?.status === true;
  if (!ok) {
    expect(
      res.statusCode,
      `${url} ${body.label} ${body.payload.slice(0, 200)} -> ${res.body.slice(0, 200)}`,
    ).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${url} ${body.label} ${body.payload.slice(0, 200)}`).toBeLessThan(500);
    expect(answer).toEqual({ status: false, msg: expect.stringMatching(/\S/) });
  }
  expect(await fingerprint(), `${url} ${body.label} changed the database`).toBe(before);
}

/** The text a value arrives as in a form (a one-element array is one field; other values are stringified). */
function asFormText(v: unknown): string | null {
  if (Array.isArray(v)) return v.length === 1 ? asFormText(v[0]) : null;
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
}

const anyId = () =>
  fc.oneof(hostileJson, fc.constantFrom(...ids.good, ...ids.poison), fc.constantFrom(...ids.poisonTargets));
const tokenValue = () =>
  fc.oneof(hostileText, fc.constantFrom(ids.foreignToken, ids.usedToken), fc.constant(undefined));

describe(`hostile input (${DB_KIND})`, () => {
  it('refuses malformed upgrade requests without a usable token: 4xx, nothing changed', async () => {
    const fields = fc.record(
      {
        'inventory_items[]': fc.oneof(anyId(), fc.array(anyId(), { maxLength: 20 })),
        inventory_items: fc.oneof(anyId(), fc.array(anyId(), { maxLength: 20 })),
        uniq_item: fc.oneof(anyId(), fc.constant(ids.target)),
        upgrade_front_chance: fc.oneof(hostileJson, fc.constantFrom('50', '49.95', 50)),
        roll_under: fc.oneof(hostileJson, fc.constantFrom('0', '1', 1)),
        selected_multiplier: hostileJson,
        token: tokenValue(),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(wireBodies(fields), fc.boolean(), (body, signedIn) =>
        refused('/api/upgrade/upgrade_items', body, signedIn ? me.cookie : null),
      ),
      { numRuns: RUNS.upgradeShape, seed: SEED },
    );
  });

  it('refuses well-formed upgrades with a fresh token that stake or target something unusable, and keeps the token unused', async () => {
    // A fresh valid token each case, and at least one poison: a foreign, locked, other-game, sold, spent or
    // missing item (possibly duplicated or among 16), an unusable target, or a chance the server did not compute.
    const poisoned = fc.oneof(
      fc
        .tuple(
          fc.array(fc.constantFrom(...ids.good, ...ids.poison), { minLength: 1, maxLength: 16 }),
          fc.constantFrom(...ids.poison),
        )
        .map(([items, bad]) => ({ items: [...items, bad], target: ids.target, chance: '50' })),
      fc
        .tuple(fc.subarray(ids.good, { minLength: 1 }), fc.constantFrom(...ids.poisonTargets))
        .map(([items, target]) => ({ items, target, chance: '50' })),
      fc
        .tuple(
          fc.constantFrom(ids.good[0]),
          fc.oneof(
            fc.double({ min: 0, max: 100, noNaN: true }).filter((c) => c < 49.9 || c > 50.001),
            fc.constantFrom(80, 0.1, 49.8, 50.1),
          ),
        )
        .map(([item, chance]) => ({ items: [item], target: ids.target, chance: String(chance) })),
    );
    await fc.assert(
      fc.asyncProperty(poisoned, fc.constantFrom('0', '1'), fc.boolean(), async (req, rollUnder, asJson) => {
        const token = await getToken(t.app, me.cookie);
        const fields = {
          'inventory_items[]': req.items.map(String),
          uniq_item: String(req.target),
          upgrade_front_chance: req.chance,
          roll_under: rollUnder,
          token,
        };
        const body: WireBody = asJson
          ? {
              contentType: 'application/json',
              payload: JSON.stringify({ ...fields, 'inventory_items[]': undefined, inventory_items: req.items }),
              label: 'json',
            }
          : {
              contentType: 'application/x-www-form-urlencoded',
              payload: new URLSearchParams([
                ...req.items.map((i) => ['inventory_items[]', String(i)]),
                ...Object.entries(fields).filter(([k]) => k !== 'inventory_items[]'),
              ] as string[][]).toString(),
              label: 'form',
            };
        await refused('/api/upgrade/upgrade_items', body, me.cookie);
      }),
      { numRuns: RUNS.upgradeDeep, seed: SEED },
    );
  });

  it('answers the index with 200 or a 4xx whatever the body, never changing anything', async () => {
    await fc.assert(
      fc.asyncProperty(
        wireBodies(fc.dictionary(fc.string({ maxLength: 10 }), hostileJson)),
        fc.boolean(),
        (body, signedIn) => refused('/api/upgrade/index', body, signedIn ? me.cookie : null, true),
      ),
      { numRuns: RUNS.index, seed: SEED },
    );
  });

  it('refuses selling anything but one of your own usable items', async () => {
    const mine = ids.good.map(String);
    const notMine = hostileJson.filter(
      (v) => !mine.includes((asFormText(v) ?? '').trim()) && !(typeof v === 'number' && ids.good.includes(v)),
    );
    const fields = fc.record(
      {
        id: fc.oneof(notMine, fc.constantFrom(...ids.poison), fc.array(fc.constantFrom(...ids.good), { minLength: 2 })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(wireBodies(fields), fc.boolean(), (body, signedIn) =>
        refused('/api/inventory/sell', body, signedIn ? me.cookie : null),
      ),
      { numRuns: RUNS.sell, seed: SEED },
    );
  });

  it('refuses registering with an invalid or taken username or an invalid password', async () => {
    const valid = /^[A-Za-z0-9_.-]{3,32}$/;
    const badName = fc.oneof(
      hostileJson.filter((v) => !valid.test(asFormText(v) ?? '')),
      fc.constantFrom(me.username.toUpperCase(), other.username, 'DEMO'),
    );
    const fields = fc.oneof(
      fc.record(
        { username: badName, password: fc.oneof(hostileJson, fc.constant('long-enough-pass')) },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          username: fc.constant('fresh_user_x'),
          password: fc.oneof(
            fc.string({ maxLength: 3 }),
            fc.constant('p'.repeat(129)),
            fc.integer({ min: 0, max: 999 }),
            fc.constant(''),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(wireBodies(fields), (body) => refused('/api/auth/register', body, null)),
      { numRuns: RUNS.register, seed: SEED },
    );
  });

  it('refuses signing in with a wrong password or a malformed or unknown name', async () => {
    const fields = fc.record(
      {
        username: fc.oneof(hostileJson, fc.constantFrom(me.username, other.username, 'nobody_here')),
        password: fc.oneof(hostileJson, fc.constant('wrong-password')),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(wireBodies(fields), (body) => refused('/api/auth/login', body, null)),
      { numRuns: RUNS.login, seed: SEED },
    );
  });

  it('leaves the invariants intact after every generated case', async () => {
    const report = await checkInvariants(t.db);
    expect(report.violations).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(2_000);
    record('fuzz', {
      seed: SEED,
      cases_generated: cases,
      server_errors: 0,
      invariant_violations: report.violations.length,
      ...RUNS,
    });
  });
});
