/** The public fairness audit: its figures, and the revealed games to recompute them (NDJSON). */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AuditResponse } from '../../src/api/auditContract.ts';
import { isAuditWindow } from '../../src/domain/audit.ts';
import { siteInfo } from '../config.ts';
import { AppError } from '../messages.ts';
import { auditFigures } from '../services/audit.ts';
import { EXPORT_DEFAULT_LIMIT, EXPORT_MAX_LIMIT, exportGames, toNdjson } from '../services/audit-export.ts';
import { errorResponses, type AppContext } from './context.ts';

/** A whole number written in decimal within [min, max], or null. */
function wholeNumber(raw: string, min: number, max: number): number | null {
  if (!/^\d{1,16}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/** GET /api/provably_fair/audit and GET /api/provably_fair/games, public. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/provably_fair/audit',
    {
      schema: {
        querystring: Type.Object({ window: Type.Optional(Type.String()) }),
        response: { 200: AuditResponse, ...errorResponses },
      },
    },
    async (req) => {
      const window = (req.query as { window?: string }).window ?? '24h';
      if (!isAuditWindow(window)) throw new AppError(400, 'audit_window_invalid');
      const figures = await auditFigures(ctx.handle.raw, ctx.config.site, window);
      return { status: true, currency: siteInfo(ctx.config.site).currency, ...figures };
    },
  );

  app.get(
    '/api/provably_fair/games',
    {
      schema: {
        querystring: Type.Object({ after: Type.Optional(Type.String()), limit: Type.Optional(Type.String()) }),
        response: errorResponses,
      },
    },
    async (req, reply) => {
      const q = req.query as { after?: string; limit?: string };
      const after = wholeNumber(q.after ?? '0', 0, Number.MAX_SAFE_INTEGER);
      if (after === null) throw new AppError(400, 'audit_after_invalid');
      const limit = wholeNumber(q.limit ?? String(EXPORT_DEFAULT_LIMIT), 1, EXPORT_MAX_LIMIT);
      if (limit === null) throw new AppError(400, 'audit_limit_invalid');
      const games = await exportGames(ctx.handle.raw, ctx.config.site, after, limit);
      // A page shorter than `limit` is the last one.
      if (games.length > 0) reply.header('x-next-after', String(games[games.length - 1].id));
      return reply.type('application/x-ndjson; charset=utf-8').send(toNdjson(games));
    },
  );
}
