/** The public fairness audit: its figures, and the revealed games to recompute them (NDJSON). */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AuditResponse } from '../../src/api/auditContract.ts';
import { isAuditWindow, type AuditWindow } from '../../src/domain/audit.ts';
import { siteInfo } from '../config.ts';
import { AppError } from '../messages.ts';
import { auditFigures, type AuditFigures } from '../services/audit.ts';
import { EXPORT_DEFAULT_LIMIT, EXPORT_MAX_LIMIT, exportNdjson, pageEnd } from '../services/audit-export.ts';
import { errorResponses, type AppContext } from './context.ts';

/** A whole number written in decimal within [min, max], or null. */
function wholeNumber(raw: string, min: number, max: number): number | null {
  if (!/^\d{1,16}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/** GET /api/provably_fair/audit and GET /api/provably_fair/games, public. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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
        querystring: Type.Object({ window: Type.Optional(Type.String()) }),
        response: { 200: AuditResponse, ...errorResponses },
      },
      config: limited,
    },
    async (req) => {
      const window = (req.query as { window?: string }).window ?? '24h';
      if (!isAuditWindow(window)) throw new AppError(400, 'audit_window_invalid');
      return { status: true, currency: siteInfo(ctx.config.site).currency, ...(await figuresOf(window)) };
    },
  );

  app.get(
    '/api/provably_fair/games',
    {
      schema: {
        querystring: Type.Object({ after: Type.Optional(Type.String()), limit: Type.Optional(Type.String()) }),
        response: errorResponses,
      },
      config: limited,
    },
    async (req, reply) => {
      const q = req.query as { after?: string; limit?: string };
      const after = wholeNumber(q.after ?? '0', 0, Number.MAX_SAFE_INTEGER);
      if (after === null) throw new AppError(400, 'audit_after_invalid');
      const limit = wholeNumber(q.limit ?? String(EXPORT_DEFAULT_LIMIT), 1, EXPORT_MAX_LIMIT);
      if (limit === null) throw new AppError(400, 'audit_limit_invalid');
      reply.type('application/x-ndjson; charset=utf-8');
      const last = await pageEnd(ctx.handle.raw, ctx.config.site, after, limit);
      if (last === null) return reply.send('');
      // A page shorter than `limit` is the last one.
      reply.header('x-next-after', String(last));
      return reply.send(Readable.from(exportNdjson(ctx.handle.raw, ctx.config.site, after, last)));
    },
  );
}
