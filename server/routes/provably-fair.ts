/** Seed controls, public roll lookup and the player's history (docs/provably-fair.md). */
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { HistoryResponse, RollResponse, RotateResponse, SeedStateResponse } from '../../src/api/contract.ts';
import { isValidClientSeed } from '../../src/domain/roll.ts';
import { withTransaction } from '../db/transaction.ts';
import { AppError } from '../messages.ts';
import { historyOf, rollById } from '../services/fair.ts';
import { rotateSeeds, seedState } from '../services/seeds.ts';
import { errorResponses, perPlayer, refusal, type AppContext } from './context.ts';

/** Provably fair routes under /api/provably_fair. */
export async function provablyFairRoutes(base: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const seedChange = perPlayer(app, ctx, 'seedPlayer');
  const reading = perPlayer(app, ctx, 'playerAction');

  app.get(
    '/api/provably_fair/state',
    { schema: { response: { 200: SeedStateResponse, ...errorResponses } }, ...reading.options },
    async (req) => {
      const who = reading.player(req);
      return { status: true as const, ...(await withTransaction(ctx.db, (tx) => seedState(tx, who.userId))) };
    },
  );

  app.post(
    '/api/provably_fair/client_seed',
    {
      schema: {
        body: Type.Object({ client_seed: Type.Optional(Type.Unknown()) }),
        response: { 200: RotateResponse, ...errorResponses },
      },
      ...seedChange.options,
    },
    async (req) => {
      const who = seedChange.player(req);
      const raw = req.body.client_seed;
      // One spelling per seed: the verifier recomputes from the stored (NFC) text.
      const seed = typeof raw === 'string' ? raw.normalize('NFC') : null;
      if (seed === null || !isValidClientSeed(seed)) throw new AppError(400, 'client_seed_invalid');
      return { status: true as const, ...(await withTransaction(ctx.db, (tx) => rotateSeeds(tx, who.userId, seed))) };
    },
  );

  app.post(
    '/api/provably_fair/rotate',
    { schema: { response: { 200: RotateResponse, ...errorResponses } }, ...seedChange.options },
    async (req) => {
      const who = seedChange.player(req);
      return { status: true as const, ...(await withTransaction(ctx.db, (tx) => rotateSeeds(tx, who.userId))) };
    },
  );

  app.get(
    '/api/provably_fair/roll/:roll_id',
    { schema: { params: Type.Object({ roll_id: Type.String() }), response: { 200: RollResponse, ...errorResponses } } },
    async (req) => rollById(ctx.db, req.params.roll_id),
  );

  app.get(
    '/api/provably_fair/history',
    {
      schema: {
        querystring: Type.Object({
          page: Type.Integer({ minimum: 0, maximum: 999_999, default: 0, ...refusal('page_invalid') }),
        }),
        response: { 200: HistoryResponse, ...errorResponses },
      },
      ...reading.options,
    },
    async (req) => {
      const who = reading.player(req);
      return historyOf(ctx.db, who.userId, req.query.page);
    },
  );
}
