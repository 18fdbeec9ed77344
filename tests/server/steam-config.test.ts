import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { loginUrl, nonceTime } from '../../server/services/steam-openid.ts';

describe('Steam and metrics configuration', () => {
  it('defaults PUBLIC_URL to the listen address, a wildcard host reached as localhost', () => {
    expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).publicUrl).toBe('http://[::1]:8080');
  });

  it('takes PUBLIC_URL as an origin and refuses one with a path', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://skins.example/' }).publicUrl).toBe('https://skins.example');
    expect(() => loadConfig({ PUBLIC_URL: 'https://skins.example/upgrades' })).toThrow(/PUBLIC_URL=.*without a path/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://skins.example' })).toThrow(/PUBLIC_URL=/);
  });

  it('talks to Steam itself unless told otherwise, and needs no key or metrics token', () => {
    expect(loadConfig({})).toMatchObject({
      steamOpenidUrl: 'https://steamcommunity.com/openid/login',
      steamApiUrl: 'https://api.steampowered.com',
      steamApiKey: null,
      metricsToken: null,
    });
    const c = loadConfig({
      STEAM_OPENID_URL: 'http://127.0.0.1:9/openid/login',
      STEAM_API_URL: 'http://127.0.0.1:9/',
      STEAM_API_KEY: 'k',
      METRICS_TOKEN: 's3cret',
    });
    expect(c).toMatchObject({
      steamOpenidUrl: 'http://127.0.0.1:9/openid/login',
      steamApiUrl: 'http://127.0.0.1:9',
      steamApiKey: 'k',
      metricsToken: 's3cret',
    });
    expect(() => loadConfig({ STEAM_OPENID_URL: 'steamcommunity.com' })).toThrow(/STEAM_OPENID_URL=/);
  });

  it('builds the checkid_setup address on a configured endpoint that has a query of its own', () => {
    const c = loadConfig({ STEAM_OPENID_URL: 'https://op.example/login?tenant=a', PUBLIC_URL: 'https://s.example' });
    const u = new URL(loginUrl(c, 'st'));
    expect(u.searchParams.get('tenant')).toBe('a');
    expect(u.searchParams.get('openid.return_to')).toBe('https://s.example/api/auth/steam/return?state=st');
  });

  it.each([
    ['2026-11-27T09:00:00Zabc', Date.UTC(2026, 10, 27, 9, 0, 0)],
    ['2026-11-27T09:00:00Z', null],
    ['2026-13-27T09:00:00Zabc', null],
    ['yesterday', null],
  ])('reads the time of the response nonce %s', (nonce, time) => {
    expect(nonceTime(nonce)).toBe(time);
  });
});
