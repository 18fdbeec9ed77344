/** Plays a game through the HTTP API alone, as a player's own script would (the page is not involved). */
import { expect, type APIRequestContext } from '@playwright/test';
import type { IndexResponse, UpgradeResponse } from '../../src/api/contract.ts';
import { chancePercent, chanceThousandths } from '../../src/domain/chance.ts';
import { toMinor } from '../../src/domain/money.ts';

/** Registers through the API; the request context keeps the session cookie. */
export async function registerApi(request: APIRequestContext, base: string, username: string): Promise<void> {
  const res = await request.post(`${base}/api/auth/register`, {
    form: { username, password: 'e2e-pass-1', age_confirmed: '1' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Stakes the cheapest usable item against the cheapest target worth at least twice as much. */
export async function playApiGame(request: APIRequestContext, base: string): Promise<UpgradeResponse> {
  const index = (await (await request.post(`${base}/api/upgrade/index`)).json()) as IndexResponse;
  const stake = [...(index.inventory ?? [])].filter((i) => i.type_prize !== 13).sort((a, b) => a.price - b.price)[0];
  const target = index.uitems
    .filter((i) => toMinor(i.price) >= 2 * toMinor(stake.price))
    .sort((a, b) => a.price - b.price)[0];
  const chance = chancePercent(chanceThousandths(toMinor(stake.price), toMinor(target.price)), 3);
  const { token } = (await (await request.get(`${base}/api/token?purpose=caseopen`)).json()) as { token: string };
  const res = await request.post(`${base}/api/upgrade/upgrade_items`, {
    form: {
      'inventory_items[]': String(stake.id),
      uniq_item: String(target.id),
      upgrade_front_chance: String(chance),
      roll_under: '1',
      selected_multiplier: '2',
      token,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as UpgradeResponse;
}
