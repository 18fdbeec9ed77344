/** The page chart's test model: the concrete events to try and the abstraction of a snapshot's context. */
import type { AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { PageEvent } from '../../src/machines/events.ts';
import { games, liveGame, LOCKED_ID, loads, SIXTEENTH_ID, TARGET_ID, TOP_ID } from './fixtures.ts';

const refused = new ApiError('Not enough items', 400, true);
/** A dropped connection: what both page runners make of a failed game request (the reload then tells the player). */
const dropped = new ApiError('Failed to fetch', null, false);

/** The concrete events the model tries in each state (xstate fills in payload-free ones itself). */
export const modelEvents = [
  ...[LOCKED_ID, TOP_ID, SIXTEENTH_ID].map((id) => ({ type: 'user.pickItem', id })),
  { type: 'user.pickTarget', id: TARGET_ID },
  // The 16th item: staked on no short path, so its sale leaves the stake as the model's reload keeps it.
  { type: 'user.sellItem', id: SIXTEENTH_ID },
  { type: 'user.setBalanceStake', minor: 250 },
  { type: 'user.balanceShare', percent: 50 },
  { type: 'user.multiplier', value: 2 },
  { type: 'user.setFilter', side: 'right', patch: { text: 'skin' } },
  { type: 'user.toggleSort', side: 'left' },
  { type: 'user.page', side: 'left', delta: 1 },
  { type: 'user.setMaxLevels', value: 100 },
  { type: 'user.signIn', mode: 'login', username: 'demo', password: 'demo' },
  ...Object.values(loads).map((output) => ({ type: 'xstate.done.actor.loadPage', output })),
  { type: 'xstate.done.actor.reloadIndex', output: loads.full },
  { type: 'xstate.done.actor.reloadIndex', output: loads.empty },
  { type: 'xstate.done.actor.reloadAfterGame', output: loads.full },
  { type: 'xstate.done.actor.play', output: games.win },
  { type: 'xstate.done.actor.play', output: games.loss },
  { type: 'xstate.done.actor.sell', output: 25.5 },
  { type: 'xstate.done.actor.sellItem', output: 25.5 },
  { type: 'live.game', game: liveGame },
  { type: 'live.me', me: { kind: 'sale' } },
  { type: 'live.hideNameSaved', hide: true },
  { type: 'live.hideNameFailed', error: refused },
  ...['loadPage', 'reloadIndex', 'reloadAfterGame', 'play', 'sell', 'sellItem', 'signIn', 'signOut'].map((id) => ({
    type: `xstate.error.actor.${id}`,
    error: id === 'play' ? dropped : refused,
  })),
] as unknown as PageEvent[];

/** The part of the context that decides which transitions are possible: the graph's state key. */
export function abstract(s: AnyMachineSnapshot): string {
  const c = s.context;
  const n = c.staked.length;
  return JSON.stringify({
    v: s.value,
    stake: n === 0 ? 0 : n >= 15 ? 'full' : 'some',
    top: c.staked.includes(TOP_ID),
    bal: c.balanceStake > 0,
    target: c.target !== null,
    user: c.user !== null,
    items: c.inventory.length > 0,
    won: c.game?.success ?? null,
    stale: c.inventoryStale,
    queued: c.queued.length,
  });
}

/** What the tests compare between the model and the running machine after each step. */
export function observe(s: AnyMachineSnapshot): unknown {
  const c = s.context;
  const notice = c.notice ? ('key' in c.notice ? c.notice.key : c.notice.text) : null;
  return {
    value: s.value,
    staked: c.staked,
    balanceStake: c.balanceStake,
    target: c.target,
    rollUnder: c.rollUnder,
    sound: c.sound,
    bp: c.right.bp,
    maxLevels: c.right.maxLevels,
    rightMin: c.right.filter.minPrice,
    leftSort: c.left.sort,
    leftPage: c.left.page,
    notice,
    user: c.user,
    inventory: c.inventory.length,
    game: c.game?.success ?? null,
    stale: c.inventoryStale,
    live: c.live.map((g: { id: number }) => g.id),
    liveHeld: c.liveHeld.length,
    fastSpin: c.fastSpin,
  };
}
