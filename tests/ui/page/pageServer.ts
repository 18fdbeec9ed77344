/**
 * The real server app for the page's UI tests: a migrated, seeded PGlite and buildApp (as tests/ui/fair does,
 * for the same jsdom reason), with the SPA's API client routed into app.inject through a cookie jar, so signing
 * in through the form really starts a session.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { configureApi } from '../../../src/api/client.ts';
import type { SiteResponse } from '../../../src/api/contract.ts';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { openDb, type Db } from '../../../server/db/client.ts';
import { seedDatabase } from '../../../server/db/seed.ts';

/** A running app, its database and the browser-like cookie jar the SPA's requests carry. */
export interface PageServer {
  /** The site variant the app serves. */
  siteName: 'cs' | 'dota' | 'ru';
  app: FastifyInstance;
  db: Db;
  jar: Map<string, string>;
  /** Makes the next request whose path starts with `prefix` fail as a dropped connection would. */
  failNext(prefix: string): void;
  /**
   * Holds every request from now on until the returned function is called, so a state that waits for an answer
   * can be seen before the in-process server gives it.
   */
  holdAnswers(): () => void;
  /** Forgets armed failures, held answers and session swaps (between tests). */
  resetNetwork(): void;
  /** The session the next page load (index + me) runs in: a sid, or null for signed out (like a sign-in in another tab). */
  sessionForNextLoad(sid: string | null): void;
  site(): Promise<SiteResponse>;
  close(): Promise<void>;
}

/** Routes fetch into app.inject, sending and storing cookies like a browser on one origin. */
function injectFetch(
  app: FastifyInstance,
  jar: Map<string, string>,
  failing: string[],
  nextLoad: { sid?: string | null },
  held: { until: Promise<void> | null },
): typeof globalThis.fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    if (held.until) await held.until;
    if (nextLoad.sid !== undefined && (url.pathname === '/api/upgrade/index' || url.pathname === '/api/auth/me')) {
      if (nextLoad.sid === null) jar.delete('sid');
      else jar.set('sid', nextLoad.sid);
      delete nextLoad.sid;
    }
    const fail = failing.findIndex((prefix) => url.pathname.startsWith(prefix));
    if (fail >= 0) {
      failing.splice(fail, 1);
      throw new TypeError('Failed to fetch');
    }
    const headers = Object.fromEntries(req.headers.entries());
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text();
    const res = await app.inject({
      method: req.method as 'GET',
      url: url.pathname + url.search,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      payload: body,
    });
    for (const line of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
      const [pair, ...attrs] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const outHeaders = new Headers();
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined && k !== 'set-cookie') outHeaders.set(k, String(v));
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: outHeaders,
    });
  };
}

/** Starts the app for a site variant on a fresh seeded database and points the SPA's API client at it. */
export async function startPageServer(site: 'cs' | 'dota' | 'ru' = 'cs'): Promise<PageServer> {
  // The suite signs up a player or two per path, all from one address: more than a real visitor's minute allows.
  const config = loadConfig(
    { SITE: site, RATE_LIMIT_AUTH_PER_MIN: '100000' },
    { demoMode: true, logLevel: 'silent', distDir: '/nonexistent-dist' },
  );
  const handle = await openDb({ kind: 'pglite' });
  await migrate(handle.db as unknown as PgliteDatabase, { migrationsFolder: path.resolve('server/db/migrations') });
  await seedDatabase(handle.db, config);
  const app = await buildApp(config, handle, { catalogueTtlMs: 0 });
  const jar = new Map<string, string>();
  const failing: string[] = [];
  const nextLoad: { sid?: string | null } = {};
  const held: { until: Promise<void> | null; release: () => void } = { until: null, release: () => {} };
  configureApi({ baseURL: 'http://upgrades.test', fetch: injectFetch(app, jar, failing, nextLoad, held) });
  return {
    siteName: site,
    app,
    db: handle.db,
    jar,
    failNext: (prefix) => failing.push(prefix),
    holdAnswers: () => {
      held.until = new Promise<void>((resolve) => {
        held.release = () => {
          held.until = null;
          resolve();
        };
      });
      return () => held.release();
    },
    resetNetwork: () => {
      held.release();
      failing.length = 0;
      delete nextLoad.sid;
    },
    sessionForNextLoad: (sid) => {
      nextLoad.sid = sid;
    },
    site: async () => (await app.inject({ method: 'GET', url: '/api/site' })).json() as SiteResponse,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
