/**
 * Rate limits (issue 7, abuse): sign-in and register per address, sign-in per username (from any address),
 * upgrade_items per address and per signed-in player. A refusal is 429 `{ status: false, msg }` in the site's
 * language with Retry-After. Counters live in this process (@fastify/rate-limit's LRU store): with several
 * processes each one counts on its own, so the effective limit is at most N times the configured one
 * (documented in docs/server.md). A limit of 0 turns that limit off.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { AppError, type MessageKey } from '../messages.ts';
import { sessionCookie, type AppContext } from '../routes/context.ts';
import { findSession } from '../services/sessions.ts';

const WINDOW_MS = 60_000;
const AUTH_ROUTES = new Set(['/api/auth/login', '/api/auth/register']);
const UPGRADE_ROUTE = '/api/upgrade/upgrade_items';

type Limit = (req: FastifyRequest, reply: FastifyReply, key: string) => Promise<void>;

/** The username a sign-in names, normalised as the unique index compares it (case-insensitive). */
function loginName(body: unknown): string | null {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).username : undefined;
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim().toLowerCase().slice(0, 64) : null;
}

/** Registers the limits as hooks on the app; must be registered before the routes it guards. */
export const rateLimitPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config } = ctx;
  await app.register(fastifyRateLimit, { global: false, timeWindow: WINDOW_MS });

  // One fixed-window counter per kind; the key is chosen by the hook (address, username or player id).
  function limit(max: number, kind: string, message: MessageKey): Limit {
    if (max <= 0) return async () => {};
    const keys = new WeakMap<FastifyRequest, string>();
    const check = app.createRateLimit({
      max,
      timeWindow: WINDOW_MS,
      keyGenerator: (req) => `${kind}:${keys.get(req)}`,
    });
    return async (req, reply, key) => {
      keys.set(req, key);
      const result = await check(req);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(429, message);
    };
  }

  const authByAddress = limit(config.rateLimitAuthPerMin, 'auth-ip', 'rate_limited_auth');
  const loginByName = limit(config.rateLimitLoginPerUserPerMin, 'login-user', 'rate_limited_login');
  const upgradeByAddress = limit(config.rateLimitUpgradeIpPerMin, 'upgrade-ip', 'rate_limited_upgrade');
  const upgradeByPlayer = limit(config.rateLimitUpgradePerMin, 'upgrade-user', 'rate_limited_upgrade');

  // Hooks only for limits that are on: a switched-off limit costs the requests nothing.
  const byAddress = config.rateLimitAuthPerMin > 0 || config.rateLimitUpgradeIpPerMin > 0;
  const byNameOrPlayer = config.rateLimitLoginPerUserPerMin > 0 || config.rateLimitUpgradePerMin > 0;

  // Addresses are counted before the body is read, so floods of malformed posts count too.
  if (byAddress)
    app.addHook('onRequest', async (req, reply) => {
      const url = req.routeOptions.url;
      if (url === undefined || req.method !== 'POST') return;
      if (AUTH_ROUTES.has(url)) await authByAddress(req, reply, normalizeIP(req.ip));
      else if (url === UPGRADE_ROUTE) await upgradeByAddress(req, reply, normalizeIP(req.ip));
    });

  // Usernames and players are known once the body and the session are.
  if (byNameOrPlayer)
    app.addHook('preHandler', async (req, reply) => {
      const url = req.routeOptions.url;
      if (req.method !== 'POST') return;
      if (url === '/api/auth/login' && config.rateLimitLoginPerUserPerMin > 0) {
        const name = loginName(req.body);
        if (name !== null) await loginByName(req, reply, name);
      } else if (url === UPGRADE_ROUTE && config.rateLimitUpgradePerMin > 0) {
        // Keyed by player, not session: signing in again does not reset the count.
        const who = await findSession(ctx.handle.raw, sessionCookie(req));
        if (who) await upgradeByPlayer(req, reply, String(who.userId));
      }
    });
};
// Like fastify-plugin: the hooks apply to the routes the parent registers after this plugin.
(rateLimitPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
