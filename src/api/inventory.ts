/** Inventory actions outside a game. */
import type { SellResponse } from './contract.ts';
import { request } from './client.ts';

/** POST /api/inventory/sell: sells one inventory item; answers the new balance. */
export async function sellItem(id: number): Promise<number> {
  return (await request<SellResponse>('/api/inventory/sell', { method: 'POST', body: { id } })).balance;
}
