/**
 * Hostile input: property-based fuzz (fast-check) of upgrade_items, the index, sell, register and login with
 * malformed, huge, negative, duplicated, foreign-owned, non-numeric, unicode and injection-shaped values, as
 * form or JSON bodies or under odd content types; and the holes a probe found: stakes far below their target,
 * look-alike and malformed client seeds, weak passwords, prototype keys in JSON, loose roll_under spellings. Every
 * refusal is a 4xx `{ status: false, msg }`, never a 5xx, and the database is exactly as before (a fingerprint of
 * every table a request could change).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { dictionary } from '@zxcvbn-ts/language-common';
import { messages, type MessageKey } from '../../server/messages.ts';
import { checkInvariants } from './invariants.ts';
import { DB_KIND } from './helpers/db.ts';
import {
  PERCENT_PIECES,
  UNSEEN_CHARS,
  anyCase,
  escapedKey,
  formOf,
  hostileJson,
  hostileText,
  passwordRefusal,
  seedOutcome,
  seenText,
  showsAsItIs,
  shown,
  unnormalisedText,
  wireBodies,
  type WireBody,
} from './helpers/hostile.ts';
import { record } from './helpers/record.ts';
import {
  addCatalogueItem,
  catalogue,
  createTestApp,
  getToken,
  grant,
  postUpgrade,
  register,
  uniqueName,
  type Player,
  type TestApp,
} from '../server/helpers/app.ts';

// Thousands of requests in one scenario: minutes on a busy 2-core machine, beside the parallel server suite.
vi.setConfig({ testTimeout: 600_000, hookTimeout: 180_000 });

// About 3,500 cases; the index is few because every answer carries the whole target catalogue.
const RUNS = {
  upgradeShape: 800,
  upgradeDeep: 500,
  index: 60,
  sell: 600,
  register: 250,
  login: 120,
  subFloor: 200,
  subStep: 60,
  unseenSeed: 40,
  clientSeed: 300,
  weakPassword: 200,
  protoKeys: 200,
  rollUnder: 150,
};
const SEED = Number(process.env.RELIABILITY_SEED ?? Date.now() % 1_000_000);

let t: TestApp;
let me: Player;
let other: Player;
let seeder: Player;
let staker: Player;
let ticketer: Player;
const ids = {
  good: [] as number[],
  poison: [] as number[],
  target: 0,
  poisonTargets: [] as number[],
  foreignToken: '',
  usedToken: '',
};
let cases = 0;
/** What the hole cases saw, for the record. */
const seen = {
  subfloor_refused: 0,
  substep_games: 0,
  substep_below_one_step: 0,
  substep_tickets: 0,
  seeds_stored_nfc: 0,
  seeds_normalised: 0,
  seeds_refused: 0,
  escapes_refused: 0,
  passwords_refused: 0,
  proto_refused: 0,
  roll_under_refused: 0,
};

