/** The live feed (GET /api/live, Server-Sent Events) and the player's setting that hides their name in it. */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { HideNameResponse } from '../../src/api/contract.ts';
import { AppError } from '../messages.ts';
import { LiveHub, takesGzip } from '../services/live-hub.ts';
import { parseHide, setHideName } from '../services/live-profile.ts';
import { errorResponses, requireUser, sessionOf, type AppContext } from './context.ts';

/** The id a reconnecting EventSource sends, or `?last_id=` from a client that cannot set headers. */
function lastEventId(header: unknown, query: unknown): number | null {
  const raw = typeof header === 'string' && header !== '' ? header : typeof query === 'string' ? query : '';
  return /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/** Live routes; the process's feed starts with them and closes its streams with the app. */
export async function liveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = new LiveHub(ctx.handle, ctx.config, ctx.lang, app.log);
  await hub.start();
  // preClose: open streams would hold the server's close until every browser hangs up.
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/api/live',
    {
      // A HEAD would hold a stream open with nothing ever sent.
      exposeHeadRoute: false,
      schema: {
        querystring: Type.Object({ last_id: Type.Optional(Type.String()) }),
        response: errorResponses,
      },
    },
    async (req, reply) => {
      if (!hub.admits(req.ip)) throw new AppError(429, 'live_too_many');
      const who = await sessionOf(ctx, req);
      // Again after the await: another stream from the address may have opened meanwhile.
      if (!hub.admits(req.ip)) throw new AppError(429, 'live_too_many');
      reply.hijack();
      hub.open(reply.raw, {
        ip: req.ip,
        gzip: takesGzip(req.headers['accept-encoding']),
        userId: who?.userId ?? null,
        lastId: lastEventId(req.headers['last-event-id'], (req.query as { last_id?: string }).last_id),
      });
    },
  );

  app.post(
    '/api/profile/hide_name',
    {
      schema: {
        body: Type.Object({ hide: Type.Optional(Type.Unknown()) }),
        response: { 200: HideNameResponse, ...errorResponses },
      },
    },
    async (req) => {
      const who = await requireUser(ctx, req);
      return { status: true, hide_name: await setHideName(ctx.db, who.userId, parseHide(req.body)) };
    },
  );
}
