import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('has working defaults: PGlite in ./data with demo mode, cs site, port 3000', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: null,
      demoMode: true,
      site: 'cs',
      starterPackSize: 30,
      ticketStepMinor: 100,
      cookieSecure: 'auto',
      mainSiteUrl: '/',
    });
  });

  it('turns demo mode off with DATABASE_URL unless DEMO_MODE says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_MODE: 'on' }).demoMode).toBe(true);
  });

  it('runs one process unless WEB_CONCURRENCY says more, which needs DATABASE_URL', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://u@h/db' }).workers).toBe(4);
    for (const env of [
      { WEB_CONCURRENCY: '2' },
      { WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://u@h/db' },
      { WEB_CONCURRENCY: 'many', DATABASE_URL: 'postgres://u@h/db' },
    ]) {
      expect(() => loadConfig(env)).toThrow(/WEB_CONCURRENCY=/);
    }
  });

  it('refuses TRUST_PROXY=true or a hop count, naming the fix, and takes a list of addresses and CIDRs', () => {
    for (const v of ['true', '1', 'yes', '2'])
      expect(() => loadConfig({ TRUST_PROXY: v })).toThrow(/TRUST_PROXY=.*list the proxies' addresses/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,nonsense' })).toThrow(/"nonsense" is not an address or CIDR/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.1.0/24,::1,loopback' }).trustProxy).toBe(
      '127.0.0.1,10.0.1.0/24,::1,loopback',
    );
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('derives the ru ticket step from RUB_PER_USD', () => {
    expect(loadConfig({ SITE: 'ru', RUB_PER_USD: '92.5' }).ticketStepMinor).toBe(9250);
    expect(loadConfig({ SITE: 'ru', TICKET_STEP_MINOR: '500' }).ticketStepMinor).toBe(500);
  });

  it('reports every bad value at once, one line each', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        SITE: 'csgo',
        DATABASE_URL: 'mysql://x',
        RECAPTCHA_MIN_SCORE: '2',
        DEMO_MODE: 'maybe',
        STARTER_PACK_SIZE: '-1',
        LOG_LEVEL: 'loud',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems).toHaveLength(7);
      for (const name of [
        'PORT',
        'SITE',
        'DATABASE_URL',
        'RECAPTCHA_MIN_SCORE',
        'DEMO_MODE',
        'STARTER_PACK_SIZE',
        'LOG_LEVEL',
      ]) {
        expect(problems.some((p) => p.startsWith(`${name}=`))).toBe(true);
      }
    }
  });
});
