/** The reality check's timing: from the first game, every N minutes, never during a game, off at 0. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { realityCheckMachine } from '../../src/machines/realityCheck.ts';

const MIN = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-06-01T12:00:00Z') });
});
afterEach(() => vi.useRealTimers());

function start(minutes: number) {
  const actor = createActor(realityCheckMachine, { input: {} }).start();
  actor.send({ type: 'page.minutes', minutes });
  return actor;
}
const game = (actor: ReturnType<typeof start>, playing: boolean) => actor.send({ type: 'page.playing', playing });
const showing = (actor: ReturnType<typeof start>) => actor.getSnapshot().matches('showing');

describe('the reality check', () => {
  it('counts from the first game, not from the page opening', async () => {
    const actor = start(15);
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(actor.getSnapshot().value).toBe('waiting');
    game(actor, true);
    game(actor, false);
    await vi.advanceTimersByTimeAsync(15 * MIN - 1);
    expect(showing(actor)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(showing(actor)).toBe(true);
    expect(actor.getSnapshot().context.shownAt! - actor.getSnapshot().context.startedAt!).toBe(15 * MIN);
  });

  it('waits for a game under way to end, then shows', async () => {
    const actor = start(15);
    game(actor, true);
    game(actor, false);
    await vi.advanceTimersByTimeAsync(14 * MIN);
    game(actor, true);
    await vi.advanceTimersByTimeAsync(2 * MIN);
    expect(actor.getSnapshot().value).toBe('due');
    game(actor, false);
    expect(showing(actor)).toBe(true);
  });

  it('counts the next interval from the dismissal, whichever button', async () => {
    const actor = start(30);
    game(actor, true);
    await vi.advanceTimersByTimeAsync(30 * MIN);
    game(actor, false);
    expect(showing(actor)).toBe(true);
    actor.send({ type: 'user.keepPlaying' });
    await vi.advanceTimersByTimeAsync(30 * MIN - 1);
    expect(showing(actor)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(showing(actor)).toBe(true);
    actor.send({ type: 'user.stop' });
    expect(actor.getSnapshot().value).toBe('counting');
    // The session's start stays: the time played keeps growing.
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(actor.getSnapshot().context.shownAt! - actor.getSnapshot().context.startedAt!).toBe(90 * MIN);
  });

  it('never shows when off, and counts anew when turned on', async () => {
    const actor = start(0);
    game(actor, true);
    game(actor, false);
    await vi.advanceTimersByTimeAsync(24 * 60 * MIN);
    expect(actor.getSnapshot().value).toBe('off');
    actor.send({ type: 'page.minutes', minutes: 15 });
    await vi.advanceTimersByTimeAsync(15 * MIN);
    expect(showing(actor)).toBe(true);
  });

  it('restarts the count when the interval changes', async () => {
    const actor = start(60);
    game(actor, true);
    game(actor, false);
    await vi.advanceTimersByTimeAsync(50 * MIN);
    actor.send({ type: 'page.minutes', minutes: 15 });
    await vi.advanceTimersByTimeAsync(14 * MIN);
    expect(showing(actor)).toBe(false);
    await vi.advanceTimersByTimeAsync(MIN);
    expect(showing(actor)).toBe(true);
  });
});
