/**
 * GET /metrics and the request counter. Without METRICS_TOKEN only a loopback client that came through no proxy may
 * scrape: a proxy on the same machine connects from loopback for every client it serves.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../messages.ts';
import { sameSecret } from '../services/crypto.ts';
import { errorResponses, type AppContext } from './context.ts';

const METRICS_PATH = '/metrics';

/** IPv4 127/8, IPv6 ::1, and IPv4-mapped 127/8. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** Headers a proxy adds; a client may add them too, and then it is not a local scraper either. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

/** Whether any hop forwarded the request (trusted or not). */
export function cameThroughProxy(req: FastifyRequest): boolean {
  return PROXY_HEADERS.some((h) => req.headers[h] !== undefined);
}

function checkAccess(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): void {
  const token = ctx.config.metricsToken;
  if (token !== null) {
    const m = /^Bearer +(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!m || !sameSecret(m[1], token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(401, 'metrics_token');
    }
    return;
  }
  if (!isLoopback(req.socket.remoteAddress) || cameThroughProxy(req)) throw new AppError(403, 'metrics_local');
}

/** The request counter; registered before the routes it counts. */
export const metricsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onResponse', async (req, reply) => {
    ctx.metrics.request(req.method, req.routeOptions.url, reply.statusCode);
  });
};
// Like fastify-plugin: the hook counts the routes the parent registers after this plugin.
(metricsPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/** GET /metrics; registered with the other routes, after the app's error handler. */
export async function metricsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(METRICS_PATH, { schema: { response: errorResponses } }, async (req, reply) => {
    checkAccess(ctx, req, reply);
    const text = await ctx.metrics.text();
    return reply.type(ctx.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
