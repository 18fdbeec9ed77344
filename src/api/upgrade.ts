/** The upgrades endpoints: the page's data and one game. */
import type { IndexResponse, UpgradeResponse } from './contract.ts';
import { toMajor } from '../domain/money.ts';
import { ApiError, formBody, request } from './client.ts';
import { fetchToken, keepToken, takeKeptToken } from './token.ts';

/** POST /api/upgrade/index: the player's inventory (null when signed out) and the target catalogue. */
export function fetchIndex(): Promise<IndexResponse> {
  return request<IndexResponse>('/api/upgrade/index', { method: 'POST' });
}

/** What one game sends (spec section 3, upgrade request). */
export interface UpgradeRequest {
  inventoryItems: readonly number[];
  /** Balance staked beside the items, minor units (0: none). */
  balanceStake: number;
  uniqItem: number;
  /** The chance exactly as the page shows it (percent, rounded down). */
  frontChance: number;
  rollUnder: boolean;
  selectedMultiplier: number;
  token: string;
}

/** POST /api/upgrade/upgrade_items: plays one game; rejects with the server's msg on a refusal. */
export function upgradeItems(req: UpgradeRequest): Promise<UpgradeResponse> {
  return request<UpgradeResponse>('/api/upgrade/upgrade_items', {
    method: 'POST',
    body: formBody({
      'inventory_items[]': req.inventoryItems,
      // Major units with two decimals, as the API takes amounts; left out when nothing is staked from the balance.
      balance_stake: req.balanceStake > 0 ? toMajor(req.balanceStake).toFixed(2) : undefined,
      uniq_item: req.uniqItem,
      upgrade_front_chance: req.frontChance,
      roll_under: req.rollUnder ? 1 : 0,
      selected_multiplier: req.selectedMultiplier,
      token: req.token,
    }),
  });
}

/**
 * One game with its caseopen token: the one the last game's answer brought, if fresh, else a fetched one; the
 * answer's token is kept for the next game. A kept token the server refuses (403: expired, spent, or a game token
 * gone stale after another tab's game or a seed rotation; the refusal changes nothing on the server) is replaced
 * by a fetched one and the game sent once more; any other failure forgets it.
 */
export async function playUpgrade(req: Omit<UpgradeRequest, 'token'>): Promise<UpgradeResponse> {
  const kept = takeKeptToken();
  let res: UpgradeResponse;
  try {
    res = await upgradeItems({ ...req, token: kept ?? (await fetchToken('caseopen')) });
  } catch (err) {
    if (!(kept && err instanceof ApiError && err.status === 403 && err.fromServer)) throw err;
    res = await upgradeItems({ ...req, token: await fetchToken('caseopen') });
  }
  keepToken(res.next_token);
  return res;
}
