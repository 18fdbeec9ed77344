/** The public fairness audit: its figures, and the revealed games to recompute them (NDJSON). */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AuditResponse } from '../../src/api/auditContract.ts';
import { AUDIT_WINDOWS, type AuditWindow } from '../../src/domain/audit.ts';
import { siteInfo } from '../config.ts';
import { auditFigures, type AuditFigures } from '../services/audit.ts';
import { EXPORT_DEFAULT_LIMIT, EXPORT_MAX_LIMIT, exportNdjson, pageEnd } from '../services/audit-export.ts';
import { errorResponses, refusal, type AppContext } from './context.ts';

const windows = Object.keys(AUDIT_WINDOWS) as AuditWindow[];

/** The export's page: games after a log position, at most `limit` of them. */
const ExportQuery = Type.Object({
  after: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0, ...refusal('audit_after_invalid') }),
  limit: Type.Integer({
    minimum: 1,
    maximum: EXPORT_MAX_LIMIT,
    default: EXPORT_DEFAULT_LIMIT,
    ...refusal('audit_limit_invalid'),
  }),
});

/** GET /api/provably_fair/audit and GET /api/provably_fair/games, public. */
export async function auditRoutes(base: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  // Public and costly: counted per address, signed in or not, so a made-up cookie buys no fresh count.
  const limited = { rateLimit: app.limits.rule('publicIp') };
  // Each window's figures are computed at most once per AUDIT_CACHE_MS, however many ask at once.
  const cached = new Map<AuditWindow, { at: number; figures: Promise<AuditFigures> }>();
  const figuresOf = (window: AuditWindow): Promise<AuditFigures> => {
    const hit = cached.get(window);
    if (hit && Date.now() - hit.at < ctx.config.auditCacheMs) return hit.figures;
    const figures = auditFigures(ctx.handle.raw, ctx.config.site, window);
    const entry = { at: Date.now(), figures };
    cached.set(window, entry);
    // A failure is not kept: the next request asks the database again.
    figures.catch(() => cached.get(window) === entry && cached.delete(window));
    return figures;
  };

  app.get(
    '/api/provably_fair/audit',
    {
      schema: {
        querystring: Type.Object({
          window: Type.Union(
            windows.map((w) => Type.Literal(w)),
            { default: '24h', ...refusal('audit_window_invalid') },
          ),
        }),
        response: { 200: AuditResponse, ...errorResponses },
      },
      config: limited,
    },
    async (req) => {
      return {
        status: true as const,
        currency: siteInfo(ctx.config.site).currency,
        ...(await figuresOf(req.query.window)),
      };
    },
  );

  // A stream of NDJSON, not a JSON answer: typed by the route's generics rather than the provider's reply schemas.
  base.get<{ Querystring: Static<typeof ExportQuery> }>(
    '/api/provably_fair/games',
    {
      schema: {
        querystring: ExportQuery,
        response: errorResponses,
      },
      config: limited,
    },
    async (req, reply) => {
      const { after, limit } = req.query;
      reply.type('application/x-ndjson; charset=utf-8');
      const last = await pageEnd(ctx.handle.raw, ctx.config.site, after, limit);
      if (last === null) return reply.send('');
      // A page shorter than `limit` is the last one.
      reply.header('x-next-after', String(last));
      return reply.send(Readable.from(exportNdjson(ctx.handle.raw, ctx.config.site, after, last)));
    },
  );
}
