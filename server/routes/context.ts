/**
 * What every route file receives: configuration, database, the cached target catalogue and the session
 * helpers. Passed as plugin options so route files stay plain Fastify plugins.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from '../../src/api/contract.ts';
import type { Config } from '../config.ts';
import type { Db, DbHandle } from '../db/client.ts';
import { AppError, type Lang, type MessageKey } from '../messages.ts';
import type { TargetCatalogue } from '../services/catalogue-index.ts';
import { findSession, SESSION_COOKIE, type SessionUser } from '../services/sessions.ts';
import type { LogKeys } from '../services/log-key.ts';
import type { Metrics } from '../services/metrics.ts';
import type { LimitName } from '../plugins/rate-limit.ts';

/** Shared dependencies of the routes. */
export interface AppContext {
  config: Config;
  handle: DbHandle;
  db: Db;
  lang: Lang;
  targets: TargetCatalogue;
  /** HMAC key of the caseopen tokens, shared by every process on the database (services/tokens.ts). */
  tokenSecret: Buffer;
  /** This process's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** The public log's origin, signing key and witnesses (services/log-key.ts). */
  logKeys: LogKeys;
}

/**
 * One cookie's value from a Cookie header (RFC 6265: `name=value` pairs split by `;`; the first one wins, quotes
 * dropped, %-escapes decoded). The app reads only its session cookie, so it parses nothing else.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return undefined;
}

/** The request's session cookie value, if any. */
export function sessionCookie(req: FastifyRequest): string | undefined {
  return cookieValue(req.headers.cookie, SESSION_COOKIE);
}

/** The signed-in player of a request, or null. */
export function sessionOf(ctx: AppContext, req: FastifyRequest): Promise<SessionUser | null> {
  return findSession(ctx.handle.raw, sessionCookie(req));
}

/** The signed-in player, or a 401. */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<SessionUser> {
  const who = await sessionOf(ctx, req);
  if (!who) throw new AppError(401, 'not_signed_in');
  return who;
}

/**
 * Route options for a signed-in player's action counted against `limit` per player: the player is loaded
 * before the count, so a new session brings no fresh count. `player(req)` is the loaded player in the handler.
 */
export function perPlayer(app: FastifyInstance, ctx: AppContext, limit: LimitName) {
  const players = new WeakMap<FastifyRequest, SessionUser>();
  return {
    options: {
      preHandler: async (req: FastifyRequest) => {
        players.set(req, await requireUser(ctx, req));
      },
      config: { rateLimit: app.limits.rule(limit, (req) => String(players.get(req)?.userId ?? '')) },
    },
    player: (req: FastifyRequest): SessionUser => players.get(req)!,
  };
}

/**
 * Sets (value) or clears (null) an HttpOnly, SameSite=Lax cookie of the server's; Secure follows the request's
 * scheme unless configured. Values are base64url, so nothing needs escaping.
 */
export function setServerCookie(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  cookie: { name: string; path: string; maxAgeSeconds: number },
  value: string | null,
): void {
  const secure = ctx.config.cookieSecure === 'auto' ? req.protocol === 'https' : ctx.config.cookieSecure;
  // Clearing sends an empty value that expired long ago.
  const life = value === null ? 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT' : `Max-Age=${cookie.maxAgeSeconds}`;
  reply.header(
    'set-cookie',
    `${cookie.name}=${value ?? ''}; ${life}; Path=${cookie.path}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

/** Sets (value) or clears (null) the session cookie. */
export function setSessionCookie(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  value: string | null,
): void {
  const cookie = { name: SESSION_COOKIE, path: '/', maxAgeSeconds: ctx.config.sessionTtlDays * 86_400 };
  setServerCookie(ctx, req, reply, cookie, value);
}

/**
 * Marks a field's schema with the refusal a client gets when the field fails it (server/app.ts maps Fastify's
 * validation error to it); a field without one gets `bad_request`.
 */
export function refusal(key: MessageKey): { msg: MessageKey } {
  return { msg: key };
}

/** The error answers every API route lists in its schema. */
export const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
  503: ErrorResponse,
} as const;
