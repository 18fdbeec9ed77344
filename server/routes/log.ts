/** The public log (C2SP tlog-tiles, tlog-checkpoint, tlog-cosignature) under /api/provably_fair/log. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { parseTilePath, TILE_WIDTH, toBase64 } from '../../src/domain/tlog/index.ts';
import { AppError } from '../messages.ts';
import {
  acceptCosignature,
  consistency,
  entriesTile,
  entryLines,
  findGame,
  hashTile,
  inclusion,
  servedCheckpoint,
} from '../services/log-read.ts';
import { errorResponses, type AppContext } from './context.ts';

const BASE = '/api/provably_fair/log';
/** Most entries one entries request returns. */
export const LOG_ENTRIES_MAX = 1000;

/** A decimal whole number (no sign, no leading zeros), as the query strings carry them. */
const Whole = Type.String({ pattern: '^(0|[1-9][0-9]{0,15})$' });

const Hashes = Type.Object({ hashes: Type.Array(Type.String()) });
const hashes = (proof: Uint8Array[]) => ({ hashes: proof.map(toBase64) });

/** Full tiles never change; partial ones grow with the log. */
function cacheTile(reply: FastifyReply, full: boolean): FastifyReply {
  return reply
    .header('cache-control', full ? 'public, max-age=31536000, immutable' : 'public, max-age=1')
    .type('application/octet-stream');
}

export async function logRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const q = ctx.handle.raw;
  const site = ctx.config.site;

  app.get(`${BASE}/checkpoint`, async (_req, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send(await servedCheckpoint(q, site)),
  );

  app.get(`${BASE}/key`, async (_req, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .type('text/plain; charset=utf-8')
      .send(`${ctx.logKeys.vkey}\n`),
  );

  app.get(
    `${BASE}/proof`,
    {
      schema: { querystring: Type.Object({ index: Whole, size: Whole }), response: { 200: Hashes, ...errorResponses } },
    },
    async (req) => hashes(await inclusion(q, site, Number(req.query.index), Number(req.query.size))),
  );

  app.get(
    `${BASE}/consistency`,
    { schema: { querystring: Type.Object({ from: Whole, to: Whole }), response: { 200: Hashes, ...errorResponses } } },
    async (req) => hashes(await consistency(q, site, Number(req.query.from), Number(req.query.to))),
  );

  app.get(
    `${BASE}/entries`,
    {
      schema: {
        querystring: Type.Object({ start: Whole, limit: Type.Optional(Whole) }),
      },
    },
    async (req, reply) => {
      const limit = Number(req.query.limit ?? LOG_ENTRIES_MAX);
      if (limit < 1 || limit > LOG_ENTRIES_MAX) throw new AppError(400, 'log_entries_invalid');
      const lines = await entryLines(q, site, Number(req.query.start), limit);
      return reply.type('application/x-ndjson; charset=utf-8').send(lines.map((l) => `${l}\n`).join(''));
    },
  );

  app.get(
    `${BASE}/find`,
    {
      schema: {
        querystring: Type.Object({ roll_id: Type.String({ pattern: '^[0-9a-f]{1,64}$' }) }),
        response: { 200: Type.Object({ index: Type.Integer() }), ...errorResponses },
      },
    },
    async (req) => ({ index: await findGame(q, site, req.query.roll_id) }),
  );

  app.get(`${BASE}/tile/*`, { schema: { params: Type.Object({ '*': Type.String() }) } }, async (req, reply) => {
    const parsed = parseTilePath(`tile/${req.params['*']}`);
    if (!parsed) throw new AppError(404, 'log_tile_invalid');
    const { tile, entries } = parsed;
    const data = entries ? await entriesTile(q, site, tile) : await hashTile(q, site, tile);
    return cacheTile(reply, tile.width === TILE_WIDTH).send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });

  app.post(
    `${BASE}/cosign`,
    {
      schema: {
        // A checkpoint note with signature lines (text/plain), or `{ "cosignature": line }`.
        body: Type.Union([
          Type.String({ maxLength: 16_384 }),
          Type.Object({ cosignature: Type.String({ maxLength: 1024 }) }),
        ]),
        response: { 200: Type.Object({ status: Type.Literal(true) }), ...errorResponses },
      },
    },
    async (req) => {
      const body = req.body;
      await acceptCosignature(
        q,
        site,
        ctx.logKeys,
        typeof body === 'string' ? { note: body } : { line: body.cosignature },
      );
      return { status: true as const };
    },
  );
}
