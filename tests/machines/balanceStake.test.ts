/** The balance part of the stake as the page keeps it: the field, the quick buttons, the numbers, the request. */
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import { MAX_AMOUNT_MAJOR, parseAmount, toMinor } from '../../src/domain/money.ts';
import type { PlayInput } from '../../src/machines/game.ts';
import { playBlocker, playDecision, shownMultiplier, summaryView } from '../../src/machines/game.ts';
import { csSite, games, inventory, loads, TARGET_ID, TOP_ID, uitems, user } from './fixtures.ts';
import { Harness } from './harness.ts';

let page: Harness;
afterEach(() => page?.stop());

/** A signed-in page with the fixtures' items and a balance of 10.00, choosing. */
async function choosing(balance = user.balance) {
  page = new Harness({ site: csSite });
  await page.settle('loadPage', { output: { ...loads.full, user: { ...user, balance } } });
  expect(page.actor.getSnapshot().matches('selecting')).toBe(true);
  return page;
}

const ctx = () => page.actor.getSnapshot().context;
const send = (e: Parameters<Harness['actor']['send']>[0]) => page.actor.send(e);

describe('the balance in the stake', () => {
  it('takes a typed amount as typed, never less than nothing; above the balance, Play says the balance is short', async () => {
    await choosing();
    send({ type: 'user.setBalanceStake', minor: 250 });
    expect(ctx().balanceStake).toBe(250);
    send({ type: 'user.pickTarget', id: TARGET_ID });
    send({ type: 'user.setBalanceStake', minor: 99_999 });
    expect(ctx().balanceStake).toBe(99_999);
    expect(playBlocker(ctx())).toBe('balance_insufficient');
    expect(page.actor.getSnapshot().can({ type: 'user.play' })).toBe(false);
    send({ type: 'user.setBalanceStake', minor: -5 });
    expect(ctx().balanceStake).toBe(0);
  });

  it('quick buttons take 25 %, 50 % and all of the balance, rounded down to a cent', async () => {
    await choosing(10.01);
    send({ type: 'user.balanceShare', percent: 25 });
    expect(ctx().balanceStake).toBe(250);
    send({ type: 'user.balanceShare', percent: 50 });
    expect(ctx().balanceStake).toBe(500);
    send({ type: 'user.balanceShare', percent: 100 });
    expect(ctx().balanceStake).toBe(1001);
  });

  it('refuses both without a balance', async () => {
    await choosing(0);
    const snap = page.actor.getSnapshot();
    expect(snap.can({ type: 'user.setBalanceStake', minor: 100 })).toBe(false);
    expect(snap.can({ type: 'user.balanceShare', percent: 100 })).toBe(false);
  });

  it('counts in the stake total, the chance and the multiplier; a balance alone can be played', async () => {
    await choosing();
    send({ type: 'user.setBalanceStake', minor: 500 });
    send({ type: 'user.pickTarget', id: TARGET_ID });
    // 5.00 against 100.00 at a 0.9 payout: 4.5 %.
    expect(summaryView(ctx())).toEqual({ stake: 5, chance: 4.5, target: 100 });
    expect(playDecision(ctx())).toEqual({ ok: true, stakeMinor: 500, chance: 4500 });
    expect(shownMultiplier(ctx())).toBe(20);
    expect(page.actor.getSnapshot().can({ type: 'user.play' })).toBe(true);

    send({ type: 'user.pickItem', id: TOP_ID });
    const top = inventory.find((i) => i.id === TOP_ID)!;
    expect(summaryView(ctx()).stake).toBe(top.price + 5);
    // The whole stake, items and balance, sets the multiplier.
    expect(shownMultiplier(ctx())).toBe(Math.round((100 * 100) / (top.price + 5)) / 100);
  });

  it('a multiplier multiplies items and balance together', async () => {
    await choosing();
    send({ type: 'user.balanceShare', percent: 100 });
    send({ type: 'user.multiplier', value: 2 });
    // 10.00 x 2: the cheapest target at 20.00 or more.
    expect(ctx().right.filter.minPrice).toBe(20);
    expect(ctx().target).toBe(uitems.find((i) => i.price === 20)!.id);
    expect(ctx().notice).toBeNull();
  });

  it('tells the player when the nearest target is as dear as a higher button would ask', async () => {
    await choosing();
    send({ type: 'user.balanceShare', percent: 100 });
    // 10.00 x 1.2 asks for 12.00; the nearest target costs 20.00: x2, past the x1.5 button.
    send({ type: 'user.multiplier', value: 1.2 });
    expect(ctx().target).toBe(uitems.find((i) => i.price === 20)!.id);
    expect(ctx().notice).toMatchObject({ kind: 'info', key: 'multiplierFar', multiplier: 2 });
    expect(shownMultiplier(ctx())).toBe(2);
  });

  it('sends the amount with the game, keeps it in the result and resets it after', async () => {
    await choosing();
    send({ type: 'user.pickItem', id: TOP_ID });
    send({ type: 'user.setBalanceStake', minor: 300 });
    send({ type: 'user.pickTarget', id: TARGET_ID });
    send({ type: 'user.play' });
    expect((page.pending.get('play')!.input as PlayInput).balanceStake).toBe(300);
    await page.settle('play', { output: { ...games.loss, balance: 7 } });
    expect(ctx().gameBalanceStake).toBe(300);
    send({ type: 'wheel.landed' });
    await waitFor(page.actor, (s) => s.matches('result'));
    const stake = summaryView(ctx()).stake;
    expect(stake).toBe(inventory.find((i) => i.id === TOP_ID)!.price + 3);
    // The reload behind the panel lowers the balance; the panel's numbers stay the game's.
    await page.settle('reloadAfterGame', { output: { ...loads.full, user: { ...user, balance: 7 } } });
    expect(summaryView(ctx()).stake).toBe(stake);
    send({ type: 'user.return' });
    expect(ctx()).toMatchObject({ balanceStake: 0, gameBalanceStake: 0, staked: [] });
  });

  it('is kept as chosen when another tab spends the balance, and Play says the balance is short', async () => {
    await choosing();
    send({ type: 'user.balanceShare', percent: 100 });
    send({ type: 'user.pickTarget', id: TARGET_ID });
    expect(page.actor.getSnapshot().can({ type: 'user.play' })).toBe(true);
    send({ type: 'live.me', me: { kind: 'game' } });
    await page.settle('loadPage', { output: { ...loads.full, user: { ...user, balance: 4 } } });
    expect(ctx().balanceStake).toBe(1000);
    // Kept, but not shown as staked: the summary says what could be played now (nothing).
    expect(summaryView(ctx()).stake).toBe(0);
    expect(playBlocker(ctx())).toBe('balance_insufficient');
    expect(page.actor.getSnapshot().can({ type: 'user.play' })).toBe(false);
    // The player can still lower it, even to nothing once the balance is gone.
    send({ type: 'live.me', me: { kind: 'sale' } });
    await page.settle('loadPage', { output: { ...loads.full, user: { ...user, balance: 0 } } });
    send({ type: 'user.setBalanceStake', minor: 0 });
    expect(ctx().balanceStake).toBe(0);
  });

  it('names the balance when it is short, as the server would', async () => {
    await choosing();
    send({ type: 'user.setBalanceStake', minor: 1000 });
    send({ type: 'user.pickTarget', id: TARGET_ID });
    expect(playBlocker({ ...ctx(), user: { ...user, balance: 9.99 } })).toBe('balance_insufficient');
  });

  it('reaches the choosing screen with a balance and no items; the empty screen with neither', async () => {
    page = new Harness({ site: csSite });
    await page.settle('loadPage', { output: { ...loads.empty, user } });
    expect(page.actor.getSnapshot().matches('selecting')).toBe(true);
    page.stop();
    page = new Harness({ site: csSite });
    await page.settle('loadPage', { output: loads.empty });
    expect(page.actor.getSnapshot().matches('empty')).toBe(true);
  });

  it('after a balance-only game with no answer, the reloaded balance tells whether it was played', async () => {
    for (const [after, key] of [
      [7.5, 'gamePlayed'],
      [10, 'gameNotPlayed'],
    ] as const) {
      await choosing();
      send({ type: 'user.setBalanceStake', minor: 250 });
      send({ type: 'user.pickTarget', id: TARGET_ID });
      send({ type: 'user.play' });
      await page.settle('play', { error: new ApiError('Failed to fetch', null, false) });
      await page.settle('reloadIndex', { output: { ...loads.full, user: { ...user, balance: after } } });
      expect(ctx().notice).toMatchObject({ key });
      page.stop();
    }
  });

  it('Clear empties it', async () => {
    await choosing();
    send({ type: 'user.balanceShare', percent: 100 });
    send({ type: 'user.clear' });
    expect(ctx().balanceStake).toBe(0);
  });

  it('is never carried to another account: a load that brings another player starts at nothing', async () => {
    await choosing();
    send({ type: 'user.balanceShare', percent: 100 });
    send({ type: 'live.me', me: { kind: 'sale' } });
    await page.settle('loadPage', { output: { ...loads.full, user: { ...user, id: 99, balance: 50 } } });
    expect(ctx().balanceStake).toBe(0);
  });

  it('never holds more than the API takes, whatever the balance', async () => {
    await choosing(5_000_000_000);
    send({ type: 'user.balanceShare', percent: 100 });
    expect(ctx().balanceStake).toBe(toMinor(MAX_AMOUNT_MAJOR));
  });

  it('after a balance-only game found played, nothing is left staked to play it again', async () => {
    await choosing();
    send({ type: 'user.setBalanceStake', minor: 250 });
    send({ type: 'user.pickTarget', id: TARGET_ID });
    send({ type: 'user.play' });
    await page.settle('play', { error: new ApiError('Failed to fetch', null, false) });
    // The balance moved by more than the stake (a sale elsewhere too): still "played", the safe answer.
    await page.settle('reloadIndex', { output: { ...loads.full, user: { ...user, balance: 12.5 } } });
    expect(ctx().notice).toMatchObject({ key: 'gamePlayed' });
    expect(ctx().balanceStake).toBe(0);
    expect(page.actor.getSnapshot().can({ type: 'user.play' })).toBe(false);
  });
});

describe('an amount as the API takes it', () => {
  it('is digits with at most two decimals, up to the most one field holds', () => {
    const cases: [string, number | null][] = [
      ['0', 0],
      ['2.5', 250],
      ['2.50', 250],
      ['1234.05', 123405],
      ['1000000000', 100_000_000_000],
      ['999999999.99', 99_999_999_999],
      ['1000000000.01', null],
      ['1000000001', null],
      ['2.505', null],
      ['-1', null],
      ['+1', null],
      ['1e3', null],
      [' 1', null],
      ['1,5', null],
      ['.5', null],
      ['5.', null],
      ['', null],
      ['0x10', null],
    ];
    for (const [text, minor] of cases) expect(parseAmount(text), text).toBe(minor);
  });
});
