import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../server/messages.ts';
import {
  addCatalogueItem,
  createTestApp,
  grant,
  postUpgrade,
  register,
  snapshot,
  type TestApp,
} from './helpers/app.ts';

/** A stand-in for Google's siteverify: the response token names the verdict. */
const verdicts: Record<string, object> = {
  good: { success: true, action: 'caseopen', score: 0.9 },
  low: { success: true, action: 'caseopen', score: 0.2 },
  'wrong-action': { success: true, action: 'login', score: 0.9 },
  failed: { success: false, 'error-codes': ['invalid-input-response'] },
};
const seen: URLSearchParams[] = [];
const fake = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const form = new URLSearchParams(body);
    seen.push(form);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(verdicts[form.get('response') ?? ''] ?? { success: false }));
  });
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  t = await createTestApp({
    recaptchaSecret: 'test-secret',
    recaptchaSiteKey: 'site-key-1',
    recaptchaVerifyUrl: `http://127.0.0.1:${port}/siteverify`,
    recaptchaMinScore: 0.5,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe('POST /api/upgrade/upgrade_items with reCAPTCHA', () => {
  it('publishes the site key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/site' })).json().recaptcha_site_key).toBe('site-key-1');
  });

  it.each(['low', 'wrong-action', 'failed', 'unknown'])(
    'refuses a %s verdict with 403 and changes nothing',
    async (token) => {
      const p = await register(t.app);
      const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
      const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
      const [item] = await grant(t.db, p.userId, [stake.id]);
      const before = await snapshot(t.db, p.userId);
      const res = await postUpgrade(t.app, p.cookie, {
        'inventory_items[]': [String(item)],
        uniq_item: String(target.id),
        upgrade_front_chance: '50',
        roll_under: '1',
        token,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: false, msg: messages.en.captcha_failed });
      expect(await snapshot(t.db, p.userId)).toEqual(before);
    },
  );

  it('settles the game when the verifier accepts, sending our secret and the token', async () => {
    const p = await register(t.app);
    const stake = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 500 });
    const target = await addCatalogueItem(t.db, { site: 'cs', priceMinor: 900 });
    const [item] = await grant(t.db, p.userId, [stake.id]);
    seen.length = 0;
    const res = await postUpgrade(t.app, p.cookie, {
      'inventory_items[]': [String(item)],
      uniq_item: String(target.id),
      upgrade_front_chance: '50',
      roll_under: '1',
      token: 'good',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0].get('secret')).toBe('test-secret');
    expect(seen[0].get('response')).toBe('good');
    // reCAPTCHA tokens come from Google's script per game: no caseopen token for the next one.
    expect(res.json()).not.toHaveProperty('next_token');
  });
});
