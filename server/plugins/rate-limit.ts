/**
 * Rate limits named in each route's options; a second limit is a hook, as the plugin runs one per request.
 * Per-player limits key by the session cookie's hash (no session query) or a loaded player's id. 0 turns one off.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import { AppError, type MessageKey } from '../messages.ts';
import { sessionCookie, type AppContext } from '../routes/context.ts';
import { sessionIdOf } from '../services/sessions.ts';
import type { Redis } from 'ioredis';
import { connectRedis, LimitCounts } from './limit-store.ts';

const MINUTE = 60_000;

/** The limits a route can name. */
export type LimitName =
  'authIp' | 'loginUser' | 'upgradeSession' | 'upgradeIp' | 'pageIp' | 'seedPlayer' | 'playerAction' | 'publicIp';

/** What one limit counts: a key per request ('' = not counted), how many per window, and its refusal. */
interface LimitSpec {
  max: number;
  windowMs: number;
  message: MessageKey;
  /** preHandler where the key needs the body or the signed-in player. */
  hook: 'onRequest' | 'preHandler';
  key: (req: FastifyRequest) => string;
}

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The limits as route options. */
export interface Limits {
  /** A route's `config.rateLimit` (false when off); `key` replaces the limit's own key. */
  rule(name: LimitName, key?: (req: FastifyRequest) => string): RateLimitOptions | false;
  /** The same limit as a hook, for a route's second limit. */
  hook(name: LimitName, key?: (req: FastifyRequest) => string): Hook;
}

const address = (req: FastifyRequest) => normalizeIP(req.ip);
const session = (req: FastifyRequest) => sessionIdOf(sessionCookie(req)) ?? `ip:${address(req)}`;

/** The username normalised as the unique index compares it. */
function loginName(req: FastifyRequest): string {
  const body = req.body;
  const raw = typeof body === 'object' && body !== null && 'username' in body ? body.username : undefined;
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim().toLowerCase().slice(0, 64) : '';
}

/** Registers @fastify/rate-limit with the shared counters and decorates the app with `limits`. */
export const rateLimitPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  const { config } = ctx;
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  app.decorate('redis', redis);
  const counts = new LimitCounts(redis, `upgrades:${config.site}:limit:`, app.log);
  await app.register(fastifyRateLimit, { global: false, store: counts.storeCtor() });

  const specs: Record<LimitName, LimitSpec> = {
    // Sign-in and register share one count per address.
    authIp: {
      max: config.rateLimitAuthPerMin,
      windowMs: MINUTE,
      message: 'rate_limited_auth',
      hook: 'onRequest',
      key: address,
    },
    loginUser: {
      max: config.rateLimitLoginPerUserPerMin,
      windowMs: MINUTE,
      message: 'rate_limited_login',
      hook: 'preHandler',
      key: loginName,
    },
    // A player's malformed posts count against the address only.
    upgradeSession: {
      max: config.rateLimitUpgradePerMin,
      windowMs: MINUTE,
      message: 'rate_limited_upgrade',
      hook: 'preHandler',
      key: session,
    },
    upgradeIp: {
      max: config.rateLimitUpgradeIpPerMin,
      windowMs: MINUTE,
      message: 'rate_limited_upgrade',
      hook: 'onRequest',
      key: address,
    },
    // Counted by address, signed in or not, so a made-up cookie buys no fresh count.
    pageIp: {
      max: config.rateLimitPageIpPerMin,
      windowMs: MINUTE,
      message: 'rate_limited_page',
      hook: 'onRequest',
      key: address,
    },
    seedPlayer: {
      max: config.rateLimitSeedPerHour,
      windowMs: 60 * MINUTE,
      message: 'rate_limited_seed',
      hook: 'preHandler',
      key: session,
    },
    // The audit and its export: public reads that cost the database.
    publicIp: {
      max: config.rateLimitPublicPerMin,
      windowMs: MINUTE,
      message: 'rate_limited_page',
      hook: 'onRequest',
      key: address,
    },
    // Sells, name toggles and seed or history reads; routes key it by the loaded player.
    playerAction: {
      max: config.rateLimitPlayerPerMin,
      windowMs: MINUTE,
      message: 'rate_limited_player',
      hook: 'preHandler',
      key: session,
    },
  };

  // Buckets are the limit's name, so a limit shared by several routes keeps one count.
  const options = (name: LimitName, key?: (req: FastifyRequest) => string) => {
    const spec = specs[name];
    return {
      max: spec.max,
      timeWindow: spec.windowMs,
      hook: spec.hook,
      bucket: name,
      keyGenerator: key ?? spec.key,
      allowList: (_req: FastifyRequest, k: string) => k === '',
      errorResponseBuilder: () => new AppError(429, spec.message),
    };
  };

  const limits: Limits = {
    rule: (name, key) => (specs[name].max > 0 ? (options(name, key) as RateLimitOptions) : false),
    hook: (name, key) => {
      if (specs[name].max <= 0) return async () => {};
      const check = app.createRateLimit(options(name, key) as Parameters<typeof app.createRateLimit>[0]);
      return async (req, reply) => {
        const result = await check(req);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(429, specs[name].message);
      };
    },
  };
  app.decorate('limits', limits);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limits, for routes' options. */
    limits: Limits;
    /** The Redis connection REDIS_URL names, shared by everything processes must agree on; null without it. */
    redis: Redis | null;
  }
}
