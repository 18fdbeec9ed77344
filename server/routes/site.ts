/** Which variant this server is, and the health check. */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { SiteResponse } from '../../src/api/contract.ts';
import { siteInfo } from '../config.ts';
import { errorResponses, type AppContext } from './context.ts';

const Health = Type.Object({ status: Type.Literal(true), db: Type.Literal('ok') });

/** GET /api/site and GET /healthz. */
export async function siteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const info = siteInfo(ctx.config.site);
  const body = {
    status: true,
    site: ctx.config.site,
    game: info.game,
    lang: info.lang,
    currency: info.currency,
    chance_decimals: info.chanceDecimals,
    main_site_url: ctx.config.mainSiteUrl,
    recaptcha_site_key: ctx.config.recaptchaSecret ? ctx.config.recaptchaSiteKey : null,
  };
  app.get('/api/site', { schema: { response: { 200: SiteResponse, ...errorResponses } } }, async () => body);

  // A failing ping throws a connection error, which the error handler turns into 503.
  app.get('/healthz', { schema: { response: { 200: Health, ...errorResponses } } }, async () => {
    await ctx.handle.ping();
    return { status: true, db: 'ok' };
  });
}
