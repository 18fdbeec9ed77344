/** The page's two calls (spec section 7) and the caseopen token the upgrade consumes. */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { IndexResponse, TokenResponse, UpgradeResponse } from '../../src/api/contract.ts';
import { AppError } from '../messages.ts';
import { inventoryOf } from '../services/catalogue-index.ts';
import { verifyRecaptcha } from '../services/recaptcha.ts';
import { issueToken, TOKEN_PURPOSES } from '../services/tokens.ts';
import { settleUpgrade } from '../services/upgrade.ts';
import { parseUpgradeRequest } from '../services/upgrade-request.ts';
import { errorResponses, requireUser, sessionOf, type AppContext } from './context.ts';

const field = Type.Optional(Type.Unknown());
/** Documented fields; the values are checked by parseUpgradeRequest for precise messages. */
const UpgradeBody = Type.Object({
  'inventory_items[]': field,
  inventory_items: field,
  uniq_item: field,
  upgrade_front_chance: field,
  roll_under: field,
  selected_multiplier: field,
  token: field,
});

/** Upgrade routes. */
export async function upgradeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/upgrade/index', { schema: { response: { 200: IndexResponse, ...errorResponses } } }, async (req, reply) => {
    const who = await sessionOf(ctx, req);
    const inventory = who ? JSON.stringify(await inventoryOf(ctx.db, ctx.config, who.userId)) : 'null';
    // The catalogue part is pre-serialised and pre-compressed once per change; a Buffer body skips the serializer.
    const { body, encoding } = await ctx.targets.answer(inventory, req.headers['accept-encoding']);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    // Pass the bytes through as they are: Fastify's own Buffer check (instanceof ArrayBuffer) fails when the
    // app runs inside a jsdom test realm, and would then re-serialise the Buffer against the schema.
    reply.serializer((payload) => payload as string);
    return body;
  });

  app.post('/api/upgrade/upgrade_items', { schema: { body: UpgradeBody, response: { 200: UpgradeResponse, ...errorResponses } } }, async (req) => {
    const who = await requireUser(ctx, req);
    const request = parseUpgradeRequest(req.body);
    let tokenChecked = false;
    if (ctx.config.recaptchaSecret) {
      if (!(await verifyRecaptcha(ctx.config, request.token, 'caseopen', req.ip))) throw new AppError(403, 'captcha_failed');
      tokenChecked = true;
    }
    return settleUpgrade(ctx.db, ctx.config, who, request, tokenChecked);
  });

  app.get(
    '/api/token',
    { schema: { querystring: Type.Object({ purpose: Type.Optional(Type.String()) }), response: { 200: TokenResponse, ...errorResponses } } },
    async (req) => {
      const { purpose } = req.query as { purpose?: string };
      if (!(TOKEN_PURPOSES as readonly string[]).includes(purpose ?? '')) throw new AppError(400, 'purpose_invalid');
      const who = await requireUser(ctx, req);
      return { status: true, token: await issueToken(ctx.db, who.sessionId, 'caseopen', ctx.config.tokenTtlSeconds) };
    },
  );
}
