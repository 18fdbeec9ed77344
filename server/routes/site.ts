/** Which variant this server is, and the health check. */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { SiteResponse } from '../../src/api/contract.ts';
import { siteAnswer } from './assets.ts';
import { errorResponses, type AppContext } from './context.ts';

/** Up or down only: whatever a process counts goes to metrics, not to an open health check. */
const Health = Type.Object({ status: Type.Literal(true) });

/** GET /api/site and GET /healthz. */
export async function siteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The same answer the SPA shell carries in its upgrades-site meta tag.
  const body = siteAnswer(ctx);
  app.get('/api/site', { schema: { response: { 200: SiteResponse, ...errorResponses } } }, async () => body);

  // A failing ping throws a connection error, which the error handler turns into 503.
  app.get('/healthz', { schema: { response: { 200: Health, ...errorResponses } } }, async () => {
    await ctx.handle.ping();
    return { status: true as const };
  });
}
