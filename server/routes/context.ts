/**
 * What every route file receives: configuration, database, the cached target catalogue and the session
 * helpers. Passed as plugin options so route files stay plain Fastify plugins.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from '../../src/api/contract.ts';
import type { Config } from '../config.ts';
import type { Db, DbHandle } from '../db/client.ts';
import { AppError, type Lang } from '../messages.ts';
import type { TargetCatalogue } from '../services/catalogue-index.ts';
import { findSession, SESSION_COOKIE, type SessionUser } from '../services/sessions.ts';

/** Shared dependencies of the routes. */
export interface AppContext {
  config: Config;
  handle: DbHandle;
  db: Db;
  lang: Lang;
  targets: TargetCatalogue;
}

/** The signed-in player of a request, or null. */
export function sessionOf(ctx: AppContext, req: FastifyRequest): Promise<SessionUser | null> {
  return findSession(ctx.db, req.cookies[SESSION_COOKIE]);
}

/** The signed-in player, or a 401. */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<SessionUser> {
  const who = await sessionOf(ctx, req);
  if (!who) throw new AppError(401, 'not_signed_in');
  return who;
}

/** Sets (value) or clears (null) the session cookie; Secure follows the request's scheme unless configured. */
export function setSessionCookie(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, value: string | null): void {
  const secure = ctx.config.cookieSecure === 'auto' ? req.protocol === 'https' : ctx.config.cookieSecure;
  const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  if (value === null) reply.clearCookie(SESSION_COOKIE, base);
  else reply.setCookie(SESSION_COOKIE, value, { ...base, maxAge: ctx.config.sessionTtlDays * 86_400 });
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
