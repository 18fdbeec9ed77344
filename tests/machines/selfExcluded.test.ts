/**
 * The exclusion state: a running cool-off or a self-exclusion takes the page there instead of the game, a refusal
 * of Play by the server shows its message and leads there, and sales still work.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { PlaySafeDto, UpgradeResponse, UserDto } from '../../src/api/contract.ts';
import type { LoadOutput } from '../../src/machines/actors.ts';
import type { PlayInput } from '../../src/machines/game.ts';
import { exclusionOf } from '../../src/machines/playSafe.ts';
import { upgradeMachine } from '../../src/machines/upgradeMachine.ts';
import { csSite, inventory, TARGET_ID, TOP_ID, uitems, user } from './fixtures.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const playSafe = (p: Partial<PlaySafeDto>): PlaySafeDto => ({
  cool_off_until: null,
  permanent: false,
  reality_check_minutes: 60,
  ...p,
});

describe('exclusionOf', () => {
  it.each([
    ['no settings (an older answer)', undefined, null],
    ['no cool-off', playSafe({}), null],
    ['a cool-off that ended', playSafe({ cool_off_until: '2026-06-01T11:59:59Z' }), null],
    ['a running cool-off', playSafe({ cool_off_until: '2026-06-02T12:00:00Z' }), Date.parse('2026-06-02T12:00:00Z')],
    ['a permanent exclusion', playSafe({ permanent: true }), 'for good'],
  ] as const)('%s', (_, ps, want) => {
    const got = exclusionOf({ play_safe: ps }, NOW);
    if (want === null) expect(got).toBeNull();
    else expect(got).toEqual({ until: want === 'for good' ? null : want });
  });

  it('holds nobody signed out', () => {
    expect(exclusionOf(null, NOW)).toBeNull();
  });
});

const future = new Date(Date.now() + 24 * 3_600_000).toISOString();
const excluded: UserDto = { ...user, play_safe: playSafe({ cool_off_until: future }) };

/** A page whose loads answer `who()` and whose game is `play` (a sale answers a balance of 12.50). */
function page(who: () => UserDto, play?: () => Promise<UpgradeResponse>) {
  const machine = upgradeMachine.provide({
    actors: {
      loadPage: fromPromise<LoadOutput>(async () => ({ index: { status: true, inventory, uitems }, user: who() })),
      play: fromPromise<UpgradeResponse, PlayInput>(() => play?.() ?? Promise.reject(new Error('no play'))),
      sell: fromPromise<number, { id: number }>(async () => 12.5),
    },
  });
  return createActor(machine, { input: { site: csSite } }).start();
}

describe('the exclusion state', () => {
  it('replaces the game for an excluded player: no Play, but sales still go through', async () => {
    const actor = page(() => excluded);
    await waitFor(actor, (s) => s.matches('excluded'));
    actor.send({ type: 'user.pickItem', id: TOP_ID });
    expect(actor.getSnapshot().context.staked).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'user.play' })).toBe(false);
    actor.send({ type: 'user.sellItem', id: TOP_ID });
    expect(actor.getSnapshot().matches('sellingItem')).toBe(true);
    await waitFor(actor, (s) => s.matches('excluded'));
    expect(actor.getSnapshot().context.notice).toMatchObject({ key: 'sold', balance: 12.5 });
    actor.stop();
  });

  it('lets the player play once the cool-off has ended', async () => {
    const actor = page(() => ({ ...user, play_safe: playSafe({ cool_off_until: new Date(0).toISOString() }) }));
    await waitFor(actor, (s) => s.matches('selecting'));
    actor.stop();
  });

  it("shows the server's refusal of Play, then the exclusion once the reload tells it", async () => {
    let who = user;
    const msg = 'You are taking a break from play until 2026-06-02 12:00 UTC.';
    const actor = page(
      () => who,
      async () => {
        who = excluded;
        throw new ApiError(msg, 403, true);
      },
    );
    await waitFor(actor, (s) => s.matches('selecting'));
    actor.send({ type: 'user.pickItem', id: TOP_ID });
    actor.send({ type: 'user.pickTarget', id: TARGET_ID });
    actor.send({ type: 'user.play' });
    await waitFor(actor, (s) => s.matches('excluded'));
    expect(actor.getSnapshot().context.notice).toMatchObject({ kind: 'error', text: msg });
    actor.stop();
  });

  it('moves to the exclusion when the account page starts a cool-off, keeping it through a game', async () => {
    const actor = page(() => user);
    await waitFor(actor, (s) => s.matches('selecting'));
    actor.send({ type: 'account.changed', playSafe: excluded.play_safe! });
    expect(actor.getSnapshot().matches('excluded')).toBe(true);
    expect(actor.getSnapshot().context.user?.play_safe?.cool_off_until).toBe(future);
    actor.stop();
  });
});
