/** The page's two calls (spec section 7) and the caseopen token the upgrade consumes. */
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IndexResponse, TokenResponse, UpgradeResponse } from '../../src/api/contract.ts';
import { AppError, type MessageKey } from '../messages.ts';
import { inventoryOfSession } from '../services/catalogue-index.ts';
import { verifyRecaptcha } from '../services/recaptcha.ts';
import { sessionIdOf } from '../services/sessions.ts';
import { issueToken, TOKEN_PURPOSES, verifyToken, type TokenClaim } from '../services/tokens.ts';
import { settleUpgrade } from '../services/upgrade.ts';
import { parseUpgradeRequest, UpgradeBody, type UpgradeRequest } from '../services/upgrade-request.ts';
import { errorResponses, refusal, requireUser, sessionCookie, type AppContext } from './context.ts';

/** The refusals a player's own exclusion or limits give (counted in the metrics). */
const PLAY_SAFE_REFUSALS = new Set<MessageKey>(['self_excluded', 'self_excluded_permanent', 'limit_reached']);

/** Upgrade routes. */
export async function upgradeRoutes(base: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  // Answers bytes serialised once per catalogue version (TargetCatalogue): the provider's reply types are for objects.
  base.post(
    '/api/upgrade/index',
    {
      schema: { response: { 200: IndexResponse, ...errorResponses } },
      config: { rateLimit: app.limits.rule('pageIp') },
    },
    async (req, reply) => {
      const sessionId = sessionIdOf(sessionCookie(req));
      const items = sessionId === null ? null : await inventoryOfSession(ctx.handle.raw, ctx.config, sessionId);
      // The catalogue part is pre-serialised and pre-compressed once per change; a Buffer body skips the serializer.
      const { body, encoding } = await ctx.targets.answer(
        items === null ? 'null' : JSON.stringify(items),
        req.headers['accept-encoding'],
      );
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      // Pass the bytes through as they are: Fastify's own Buffer check (instanceof ArrayBuffer) fails when the
      // app runs inside a jsdom test realm, and would then re-serialise the Buffer against the schema.
      reply.serializer((payload) => payload as string);
      return body;
    },
  );

  // The settlement's first statement checks the session; an earlier refusal looks it up first, so a signed-out
  // request is a 401 whatever else is wrong with it.
  app.post(
    '/api/upgrade/upgrade_items',
    {
      schema: { body: UpgradeBody, response: { 200: UpgradeResponse, ...errorResponses } },
      config: { rateLimit: app.limits.rule('upgradeSession') },
      // Counted before the body is read, so floods of malformed posts count too.
      onRequest: app.limits.hook('upgradeIp'),
    },
    async (req) => {
      const sessionId = sessionIdOf(sessionCookie(req));
      if (sessionId === null) throw new AppError(401, 'not_signed_in');
      const refuse = async (err: unknown): Promise<never> => {
        await requireUser(ctx, req);
        throw err;
      };
      let request: UpgradeRequest;
      try {
        request = parseUpgradeRequest(req.body, ctx.config.houseRules.maxStakeItems);
      } catch (err) {
        return refuse(err);
      }
      let token: TokenClaim | null = null;
      if (ctx.config.recaptchaSecret) {
        await requireUser(ctx, req);
        if (!(await verifyRecaptcha(ctx.config, request.token, 'caseopen', req.ip)))
          throw new AppError(403, 'captcha_failed');
      } else {
        token = verifyToken(ctx.tokenSecret, request.token, sessionId, 'caseopen');
        if (!token) return refuse(new AppError(403, 'token_invalid'));
      }
      const started = performance.now();
      const { answer, next, stakeMinor, payoutMinor } = await settleUpgrade(
        ctx.handle,
        ctx.config,
        { sessionId },
        request,
        token,
      ).catch((err: unknown) => {
        if (err instanceof AppError && PLAY_SAFE_REFUSALS.has(err.key))
          ctx.metrics.playSafeRefused(err.key === 'limit_reached' ? 'limit_reached' : 'self_excluded');
        throw err;
      });
      ctx.metrics.gameSettled(answer.success === 1, stakeMinor, payoutMinor, (performance.now() - started) / 1000);
      // The next game's token rides on this answer (one request per game); bound to that game's seed and nonce,
      // spending it writes nothing (docs/decisions/game-tokens.md).
      if (token)
        answer.next_token = issueToken(
          ctx.tokenSecret,
          sessionId,
          'caseopen',
          ctx.config.tokenTtlSeconds,
          Date.now(),
          next,
        );
      return answer;
    },
  );

  // No database: the settlement checks the token's session itself, so any session cookie gets a token.
  app.get(
    '/api/token',
    {
      schema: {
        querystring: Type.Object({
          purpose: Type.Union(
            TOKEN_PURPOSES.map((p) => Type.Literal(p)),
            refusal('purpose_invalid'),
          ),
        }),
        response: { 200: TokenResponse, ...errorResponses },
      },
      config: { rateLimit: app.limits.rule('pageIp') },
    },
    async (req) => {
      const sessionId = sessionIdOf(sessionCookie(req));
      if (sessionId === null) throw new AppError(401, 'not_signed_in');
      return {
        status: true as const,
        token: issueToken(ctx.tokenSecret, sessionId, req.query.purpose, ctx.config.tokenTtlSeconds),
      };
    },
  );
}
