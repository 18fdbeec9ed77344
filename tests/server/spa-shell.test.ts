import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellWithSite } from '../../server/routes/assets.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrades-shell-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html><head><title>Upgrades</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ distDir: dist, site: 'ru', mainSiteUrl: 'https://example.test/"<&>' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The content attribute of the upgrades-site meta tag, unescaped as an HTML parser would. */
function metaContent(html: string): string | null {
  const m = /<meta name="upgrades-site" content="([^"]*)">/.exec(html);
  if (!m) return null;
  return m[1]
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('the SPA shell', () => {
  it("carries GET /api/site's answer in a meta tag inside the head, on every client route", async () => {
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json();
    expect(site.site).toBe('ru');
    for (const url of ['/', '/upgrades/', '/upgrades/1,2', '/ru/provably_fair/roll_verifier/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(JSON.parse(metaContent(head) ?? 'null'), url).toEqual(site);
    }
  });

  it('escapes the answer for an attribute: no quote, angle bracket or raw ampersand leaks into the markup', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/upgrades/' });
    const tag = /<meta name="upgrades-site"[^>]*>/.exec(res.body)![0];
    expect(tag).not.toMatch(/content="[^"]*[<>]/);
    expect(tag).toContain('https://example.test/\\&quot;&lt;&amp;&gt;');
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it("states the site's language on <html lang> before any script runs", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/upgrades/' });
    expect(res.body).toContain('<html lang="ru">');
  });

  it('keeps the strict CSP on the shell (the variant is data, not an inline script)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/upgrades/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('puts the tag after the doctype when the file has no head, so the page stays in standards mode', () => {
    const html = shellWithSite('<!doctype html><title>x</title>', {
      status: true,
      site: 'cs',
      game: 'cs',
      lang: 'en',
      currency: 'USD',
      chance_decimals: 3,
      main_site_url: '/',
      recaptcha_site_key: null,
      house_rules: { payout_factor: 0.9, chance_min: 0.1, chance_max: 80, max_stake_items: 15 },
    });
    expect(html.startsWith('<!doctype html><meta name="upgrades-site"')).toBe(true);
  });
});
