/**
 * The page's game call against the real server app: the caseopen token the last answer brought plays the next
 * game (one request instead of two), a refused kept token is replaced once, and failures and sign-outs forget it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chanceThousandths, thousandthsToPercent } from '../../../src/domain/chance.ts';
import { toMinor } from '../../../src/domain/money.ts';
import { ApiError } from '../../../src/api/client.ts';
import { logout } from '../../../src/api/auth.ts';
import { KEPT_TOKEN_MAX_AGE_MS, keepToken, takeKeptToken } from '../../../src/api/token.ts';
import { fetchIndex, playUpgrade } from '../../../src/api/upgrade.ts';
import type { ItemDto } from '../../../src/api/contract.ts';
import { startPageServer, type PageServer } from '../page/pageServer.ts';
import { fullPlayer } from '../page/players.ts';

let server: PageServer;
let paths: string[] = [];
let stake: ItemDto[];
let target: ItemDto;

beforeAll(async () => {
  server = await startPageServer('cs');
  const inject = server.app.inject.bind(server.app);
  // Every request the page's client sends, by path.
  vi.spyOn(server.app, 'inject').mockImplementation(((opts: { url: string }) => {
    paths.push(opts.url.split('?')[0]);
    return inject(opts as never);
  }) as never);
}, 60_000);
afterAll(() => server.close());

beforeEach(async () => {
  server.resetNetwork();
  keepToken(undefined);
  const player = await fullPlayer(server);
  server.jar.set('sid', player.sid);
  const index = await fetchIndex();
  // The starter pack is random: the three cheapest usable items, and a target dearer than any of them.
  stake = index
    .inventory!.filter((i) => i.type_prize !== 13)
    .sort((a, b) => a.price - b.price)
    .slice(0, 3);
  expect(stake).toHaveLength(3);
  target = index.uitems.filter((i) => i.price > stake[2].price * 2).sort((a, b) => a.price - b.price)[0];
  expect(target, `no target over twice ${stake[2].price}`).toBeDefined();
  paths = [];
});

/** One game staking the player's n-th usable item against the target. */
function game(n: number) {
  const chance = chanceThousandths(toMinor(stake[n].price), toMinor(target.price));
  return playUpgrade({
    inventoryItems: [stake[n].id],
    balanceStake: 0,
    uniqItem: target.id,
    frontChance: thousandthsToPercent(chance),
    rollUnder: true,
    selectedMultiplier: 1.2,
  });
}

describe('playUpgrade', () => {
  it("plays the first game with a fetched token and the next ones with the last answer's token", async () => {
    const first = await game(0);
    expect(first.next_token).toEqual(expect.any(String));
    expect(paths).toEqual(['/api/token', '/api/upgrade/upgrade_items']);
    paths = [];
    await game(1);
    await game(2);
    expect(paths).toEqual(['/api/upgrade/upgrade_items', '/api/upgrade/upgrade_items']);
  });

  it('replaces a kept token the server refuses, once, and plays the game', async () => {
    keepToken('AAAAAAAAAAAAAAAAAAAAAA.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const res = await game(0);
    expect(res.status).toBe(true);
    expect(paths).toEqual(['/api/upgrade/upgrade_items', '/api/token', '/api/upgrade/upgrade_items']);
  });

  it('does not retry a refusal that is not about the token', async () => {
    await game(0);
    paths = [];
    // The same item again: spent, so 409 item_unavailable with the kept token; no second try.
    await expect(game(0)).rejects.toMatchObject({ status: 409, fromServer: true });
    expect(paths).toEqual(['/api/upgrade/upgrade_items']);
  });

  it('forgets the kept token after a failed call and after signing out', async () => {
    await game(0);
    server.failNext('/api/upgrade/upgrade_items');
    await expect(game(1)).rejects.toBeInstanceOf(ApiError);
    paths = [];
    await game(1);
    expect(paths).toEqual(['/api/token', '/api/upgrade/upgrade_items']);
    keepToken('kept-before-sign-out');
    await logout();
    expect(takeKeptToken()).toBeNull();
  });

  it('hands a kept token out once, and not once it is older than the limit', () => {
    keepToken('t1', 1_000);
    expect(takeKeptToken(1_000 + KEPT_TOKEN_MAX_AGE_MS - 1)).toBe('t1');
    expect(takeKeptToken(1_000)).toBeNull();
    keepToken('t2', 1_000);
    expect(takeKeptToken(1_000 + KEPT_TOKEN_MAX_AGE_MS)).toBeNull();
  });
});
