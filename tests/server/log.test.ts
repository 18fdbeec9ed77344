import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALG_COSIGNATURE_V1,
  cosign,
  entryBundle,
  fromBase64,
  generateKey,
  leafHash,
  openNote,
  parseCheckpoint,
  signerFromKey,
  utf8,
  verifierFromKey,
  verifyConsistency,
  verifyCosignature,
  verifyInclusion,
} from '../../src/domain/tlog/index.ts';
import { buildApp } from '../../server/app.ts';
import { openDb } from '../../server/db/client.ts';
import { messages } from '../../server/messages.ts';
import { sequenceAll } from '../../server/services/log-sequencer.ts';
import { checkLogWith, rowsOf } from '../helpers/log-check.ts';
import { writePlayer } from './helpers/audit-games.ts';
import { addCatalogueItem, createTestApp, playGames, register, type Player, type TestApp } from './helpers/app.ts';

const witness = generateKey('witness.example/w1', ALG_COSIGNATURE_V1);
const stranger = generateKey('witness.example/w2', ALG_COSIGNATURE_V1);
let t: TestApp;
beforeAll(async () => {
  // The test drives the sequencer, so it knows what is logged when.
  t = await createTestApp({ logSequenceMs: 0, witnessKeys: [witness.vkey] });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const LOG = '/api/provably_fair/log';
const sequence = () => sequenceAll(t.handle.raw, t.app.upgrades.logKeys, 'cs');

const play = (p: Player, n: number) => playGames(t, p, n);

async function checkpoint() {
  const res = await get(`${LOG}/checkpoint`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  const vkey = (await get(`${LOG}/key`)).body.trim();
  const { text } = openNote(res.body, [verifierFromKey(vkey)]);
  return { note: res.body, vkey, ...parseCheckpoint(text), text };
}

describe('the public log', () => {
  let rolls: string[] = [];
  let first: Awaited<ReturnType<typeof checkpoint>>;

  it('logs commitments, client seeds, games and reveals once each, in an order that proves them', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    rolls = await play(a, 3);
    // Before the sequencer reaches it a game is not found in the log.
    const early = await get(`${LOG}/find?roll_id=${rolls[0]}`);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toEqual({ status: false, msg: messages.en.log_not_sequenced });
    await sequence();
    first = await checkpoint();
    expect(first.origin).toBe(t.config.logOrigin);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/provably_fair/client_seed',
      headers: { cookie: a.cookie },
      payload: { client_seed: 'my own seed' },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    rolls.push(...(await play(a, 2)), ...(await play(b, 2)));
    await sequence();
    const problems = await checkLogWith(rowsOf(t.handle), 'cs', (await checkpoint()).note, first.vkey);
    expect(problems).toEqual([]);
    const lines = (await get(`${LOG}/entries?start=0`)).body.trimEnd().split('\n');
    const types = lines.map((l) => JSON.parse(l).type);
    expect(types.filter((x) => x === 'game')).toHaveLength(7);
    expect(types.filter((x) => x === 'reveal')).toHaveLength(1);
    expect(lines.some((l) => l.includes('"client_seed":"my own seed"'))).toBe(true);
    expect(lines.some((l) => /user|name/.test(Object.keys(JSON.parse(l)).join(',')))).toBe(false);
  });

  it('serves entries byte for byte and proofs that verify against the signed checkpoint', async () => {
    const cp = await checkpoint();
    const res = await get(`${LOG}/entries?start=2&limit=3`);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const all = (await get(`${LOG}/entries?start=0`)).body.trimEnd().split('\n');
    expect(res.body).toBe(
      all
        .slice(2, 5)
        .map((l) => `${l}\n`)
        .join(''),
    );
    for (const roll of rolls) {
      const { index } = (await get(`${LOG}/find?roll_id=${roll}`)).json();
      expect(JSON.parse(all[index]).roll_id).toBe(roll);
      const proof = (await get(`${LOG}/proof?index=${index}&size=${cp.size}`)).json().hashes.map(fromBase64);
      expect(verifyInclusion(index, cp.size, leafHash(utf8(all[index])), proof, cp.root)).toBe(true);
      const tampered = utf8(all[index].replace(/"roll":\d+/, '"roll":1'));
      expect(verifyInclusion(index, cp.size, leafHash(tampered), proof, cp.root)).toBe(false);
    }
    const cons = (await get(`${LOG}/consistency?from=${first.size}&to=${cp.size}`)).json().hashes.map(fromBase64);
    expect(verifyConsistency(first.size, cp.size, first.root, cp.root, cons)).toBe(true);
    expect((await get(`${LOG}/proof?index=${cp.size}&size=${cp.size}`)).statusCode).toBe(400);
    expect((await get(`${LOG}/proof?index=0&size=${cp.size + 1}`)).statusCode).toBe(400);
    expect((await get(`${LOG}/consistency?from=2&to=1`)).statusCode).toBe(400);
    expect((await get(`${LOG}/entries?start=x`)).statusCode).toBe(400);
  });

  it('serves tiles: leaf hashes and entry bundles, partial ones short-lived', async () => {
    const cp = await checkpoint();
    const all = (await get(`${LOG}/entries?start=0`)).body.trimEnd().split('\n');
    const tile = await get(`${LOG}/tile/0/000.p/${cp.size}`);
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['cache-control']).toBe('public, max-age=1');
    const expected = Buffer.concat(all.map((l) => Buffer.from(leafHash(utf8(l)))));
    expect(Buffer.compare(tile.rawPayload, expected)).toBe(0);
    const narrower = await get(`${LOG}/tile/0/000.p/2`);
    expect(Buffer.compare(narrower.rawPayload, expected.subarray(0, 64))).toBe(0);
    const bundle = await get(`${LOG}/tile/entries/000.p/${cp.size}`);
    expect(Buffer.compare(bundle.rawPayload, Buffer.from(entryBundle(all)))).toBe(0);
    expect((await get(`${LOG}/tile/0/000.p/${cp.size + 1}`)).statusCode).toBe(404);
    expect((await get(`${LOG}/tile/0/000`)).statusCode).toBe(404);
    expect((await get(`${LOG}/tile/0/abc`)).statusCode).toBe(404);
  });

  it('keeps cosignatures of known witnesses over its checkpoint and serves them with it', async () => {
    const cp = await checkpoint();
    const line = cosign(cp.text, signerFromKey(witness.skey), Math.floor(Date.now() / 1000));
    const post = (body: string) =>
      t.app.inject({ method: 'POST', url: `${LOG}/cosign`, headers: { 'content-type': 'text/plain' }, payload: body });
    const strangerLine = cosign(cp.text, signerFromKey(stranger.skey), Math.floor(Date.now() / 1000));
    expect((await post(`${cp.note}${strangerLine}\n`)).statusCode).toBe(400);
    const forged = cp.text.replace(/\n\d+\n/, `\n${cp.size + 5}\n`);
    const forgedLine = cosign(forged, signerFromKey(witness.skey), 1);
    expect((await post(`${forged}\n${forgedLine}\n`)).statusCode).toBe(400);
    const ok = await post(`${cp.note}${line}\n`);
    expect(ok.statusCode, ok.body).toBe(200);
    const served = (await get(`${LOG}/checkpoint`)).body;
    expect(served).toBe(`${cp.note}${line}\n`);
    expect(verifyCosignature(cp.text, line, witness.vkey)).not.toBeNull();
    // The witness script's form: a bare line, matched against the recent checkpoints.
    const later = cosign(cp.text, signerFromKey(witness.skey), Math.floor(Date.now() / 1000) + 1);
    const json = (cosignature: string) =>
      t.app.inject({ method: 'POST', url: `${LOG}/cosign`, payload: { cosignature } });
    expect((await json(strangerLine)).statusCode).toBe(400);
    expect((await json(forgedLine)).statusCode).toBe(400);
    expect((await json(later)).statusCode).toBe(200);
    expect((await get(`${LOG}/checkpoint`)).body).toBe(`${cp.note}${later}\n`);
  });

  it('never serves the signing key', async () => {
    const key = (await get(`${LOG}/key`)).body;
    expect(key).not.toMatch(/PRIVATE/);
    expect(key.trim()).toBe(t.app.upgrades.logKeys.vkey);
  });
});

describe('two processes sequencing one database', () => {
  it('log every row once, in a sound order, whichever process holds the lock', async () => {
    // Two apps with their sequencers running on one database (own pools on PostgreSQL), while rows commit.
    const secondHandle = t.databaseUrl ? await openDb({ kind: 'pg', url: t.databaseUrl, poolSize: 5 }) : t.handle;
    const one = await buildApp({ ...t.config, logSequenceMs: 5 }, t.handle);
    const two = await buildApp({ ...t.config, logSequenceMs: 5 }, secondHandle);
    try {
      const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
      const game = { chance: 50_000, rollUnder: true, stakeMinor: 500, targetPriceMinor: 900, createdAt: new Date() };
      await Promise.all(
        Array.from({ length: 6 }, () =>
          // Active seeds only: the fixture writes a seed before its games, so a revealed one would be revealed first.
          writePlayer(t.handle.raw, 'cs', target.id, [
            { status: 'active', activatedAt: new Date(), games: Array(80).fill(game) },
          ]),
        ),
      );
      const rows = rowsOf(t.handle);
      for (let i = 0; i < 600; i++) {
        const [{ n }] = await rows<{ n: number }>(
          `select (select count(*) from games where log_index is null)
             + (select count(*) from seeds where commit_index is null)
             + (select count(*) from seeds where status = 'revealed' and reveal_index is null)::int as n`,
        );
        if (Number(n) === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const problems = await checkLogWith(rows, 'cs', (await checkpoint()).note, t.app.upgrades.logKeys.vkey);
      expect(problems).toEqual([]);
      const [{ n }] = await rows<{ n: number }>('select count(*)::int as n from games where log_index is null');
      expect(Number(n)).toBe(0);
    } finally {
      await one.close();
      await two.close();
      if (secondHandle !== t.handle) await secondHandle.close();
    }
  });
});