beforeAll(async () => {
  // No starter pack: the only items the fuzz player could legitimately sell or stake are the two it is given.
  t = await createTestApp({
    demoMode: false,
    rateLimitAuthPerMin: 0,
    rateLimitLoginPerUserPerMin: 0,
    rateLimitUpgradePerMin: 0,
    rateLimitUpgradeIpPerMin: 0,
    // Thousands of tokens and seed changes from one address and player: the limits are abuse-headers' subject.
    rateLimitPageIpPerMin: 0,
    rateLimitSeedPerHour: 0,
    rateLimitPlayerPerMin: 0,
  });
  me = await register(t.app);
  other = await register(t.app);
  seeder = await register(t.app);
  staker = await register(t.app);
  ticketer = await register(t.app);
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
async function state(): Promise<Record<string, unknown>> {
  const res = (await t.db.execute(sql`select
      (select count(*) from users) as users, (select count(*) from sessions) as sessions, (select count(*) from games) as games,
      (select string_agg(id || ':' || state || ':' || user_id, ',' order by id) from inventory_items) as items,
      (select count(*) from ledger_entries) as ledger, (select coalesce(sum(balance_minor), 0) from wallets) as balances,
      (select count(*) from used_tokens) as used_tokens,
      (select string_agg(id || ':' || status || ':' || nonce, ',' order by id) from seeds) as seeds,
      (select coalesce(sum(bonus_balance), 0) from users) as tickets`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  return res.rows[0];
}

/** The state as one comparable string. */
async function fingerprint(): Promise<string> {
  return JSON.stringify(await state());
}

/**
 * Sends one hostile request and checks the answer (any 4xx refusal, or exactly `msg`'s) and the database;
 * `allowOk` also takes a 200 that changes nothing.
 */
async function refused(
  url: string,
  body: WireBody,
  cookie: string | null,
  { allowOk = false, msg }: { allowOk?: boolean; msg?: MessageKey } = {},
): Promise<void> {
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
  if (msg)
    expect(answer, `${url} ${body.label} ${shown(body.payload)}`).toEqual({ status: false, msg: messages.en[msg] });
  expect(await fingerprint(), `${url} ${body.label} changed the database`).toBe(before);
}

/** An upgrade as the page posts it (a form, ids repeated) or as JSON (ids as numbers). */
function gameBody(
  g: { items: number[]; target: number; chance: string; rollUnder: unknown; token: string },
  asJson: boolean,
): WireBody {
  const fields = {
    uniq_item: String(g.target),
    upgrade_front_chance: g.chance,
    roll_under: g.rollUnder,
    token: g.token,
  };
  return asJson
    ? {
        contentType: 'application/json',
        payload: JSON.stringify({ ...fields, inventory_items: g.items }),
        label: 'json',
      }
    : {
        contentType: 'application/x-www-form-urlencoded',
        payload: formOf({ 'inventory_items[]': g.items.map(String), ...fields }),
        label: 'form',
      };
}

/** The text a value arrives as in a form (a one-element array is one field; other values are stringified). */
function asFormText(v: unknown): string | null {
  if (Array.isArray(v)) return v.length === 1 ? asFormText(v[0]) : null;
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
}

const rowsByPrice = new Map<number, number>();
/** A cs catalogue row at exactly this price, one per price (the index answer carries every row). */
async function itemAt(priceMinor: number): Promise<number> {
  let id = rowsByPrice.get(priceMinor);
  if (id === undefined) {
    id = (await addCatalogueItem(t.db, { site: 'cs', priceMinor })).id;
    rowsByPrice.set(priceMinor, id);
  }
  return id;
}

/** Grants a player one item at each price. */
async function grantPrices(userId: number, prices: number[]): Promise<number[]> {
  const rows: number[] = [];
  for (const price of prices) rows.push(await itemAt(price));
  return grant(t.db, userId, rows);
}

const seedStateOf = async (p: Player) =>
  (await t.app.inject({ method: 'GET', url: '/api/provably_fair/state', headers: { cookie: p.cookie } })).json();

/** A client seed as JSON, or as a form when UTF-8 can spell it (a lone surrogate it cannot). */
function seedBody(seed: unknown, asJson: boolean): WireBody {
  return asJson || typeof seed !== 'string' || /\p{Cs}/u.test(seed)
    ? { contentType: 'application/json', payload: JSON.stringify({ client_seed: seed }), label: 'json' }
    : {
        contentType: 'application/x-www-form-urlencoded',
        payload: `client_seed=${encodeURIComponent(seed)}`,
        label: 'form',
      };
}

/**
 * Sends the seeder's client seed: refused with this message and nothing changed, or stored as `stored` with one
 * new seed row and nothing else changed.
 */
async function sendSeed(body: WireBody, expected: { refuse: MessageKey } | { stored: string }): Promise<void> {
  cases += 1;
  const [before, seedBefore] = [await state(), await seedStateOf(seeder)];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/provably_fair/client_seed',
    headers: { cookie: seeder.cookie, 'content-type': body.contentType! },
    payload: body.payload,
  });
  const what = `${body.label} ${shown(body.payload)} -> ${res.statusCode} ${shown(res.body.slice(0, 200))}`;
  if ('refuse' in expected) {
    expect(res.statusCode, what).toBe(400);
    expect(res.json(), what).toEqual({ status: false, msg: messages.en[expected.refuse] });
    expect(await state(), what).toEqual(before);
    expect(await seedStateOf(seeder), what).toEqual(seedBefore);
    return;
  }
  expect(res.statusCode, what).toBe(200);
  expect((await seedStateOf(seeder)).client_seed, what).toBe(expected.stored);
  const { seeds: seedsAfter, ...after } = await state();
  const { seeds: seedsBefore, ...rest } = before;
  expect(after, what).toEqual(rest);
  expect(String(seedsAfter).split(',').length, what).toBe(String(seedsBefore).split(',').length + 1);
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
        const body = gameBody({ ...req, rollUnder, token }, asJson);
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
        (body, signedIn) => refused('/api/upgrade/index', body, signedIn ? me.cookie : null, { allowOk: true }),
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

  it('refuses a stake whose chance is below the minimum, whatever chance it claims, and keeps the token unused', async () => {
    const { payoutPer100k, chanceMin, maxStakeItems } = t.config.houseRules;
    // Cheap stakes against targets dear enough that floor(stake x payout / target) is under the minimum, edge included.
    const pairs = fc
      .array(fc.integer({ min: 1, max: 2_000 }), { minLength: 1, maxLength: maxStakeItems })
      .chain((stake) => {
        const edge = Math.floor((stake.reduce((a, b) => a + b, 0) * payoutPer100k) / chanceMin) + 1;
        return fc.record({
          stake: fc.constant(stake),
          target: fc.oneof(fc.constant(edge), fc.integer({ min: edge, max: 500_000_000 })),
        });
      });
    // The floor a page would show, or a guess under it.
    const claim = fc.oneof(
      fc.constantFrom('0.1', '0.099', '0.001', '0'),
      fc.integer({ min: 0, max: chanceMin }).map((c) => String(c / 1000)),
    );
    await fc.assert(
      fc.asyncProperty(
        pairs,
        claim,
        fc.constantFrom('0', '1'),
        fc.boolean(),
        async (pair, chance, rollUnder, asJson) => {
          const items = await grantPrices(staker.userId, pair.stake);
          const token = await getToken(t.app, staker.cookie);
          const body = gameBody({ items, target: await itemAt(pair.target), chance, rollUnder, token }, asJson);
          await refused('/api/upgrade/upgrade_items', body, staker.cookie, { msg: 'chance_too_low' });
          seen.subfloor_refused += 1;
        },
      ),
      { numRuns: RUNS.subFloor, seed: SEED },
    );
  });

  it('pays one ticket per full step of stake, so a stake below one step earns none', async () => {
    const { payoutPer100k, chanceMin, chanceMax } = t.config.houseRules;
    const step = t.config.ticketStepMinor;
    const stakes = fc.oneof(
      { weight: 2, arbitrary: fc.integer({ min: 1, max: step - 1 }).map((p) => [p]) },
      { weight: 1, arbitrary: fc.array(fc.integer({ min: 1, max: 2 * step }), { minLength: 1, maxLength: 3 }) },
    );
    // Any target the stake may play for: dearer than the stake, with a chance at the minimum or above.
    const games = stakes.chain((stake) => {
      const sum = stake.reduce((a, b) => a + b, 0);
      const dearest = Math.floor((sum * payoutPer100k) / chanceMin);
      return fc.record({ stake: fc.constant(stake), target: fc.integer({ min: sum + 1, max: dearest }) });
    });
    const bonus = async () =>
      Number(
        (
          (await t.db.execute(sql`select bonus_balance from users where id = ${ticketer.userId}`)) as unknown as {
            rows: Array<{ bonus_balance: unknown }>;
          }
        ).rows[0].bonus_balance,
      );
    await fc.assert(
      fc.asyncProperty(games, fc.constantFrom('0', '1'), async (game, rollUnder) => {
        cases += 1;
        const sum = game.stake.reduce((a, b) => a + b, 0);
        const chance = Math.min(chanceMax, Math.floor((sum * payoutPer100k) / game.target));
        const items = await grantPrices(ticketer.userId, game.stake);
        const token = await getToken(t.app, ticketer.cookie);
        const before = await bonus();
        const body = gameBody(
          { items, target: await itemAt(game.target), chance: String(chance / 1000), rollUnder, token },
          false,
        );
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/upgrade/upgrade_items',
          headers: { cookie: ticketer.cookie, 'content-type': body.contentType! },
          payload: body.payload,
        });
        expect(res.statusCode, `${game.stake} -> ${game.target}: ${res.body}`).toBe(200);
        const tickets = Math.floor(sum / step);
        expect(res.json().tickets, `${game.stake} -> ${game.target}`).toBe(tickets);
        expect(await bonus()).toBe(before + tickets);
        seen.substep_games += 1;
        if (sum < step) seen.substep_below_one_step += 1;
        seen.substep_tickets += tickets;
      }),
      { numRuns: RUNS.subStep, seed: SEED },
    );
  });

  for (const [kind, chars] of Object.entries(UNSEEN_CHARS))
    it(`refuses a client seed with a ${kind}, and keeps the seeds`, async () => {
      const seeds = fc
        .tuple(
          seenText({ maxLength: 30 }),
          fc.array(fc.tuple(fc.constantFrom(...chars), fc.nat()), { minLength: 1, maxLength: 3 }),
        )
        .map(([text, inserts]) => {
          const spelled = Array.from(text);
          for (const [c, at] of inserts) spelled.splice(at % (spelled.length + 1), 0, c);
          return spelled.join('');
        });
      await fc.assert(
        fc.asyncProperty(seeds, fc.boolean(), async (seed, asJson) => {
          expect(showsAsItIs(seed.normalize('NFC')), shown(seed)).toBe(false);
          await sendSeed(seedBody(seed, asJson), { refuse: 'client_seed_invalid' });
          seen.seeds_refused += 1;
        }),
        { numRuns: RUNS.unseenSeed, seed: SEED },
      );
    });

  it('stores any other client seed in its NFC form, visible only, and refuses bad escapes and non-strings', async () => {
    type SeedCase =
      | { kind: 'text'; seed: string; asJson: boolean }
      | { kind: 'escaped'; value: string }
      | { kind: 'other'; value: unknown };
    const text = fc.oneof(
      seenText({ maxLength: 70 }),
      unnormalisedText,
      fc.string({ unit: 'binary', maxLength: 70 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
    );
    const piece = fc.oneof(
      fc.constantFrom(...PERCENT_PIECES.bad),
      fc.constantFrom(...PERCENT_PIECES.good),
      fc.constantFrom(...'abcXYZ019-_.'),
    );
    const seedCases: fc.Arbitrary<SeedCase> = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(text, fc.boolean()).map(([seed, asJson]) => ({ kind: 'text' as const, seed, asJson })),
      },
      {
        weight: 2,
        arbitrary: fc
          .array(piece, { minLength: 1, maxLength: 12 })
          .map((p) => ({ kind: 'escaped' as const, value: p.join('') })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom<unknown>(0, 7, -1.5, null, true, false, [], ['abc'], ['a', 'b'], { seed: 'abc' }, undefined)
          .map((value) => ({ kind: 'other' as const, value })),
      },
    );
    await fc.assert(
      fc.asyncProperty(seedCases, async (c) => {
        if (c.kind === 'other') {
          await sendSeed(seedBody(c.value, true), { refuse: 'client_seed_invalid' });
          seen.seeds_refused += 1;
          return;
        }
        if (c.kind === 'text') {
          const expected = seedOutcome(c.seed);
          await sendSeed(seedBody(c.seed, c.asJson), expected);
          if ('stored' in expected) seen.seeds_stored_nfc += 1;
          else seen.seeds_refused += 1;
          if ('stored' in expected && expected.stored !== c.seed) seen.seeds_normalised += 1;
          return;
        }
        // The form parser refuses a `%` that starts no UTF-8 escape before the route sees the seed.
        let decoded: string | null;
        try {
          decoded = decodeURIComponent(c.value);
        } catch {
          decoded = null;
        }
        const body: WireBody = {
          contentType: 'application/x-www-form-urlencoded',
          payload: `client_seed=${c.value}`,
          label: 'escaped',
        };
        await sendSeed(body, decoded === null ? { refuse: 'bad_request' } : seedOutcome(decoded));
        if (decoded === null) seen.escapes_refused += 1;
      }),
      { numRuns: RUNS.clientSeed, seed: SEED },
    );
  });

  it('refuses a new password that is short, blank, the username or a common one, each with its message', async () => {
    const list = dictionary['passwords-common'];
    const common = new Set(list);
    const long = list.filter((p) => Array.from(p).length >= 8);
    const attempts = fc.stringMatching(/^[A-Za-z0-9_.-]{3,32}$/).chain((username) =>
      fc.record({
        username: fc.constant(username),
        password: fc.oneof(
          fc.string({ unit: 'binary', maxLength: 7 }),
          fc
            .array(fc.constantFrom(' ', '\t', '\n', '\u00A0', '\u2003', '\u3000', '\uFEFF'), {
              minLength: 8,
              maxLength: 40,
            })
            .map((c) => c.join('')),
          fc.string({ minLength: 129, maxLength: 200 }),
          anyCase(username),
          fc.constantFrom(...long).chain(anyCase),
        ),
        asJson: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(attempts, async ({ username, password, asJson }) => {
        const key = passwordRefusal(username, password, common);
        expect(key, `${username} / ${shown(password)}`).not.toBeNull();
        const body: WireBody = asJson
          ? {
              contentType: 'application/json',
              payload: JSON.stringify({ username, password, age_confirmed: true }),
              label: 'json',
            }
          : {
              contentType: 'application/x-www-form-urlencoded',
              payload: formOf({ username, password, age_confirmed: '1' }),
              label: 'form',
            };
        await refused('/api/auth/register', body, null, { msg: key! });
        seen.passwords_refused += 1;
      }),
      { numRuns: RUNS.weakPassword, seed: SEED },
    );
  });

  it('refuses JSON with a __proto__ or constructor.prototype key at any depth, on every route that reads a body', async () => {
    const protoNames = Object.getOwnPropertyNames(Object.prototype);
    // Bodies each route would otherwise take: but for the index, each would then change something.
    const routes: Array<{ url: string; cookie: string | null; fields: () => Promise<Record<string, unknown>> }> = [
      {
        url: '/api/auth/register',
        cookie: null,
        fields: async () => ({
          username: uniqueName('proto'),
          password: 'a long, uncommon phrase',
          age_confirmed: '1',
        }),
      },
      {
        url: '/api/auth/login',
        cookie: null,
        fields: async () => ({ username: me.username, password: 'secret-pass' }),
      },
      { url: '/api/provably_fair/client_seed', cookie: seeder.cookie, fields: async () => ({ client_seed: 'clean' }) },
      { url: '/api/provably_fair/rotate', cookie: seeder.cookie, fields: async () => ({}) },
      { url: '/api/inventory/sell', cookie: me.cookie, fields: async () => ({ id: ids.good[0] }) },
      {
        url: '/api/upgrade/upgrade_items',
        cookie: me.cookie,
        fields: async () => ({
          inventory_items: [ids.good[0]],
          uniq_item: ids.target,
          upgrade_front_chance: '50',
          roll_under: '1',
          token: await getToken(t.app, me.cookie),
        }),
      },
      { url: '/api/upgrade/index', cookie: me.cookie, fields: async () => ({}) },
    ];
    const value = fc.oneof(
      fc.constantFrom('{"polluted":true}', '{"status":true,"admin":1}', 'null', '1', '[]'),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    );
    const poison = fc.oneof(
      fc.tuple(escapedKey('__proto__'), value).map(([k, v]) => `"${k}":${v}`),
      fc.tuple(escapedKey('constructor'), escapedKey('prototype'), value).map(([c, p, v]) => `"${c}":{"${p}":${v}}`),
    );
    const nest = (member: string, depth: number): string =>
      depth === 0 ? `{${member}}` : `{"deep":[${nest(member, depth - 1)}]}`;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        poison,
        fc.integer({ min: 0, max: 3 }),
        fc.nat(),
        async (route, member, depth, at) => {
          const members = Object.entries(await route.fields()).map(
            ([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`,
          );
          members.splice(at % (members.length + 1), 0, depth === 0 ? member : `"extra":${nest(member, depth - 1)}`);
          const payload = `{${members.join(',')}}`;
          const body: WireBody = { contentType: 'application/json', payload, label: 'proto' };
          await refused(route.url, body, route.cookie, { msg: 'bad_request' });
          expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(protoNames);
          seen.proto_refused += 1;
        },
      ),
      { numRuns: RUNS.protoKeys, seed: SEED },
    );
  });

  it('refuses any roll_under but exactly 0 or 1 in an otherwise sound game, and keeps the token unused', async () => {
    const pad = fc
      .array(
        fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', '\u00A0', '\u3000', '\u200B', '\uFEFF', '\u0000', '+'),
        {
          maxLength: 3,
        },
      )
      .map((a) => a.join(''));
    const core = fc.constantFrom(
      ...['0', '1', '01', '00', '10', '1.0', '0.0', '+1', '-1', '-0', '1e0', '0x1', '0b1', '１', '０', '١', '𝟏'],
      ...['true', 'false', 'on', 'under', 'over', ''],
    );
    const spelled = fc
      .tuple(pad, core, pad, fc.boolean())
      .map(([a, c, b, asJson]) => ({ value: a + c + b, asJson }))
      .filter(({ value }) => value !== '0' && value !== '1');
    // Non-strings only as JSON: a form would send ['1'] as the valid `1`.
    const typed = fc
      .constantFrom<unknown>(true, false, null, 2, -1, 0.5, 1.5, [], ['1'], ['0', '1'], {}, { value: 1 })
      .map((value) => ({ value, asJson: true }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(spelled, typed), async ({ value, asJson }) => {
        const token = await getToken(t.app, me.cookie);
        const game = { items: [ids.good[0]], target: ids.target, chance: '50', rollUnder: value, token };
        await refused('/api/upgrade/upgrade_items', gameBody(game, asJson), me.cookie, { msg: 'roll_under_invalid' });
        seen.roll_under_refused += 1;
      }),
      { numRuns: RUNS.rollUnder, seed: SEED },
    );
  });

  it('leaves the invariants intact after every generated case', async () => {
    const report = await checkInvariants(t.db);
    expect(report.violations).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(3_000);
    record('fuzz', {
      seed: SEED,
      cases_generated: cases,
      server_errors: 0,
      invariant_violations: report.violations.length,
      ...seen,
      ...RUNS,
    });
  });
});
