import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { messages } from '../../server/messages.ts';
import { addCatalogueItem, catalogue, createTestApp, grant, register, type TestApp } from './helpers/app.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrades-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Upgrades</title>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.info(1)');
  t = await createTestApp({ distDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const index = (cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/upgrade/index', headers: cookie ? { cookie } : {} });

describe('POST /api/upgrade/index', () => {
  it('answers inventory null and the whole target catalogue when signed out', async () => {
    const res = await index();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.inventory).toBeNull();
    const targets = await catalogue(t.db, 'cs', { locked: false });
    expect(body.uitems).toHaveLength(targets.length);
    expect(body.uitems.length).toBeGreaterThanOrEqual(5000);
    expect(body.uitems.every((i: { type_prize: number }) => i.type_prize !== LOCKED_TYPE_PRIZE)).toBe(true);
    const prices = body.uitems.map((i: { price: number }) => i.price);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    expect(body.uitems[0]).toEqual({
      id: targets[0].id,
      name: targets[0].name,
      price: targets[0].priceMinor / 100,
      image: `/app/public/items/${targets[0].id}.png`,
      type: targets[0].type,
      type_prize: targets[0].typePrize,
    });
  });

  it("lists the player's owned items of this site, locked ones included, by inventory id", async () => {
    const p = await register(t.app);
    const normal = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 250 });
    const locked = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 150, typePrize: 13 });
    const dota = await addCatalogueItem(t.db, { site: 'dota', priceMinor: 150 });
    const before = (await index(p.cookie)).json().inventory.length;
    const [n, l] = await grant(t.db, p.userId, [normal.id, locked.id, dota.id]);
    const inv = (await index(p.cookie)).json().inventory as Array<{ id: number; type_prize: number; price: number }>;
    expect(inv).toHaveLength(before + 2);
    expect(inv.find((i) => i.id === n)).toMatchObject({ price: 2.5, type_prize: 0 });
    expect(inv.find((i) => i.id === l)).toMatchObject({ price: 1.5, type_prize: 13 });
  });

  it("draws each inventory item with its catalogue item's picture, not the one its inventory id names", async () => {
    const p = await register(t.app);
    const item = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 777 });
    // Two copies of one catalogue item have two inventory ids; at most one can equal the catalogue id.
    const copies = await grant(t.db, p.userId, [item.id, item.id]);
    const inv = (await index(p.cookie)).json().inventory as Array<{ id: number; image: string; name: string }>;
    for (const id of copies) {
      expect(inv.find((i) => i.id === id)).toMatchObject({
        image: `/app/public/items/${item.id}.png`,
        name: item.name,
      });
    }
  });

  it('accepts an empty JSON body, with or without a charset', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upgrade/index',
        headers: { 'content-type': type },
        payload: '',
      });
      expect(res.statusCode, type).toBe(200);
    }
  });

  it('refuses a multipart body with a 4xx JSON answer (the page posts URL-encoded forms)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upgrade/upgrade_items',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: false, msg: messages.en.bad_request });
  });

  it('uses IMAGE_BASE_URL for items that have a real image', async () => {
    const other = await createTestApp({ imageBaseUrl: 'https://cdn.example.test/img' });
    try {
      const item = await addCatalogueItem(other.db, { site: 'cs', priceMinor: 1 });
      const { catalogueItems } = await import('../../server/db/schema.ts');
      const { eq } = await import('drizzle-orm');
      await other.db.update(catalogueItems).set({ image: 'ak/redline.png' }).where(eq(catalogueItems.id, item.id));
      const body = (await other.app.inject({ method: 'POST', url: '/api/upgrade/index' })).json();
      expect(body.uitems.find((i: { id: number }) => i.id === item.id).image).toBe(
        'https://cdn.example.test/img/ak/redline.png',
      );
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/site', () => {
  it.each([
    { site: 'cs' as const, lang: 'en', currency: 'USD', decimals: 3, game: 'cs' },
    { site: 'dota' as const, lang: 'en', currency: 'USD', decimals: 1, game: 'dota' },
    { site: 'ru' as const, lang: 'ru', currency: 'RUB', decimals: 1, game: 'cs' },
  ])('describes the $site variant', async ({ site, lang, currency, decimals, game }) => {
    const s = await createTestApp({ site, mainSiteUrl: 'https://example.test/' });
    try {
      const res = await s.app.inject({ method: 'GET', url: '/api/site' });
      expect(res.json()).toEqual({
        status: true,
        site,
        game,
        lang,
        currency,
        chance_decimals: decimals,
        main_site_url: 'https://example.test/',
        recaptcha_site_key: null,
        house_rules: { payout_factor: 0.9, chance_min: 0.1, chance_max: 80, max_stake_items: 15 },
      });
      if (site === 'ru') {
        const err = await s.app.inject({ method: 'POST', url: '/api/upgrade/upgrade_items', payload: {} });
        expect(err.json().msg).toBe(messages.ru.not_signed_in);
      }
    } finally {
      await s.close();
    }
  });
});

describe('the rest of the site', () => {
  it('answers GET /healthz with the database status', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: true,
    });
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/nothing/here' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, msg: messages.en.not_found });
    }
  });

  it('serves the SPA shell for client routes and built assets with long cache headers', async () => {
    for (const url of ['/upgrades/', '/upgrades/1,2,3', '/en/provably_fair/roll_verifier/abc', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Upgrades</title>');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
  });

  it('answers 503 "run npm run build" when the SPA is not built', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/upgrades/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatch(/npm run build/);
    } finally {
      await bare.close();
    }
  });

  it('draws an item picture as SVG with long cache headers, 404 for unknown ids', async () => {
    const [first] = await catalogue(t.db, 'cs');
    const res = await t.app.inject({ method: 'GET', url: `/app/public/items/${first.id}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(res.body).toMatch(/^<svg/);
    expect((await t.app.inject({ method: 'GET', url: '/app/public/items/999999999.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/app/public/items/abc.svg' })).statusCode).toBe(404);
  });

  it('serves the same picture as a PNG (what the page shows), 256 x 192, cached for good; 404 for unknown ids', async () => {
    const [first, second] = await catalogue(t.db, 'cs');
    const res = await t.app.inject({ method: 'GET', url: `/app/public/items/${first.id}.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/max-age=31536000, immutable/);
    const png = res.rawPayload;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([256, 192]);
    // Drawn from the item: another item (another name) gives another picture, the same item the same bytes.
    const again = (await t.app.inject({ method: 'GET', url: `/app/public/items/${first.id}.png` })).rawPayload;
    expect(again.equals(png)).toBe(true);
    const other = (await t.app.inject({ method: 'GET', url: `/app/public/items/${second.id}.png` })).rawPayload;
    expect(other.equals(png)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/app/public/items/999999999.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/app/public/items/1.gif' })).statusCode).toBe(404);
  });
});
