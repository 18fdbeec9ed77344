import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chanceThousandths } from '../../src/domain/chance.ts';
import { DEFAULT_RULES, gameRulesToWire, type GameRules } from '../../src/domain/rules.ts';
import { statement } from '../../server/db/client.ts';
import { messages } from '../../server/messages.ts';
import { addCatalogueItem, createTestApp, playGames, register, type Player, type TestApp } from './helpers/app.ts';
import { writePlayer, type SeedSpec, type WrittenGame } from './helpers/audit-games.ts';

const run = promisify(execFile);

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimitUpgradePerMin: 0, rateLimitUpgradeIpPerMin: 0 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

// The plain-Node audit of docs/provably-fair.md, run as a reader would save and run it.
const docDir = mkdtempSync(path.join(tmpdir(), 'audit-doc-'));
const docScript = path.join(docDir, 'audit.mjs');
writeFileSync(
  docScript,
  [...readFileSync('docs/provably-fair.md', 'utf8').matchAll(/```js\n([\s\S]*?)```/g)]
    .map((m) => m[1])
    .find((b) => b.startsWith('// audit.mjs'))!,
);
afterAll(() => rmSync(docDir, { recursive: true, force: true }));

async function docAudit(): Promise<{ code: number; stdout: string }> {
  try {
    return { code: 0, stdout: (await run(process.execPath, [docScript, base])).stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** Every exported game, page by page (`limit` a page), as the audit script reads them. */
async function exportAll(limit: number) {
  const out: Array<Record<string, unknown> & { id: number; roll_id: string; server_seed: string }> = [];
  for (let after = 0; ;) {
    const res = await get(`/api/provably_fair/games?after=${after}&limit=${limit}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.body.split('\n').filter(Boolean);
    out.push(...lines.map((l) => JSON.parse(l)));
    if (lines.length < limit) return out;
    after = out[out.length - 1].id;
    expect(res.headers['x-next-after']).toBe(String(after));
  }
}

const play = (p: Player, n: number) => playGames(t, p, n);

/** Seeds whose games are priced as the settlement prices them (the script checks each chance). */
function seedsOf(
  statuses: Array<'active' | 'revealed'>,
  perSeed: number,
  targetPrice: number,
  rules: GameRules = DEFAULT_RULES,
): SeedSpec[] {
  const now = Date.now();
  return statuses.map((status, s) => ({
    status,
    activatedAt: new Date(now - 3_600_000 * (10 - s)),
    games: Array.from({ length: perSeed }, (_, i) => {
      const stakeMinor = 50 + ((i * 37 + s * 11) % 700);
      return {
        chance: chanceThousandths(stakeMinor, targetPrice, rules),
        rules,
        rollUnder: (i + s) % 2 === 0,
        stakeMinor,
        targetPriceMinor: targetPrice,
        createdAt: new Date(now - 3_600_000 * (10 - s) + 60_000 * (i + 1)),
      };
    }),
  }));
}

const REVEAL = statement(
  't_audit_export_reveal',
  `with s as (update seeds set status = 'revealed', revealed_at = now() where status = 'active' and nonce > 0
     returning id)
   update games set revealed = true where seed_id in (select id from s)`,
);
const TAMPER = statement('t_audit_export_tamper', 'update games set roll = (roll + 1) % 100000 where id = $1');
const TAMPER_RULE = statement('t_audit_export_tamper_rule', 'update games set payout_per_100k = $2 where id = $1');
const UNTAMPER = statement('t_audit_export_untamper', 'update games set roll = $2 where id = $1');
/** PAYOUT_FACTOR=0.95 with the default bounds: a site's rules before it changed them to the current defaults. */
const OLD_RULES: GameRules = { ...DEFAULT_RULES, payoutPer100k: 95_000 };

async function auditScript(): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      'scripts/audit.ts',
      '--url',
      base,
      '--limit',
      '7',
    ]);
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    if (e.code === 2) throw new Error(e.stderr, { cause: err });
    return { code: e.code, stdout: e.stdout };
  }
}

describe('GET /api/provably_fair/games', () => {
  it('exports a game only once its seed is revealed, with everything to recompute it', async () => {
    const p = await register(t.app);
    const played = await play(p, 3);
    const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 2_000 });
    const written: WrittenGame[] = [];
    for (let i = 0; i < 3; i++)
      written.push(
        ...(await writePlayer(t.handle.raw, 'cs', target.id, seedsOf(['revealed', 'revealed', 'active'], 6, 2_000))),
      );

    const before = await exportAll(5);
    const exported = new Set(before.map((g) => g.roll_id));
    for (const id of played) expect(exported.has(id)).toBe(false);
    for (const g of written) expect(exported.has(g.rollId)).toBe(g.revealed);
    const one = before.find((g) => g.roll_id === written.find((w) => w.revealed)!.rollId)!;
    const w = written.find((x) => x.rollId === one.roll_id)!;
    expect(one).toMatchObject({
      id: w.id,
      chance: w.chance / 1000,
      roll_under: w.rollUnder ? 1 : 0,
      roll: w.roll / 1000,
      success: w.success ? 1 : 0,
      stake_minor: w.stakeMinor,
      target_price_minor: w.targetPriceMinor,
      rules: { payout_factor: 0.9, chance_min: 0.1, chance_max: 80 },
      time: w.createdAt.toISOString(),
    });
    expect(Object.keys(one).sort()).toEqual(
      [
        'id',
        'roll_id',
        'server_seed',
        'server_seed_hash',
        'client_seed',
        'nonce',
        'chance',
        'roll_under',
        'roll',
        'success',
        'stake_minor',
        'target_price_minor',
        'rules',
        'time',
      ].sort(),
    );

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/provably_fair/rotate', headers: { cookie: p.cookie } }))
        .statusCode,
    ).toBe(200);
    const after = new Set((await exportAll(1000)).map((g) => g.roll_id));
    for (const id of played) expect(after.has(id)).toBe(true);
    for (const g of written) expect(after.has(g.rollId)).toBe(g.revealed);
  });

  it.each([
    ['after=-1', 'audit_after_invalid'],
    ['after=abc', 'audit_after_invalid'],
    ['after=1.5', 'audit_after_invalid'],
    ['limit=0', 'audit_limit_invalid'],
    ['limit=10001', 'audit_limit_invalid'],
    ['limit=ten', 'audit_limit_invalid'],
  ] as const)('refuses %s with a 400 in the site language', async (query, key) => {
    const res = await get(`/api/provably_fair/games?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en[key] });
  });

  it('refuses an unknown audit window in the site language, Russian on the ru site', async () => {
    const res = await get('/api/provably_fair/audit?window=1y');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, msg: messages.en.audit_window_invalid });
    const ru = await createTestApp({ site: 'ru' });
    try {
      const r = await ru.app.inject({ method: 'GET', url: '/api/provably_fair/games?limit=0' });
      expect(r.json()).toEqual({ status: false, msg: messages.ru.audit_limit_invalid });
    } finally {
      await ru.close();
    }
  });
});

