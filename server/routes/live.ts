/** The live feed (GET /api/live, Server-Sent Events) and the player's setting that hides their name in it. */
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Gauge } from 'prom-client';
import { HideNameResponse } from '../../src/api/contract.ts';
import { AppError } from '../messages.ts';
import { LIVE_RETRY_AFTER_S, LiveAdmission } from '../services/live-admission.ts';
import { LiveHub, takesGzip } from '../services/live-hub.ts';
import { parseHide, setHideName } from '../services/live-profile.ts';
import { errorResponses, perPlayer, sessionOf, type AppContext } from './context.ts';

/** The id a reconnecting EventSource sends, or `?last_id=` from a client that cannot set headers. */
function lastEventId(header: unknown, query: unknown): number | null {
  const raw = typeof header === 'string' && header !== '' ? header : typeof query === 'string' ? query : '';
  return /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/** Live routes; the process's feed starts with them and closes its streams with the app. */
export async function liveRoutes(base: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const hub = new LiveHub(ctx.handle, ctx.config, ctx.lang, app.log);
  await hub.start();
  const admission = new LiveAdmission(app.redis, ctx.config, app.log);
  app.addHook('onClose', async () => admission.close());
  const registers = [ctx.metrics.registry];
  new Gauge({
    name: 'upgrades_live_streams',
    help: 'Live feed streams open in this process (LIVE_MAX_STREAMS caps it).',
    registers,
    collect() {
      this.set(hub.size);
    },
  });
  new Gauge({
    name: 'upgrades_live_unsent_bytes',
    help: "Bytes written to this process's live streams that their readers have not taken yet.",
    registers,
    collect() {
      this.set(hub.unsentBytes);
    },
  });
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
      const ticket = await admission.admit(req.ip);
      if (ticket === 'busy') {
        reply.header('retry-after', String(LIVE_RETRY_AFTER_S));
        throw new AppError(503, 'live_busy');
      }
      if (ticket === 'too_many') throw new AppError(429, 'live_too_many');
      let who;
      try {
        who = await sessionOf(ctx, req);
      } catch (err) {
        ticket.release();
        throw err;
      }
      reply.hijack();
      hub.open(reply.raw, {
        gzip: takesGzip(req.headers['accept-encoding']),
        userId: who?.userId ?? null,
        lastId: lastEventId(req.headers['last-event-id'], req.query.last_id),
        closed: ticket.release,
      });
    },
  );

  const hideName = perPlayer(app, ctx, 'playerAction');
  app.post(
    '/api/profile/hide_name',
    {
      schema: {
        body: Type.Object({ hide: Type.Optional(Type.Unknown()) }),
        response: { 200: HideNameResponse, ...errorResponses },
      },
      ...hideName.options,
    },
    async (req) => {
      const who = hideName.player(req);
      return { status: true as const, hide_name: await setHideName(ctx.db, who.userId, parseHide(req.body.hide)) };
    },
  );
}
