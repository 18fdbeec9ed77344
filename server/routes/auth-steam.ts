/** Sign in through Steam: GET /api/auth/steam starts the OpenID flow, GET /api/auth/steam/return finishes it. */
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deleteSession, createSession } from '../services/sessions.ts';
import { randomToken } from '../services/crypto.ts';
import { claimNonce, fetchProfile, steamAccount } from '../services/steam-accounts.ts';
import { checkAssertion, loginUrl, STEAM_RETURN_PATH, verifyWithProvider } from '../services/steam-openid.ts';
import {
  cookieValue,
  errorResponses,
  sessionCookie,
  setServerCookie,
  setSessionCookie,
  type AppContext,
} from './context.ts';

const STATE_COOKIE = 'steam_state';
/** Time a player has on Steam's page before the flow's state expires. */
const STATE_TTL_SECONDS = 600;

/**
 * Sets (value) or clears (null) the flow's state cookie, sent back only to the Steam routes. SameSite=Lax suits it:
 * the return from Steam is a top-level GET navigation, which carries Lax cookies.
 */
function setStateCookie(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, value: string | null): void {
  const cookie = { name: STATE_COOKIE, path: '/api/auth/steam', maxAgeSeconds: STATE_TTL_SECONDS };
  setServerCookie(ctx, req, reply, cookie, value);
}

/** Steam sign-in routes. */
export async function steamAuthRoutes(base: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  // Sign-in's per-address limit, one count with it: a return costs a nonce row and a call to Steam's server.
  const limited = { schema: { response: errorResponses }, config: { rateLimit: app.limits.rule('authIp') } };

  app.get('/api/auth/steam', limited, async (req, reply) => {
    const state = randomToken(24);
    setStateCookie(ctx, req, reply, state);
    return reply.redirect(loginUrl(ctx.config, state), 302);
  });

  // The OpenID assertion is an open set of openid.* fields: checkAssertion reads and checks each one it needs.
  const assertionQuery = Type.Record(Type.String(), Type.Unknown());
  app.get(
    STEAM_RETURN_PATH,
    { ...limited, schema: { ...limited.schema, querystring: assertionQuery } },
    async (req, reply) => {
      const state = cookieValue(req.headers.cookie, STATE_COOKIE);
      // The state is good for one answer, accepted or not.
      setStateCookie(ctx, req, reply, null);
      const assertion = checkAssertion(ctx.config, req.query, state);
      await claimNonce(ctx.db, assertion.nonce, assertion.nonceTime);
      await verifyWithProvider(ctx.config, assertion);
      const userId = await steamAccount(
        ctx.db,
        ctx.config,
        assertion.steamId,
        await fetchProfile(ctx.config, assertion.steamId),
      );
      // A new session id on every sign-in: a session id planted before it signs nobody in.
      await deleteSession(ctx.db, sessionCookie(req));
      setSessionCookie(ctx, req, reply, await createSession(ctx.db, userId, ctx.config.sessionTtlDays));
      return reply.redirect('/upgrades/', 302);
    },
  );
}