describe('npm run audit and the plain Node audit of the docs', () => {
  it('agree with the API, count the unrevealed games, and name a tampered row', async () => {
    const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 3_000 });
    const written = await writePlayer(t.handle.raw, 'cs', target.id, seedsOf(['revealed', 'active'], 9, 3_000));
    // Games played before the site moved from 0.95 to today's 0.9: each must verify by the rules it was played with.
    const old = await writePlayer(t.handle.raw, 'cs', target.id, seedsOf(['revealed', 'active'], 9, 3_000, OLD_RULES));
    for (const g of old) expect(chanceThousandths(g.stakeMinor, g.targetPriceMinor)).not.toBe(g.chance);
    const api = (await get('/api/provably_fair/audit?window=all')).json();
    expect(api.unrevealed_games).toBeGreaterThanOrEqual(9);

    const partial = await auditScript();
    expect(partial.code, partial.stdout).toBe(0);
    expect(partial.stdout).toContain(`${api.games - api.unrevealed_games} revealed games downloaded and recomputed`);
    expect(partial.stdout).toContain(`counts ${api.unrevealed_games} games whose server seed is still secret`);

    await t.handle.raw.rows(REVEAL, []);
    const whole = (await get('/api/provably_fair/audit?window=all')).json();
    expect(whole.unrevealed_games).toBe(0);
    const full = await auditScript();
    expect(full.code, full.stdout).toBe(0);
    expect(full.stdout).toContain('The figures agree with the site');
    expect(full.stdout).toContain(
      `games ${whole.games}, wins ${whole.wins}, stake ${whole.stake_minor}, payout ${whole.payout_minor} (minor units)`,
    );
    expect(full.stdout).toContain(`return to player ${(whole.rtp * 100).toFixed(3)} %`);
    const plain = await docAudit();
    expect(plain.code, plain.stdout).toBe(0);
    expect(plain.stdout.split('\n')[0]).toBe(
      `games ${whole.games}, wins ${whole.wins}, stake ${whole.stake_minor}, payout ${whole.payout_minor}`,
    );
    expect(plain.stdout).not.toContain('BAD');
    const exportedOld = (await exportAll(1000)).find((g) => g.roll_id === old[0].rollId);
    expect(exportedOld).toMatchObject({ chance: old[0].chance / 1000, rules: gameRulesToWire(OLD_RULES) });
    expect(exportedOld!.rules).toEqual({ payout_factor: 0.95, chance_min: 0.1, chance_max: 80 });

    const victim = written[4];
    await t.handle.raw.rows(TAMPER, [victim.id]);
    const tampered = await auditScript();
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain(`TAMPERED: 1 problem(s):`);
    expect(tampered.stdout).toContain(`game ${victim.id} (roll_id ${victim.rollId}): roll `);
    const plainTampered = await docAudit();
    expect(plainTampered.code).toBe(1);
    expect(plainTampered.stdout).toContain(`BAD game ${victim.id} (roll_id ${victim.rollId})`);
    await t.handle.raw.rows(UNTAMPER, [victim.id, victim.roll]);

    // A recorded rule rewritten to today's factor: the recorded chance no longer follows from it.
    const ruled = old[2];
    await t.handle.raw.rows(TAMPER_RULE, [ruled.id, DEFAULT_RULES.payoutPer100k]);
    const ruleTampered = await auditScript();
    expect(ruleTampered.code).toBe(1);
    expect(ruleTampered.stdout).toContain(`TAMPERED: 1 problem(s):`);
    expect(ruleTampered.stdout).toContain(
      `game ${ruled.id} (roll_id ${ruled.rollId}): chance ${ruled.chance / 1000} % is not what stake ` +
        `${ruled.stakeMinor} against 3000 gives at payout 0.9, chance 0.1 .. 80 %`,
    );
    const plainRuleTampered = await docAudit();
    expect(plainRuleTampered.code).toBe(1);
    expect(plainRuleTampered.stdout.match(/BAD game/g)).toEqual(['BAD game']);
    expect(plainRuleTampered.stdout).toContain(`BAD game ${ruled.id} (roll_id ${ruled.rollId})`);
  }, 120_000);
});
