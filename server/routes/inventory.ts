/** Selling an inventory item into the balance. */
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SellResponse } from '../../src/api/contract.ts';
import { toMajor } from '../../src/domain/money.ts';
import { parseSellId, sellItem } from '../services/sell.ts';
import { errorResponses, perPlayer, type AppContext } from './context.ts';

/** Inventory routes. */
export async function inventoryRoutes(base: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const action = perPlayer(app, ctx, 'playerAction');
  app.post(
    '/api/inventory/sell',
    {
      schema: {
        body: Type.Object({ id: Type.Optional(Type.Unknown()) }),
        response: { 200: SellResponse, ...errorResponses },
      },
      ...action.options,
    },
    async (req) => {
      const who = action.player(req);
      const balance = await sellItem(ctx.db, ctx.config, who.userId, parseSellId(req.body.id));
      return { status: true as const, balance: toMajor(balance) };
    },
  );
}
