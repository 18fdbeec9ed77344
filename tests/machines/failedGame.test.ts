import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { UpgradeResponse } from '../../src/api/contract.ts';
import type { LoadOutput } from '../../src/machines/actors.ts';
import type { PlayInput } from '../../src/machines/game.ts';
import { upgradeMachine } from '../../src/machines/upgradeMachine.ts';
import { csSite, inventory, TARGET_ID, TOP_ID, uitems, user } from './fixtures.ts';

/** A page whose game request fails with `error`; the reload after it answers `after` as the inventory. */
async function failedGame(error: unknown, after: typeof inventory) {
  let answer: LoadOutput = { index: { status: true, inventory, uitems }, user };
  const machine = upgradeMachine.provide({
    actors: {
      loadPage: fromPromise<LoadOutput>(async () => answer),
      play: fromPromise<UpgradeResponse, PlayInput>(async () => {
        answer = { index: { status: true, inventory: after, uitems }, user };
        throw error;
      }),
    },
  });
  const actor = createActor(machine, { input: { site: csSite } }).start();
  await waitFor(actor, (s) => s.matches('selecting'));
  actor.send({ type: 'user.pickItem', id: TOP_ID });
  actor.send({ type: 'user.pickTarget', id: TARGET_ID });
  actor.send({ type: 'user.play' });
  await waitFor(actor, (s) => s.matches('selecting') && s.context.notice !== null);
  const { notice, staked, inventory: shown } = actor.getSnapshot().context;
  actor.stop();
  return { notice, staked, shown };
}

describe('a game that fails', () => {
  const noAnswer = new ApiError('Failed to fetch', null, false);

  it('says nothing was staked when the reloaded inventory still holds the stake, which stays chosen', async () => {
    const out = await failedGame(noAnswer, inventory);
    expect(out.notice).toMatchObject({ kind: 'info', key: 'gameNotPlayed' });
    expect(out.staked).toEqual([TOP_ID]);
  });

  it('says the game was played when the reloaded inventory lost the stake', async () => {
    const out = await failedGame(
      noAnswer,
      inventory.filter((i) => i.id !== TOP_ID),
    );
    expect(out.notice).toMatchObject({ kind: 'error', key: 'gamePlayed' });
    expect(out.staked).toEqual([]);
  });

  it("shows a refusal's own message, whatever the reload finds", async () => {
    const out = await failedGame(new ApiError('Not enough items', 400, true), inventory);
    expect(out.notice).toMatchObject({ kind: 'error', text: 'Not enough items' });
    expect(out.staked).toEqual([TOP_ID]);
  });
});
