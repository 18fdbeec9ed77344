/** The page tallies this visit's games for the reality check: stake staked, catalogue value won. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UpgradeResponse } from '../../src/api/contract.ts';
import type { LoadOutput } from '../../src/machines/actors.ts';
import type { PlayInput } from '../../src/machines/game.ts';
import { upgradeMachine } from '../../src/machines/upgradeMachine.ts';
import { csSite, games, inventory, loads, TARGET_ID, TOP_ID } from './fixtures.ts';

describe('the session tally', () => {
  it('adds each game: the items staked, and the target price when won', async () => {
    const answers = [games.loss, games.win];
    const machine = upgradeMachine.provide({
      actors: {
        loadPage: fromPromise<LoadOutput>(async () => loads.full),
        play: fromPromise<UpgradeResponse, PlayInput>(async () => answers.shift()!),
      },
    });
    const actor = createActor(machine, { input: { site: csSite } }).start();
    const top = inventory.find((i) => i.id === TOP_ID)!.price;
    for (let n = 0; n < 2; n++) {
      await waitFor(actor, (s) => s.matches('selecting'));
      actor.send({ type: 'user.pickItem', id: TOP_ID });
      actor.send({ type: 'user.pickTarget', id: TARGET_ID });
      actor.send({ type: 'user.play' });
      await waitFor(actor, (s) => s.matches({ playing: 'spinning' }));
      actor.send({ type: 'wheel.landed' });
      await waitFor(actor, (s) => s.matches('result'), { timeout: 2_000 });
      actor.send({ type: 'user.return' });
    }
    expect(actor.getSnapshot().context.session).toEqual({
      games: 2,
      stakeMinor: 2 * top * 100,
      wonMinor: games.win.price * 100,
    });
    actor.stop();
  });
});
