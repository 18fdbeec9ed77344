/**
 * The system under test for the machine-alone model tests: the real page machine with every actor swapped
 * (machine.provide) for one whose promise the test settles (the live feed for a silent one), so a model event like
 * `xstate.done.actor.play` is executed by resolving the pending play call with the event's output.
 */
import { createActor, fromCallback, fromPromise, type Actor } from 'xstate';
import { upgradeMachine } from '../../src/machines/upgradeMachine.ts';
import type { PageInput } from '../../src/machines/context.ts';
import { CoverageRecorder } from './coverage.ts';

/** Which actor logic each invoke id runs. */
const SRC_OF: Record<string, string> = {
  loadPage: 'loadPage',
  reloadIndex: 'loadPage',
  reloadAfterGame: 'loadPage',
  play: 'play',
  sell: 'sell',
  sellItem: 'sell',
  signIn: 'signIn',
  signOut: 'signOut',
};

interface Pending {
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A running page actor whose effects wait for the test. */
export class Harness {
  readonly pending = new Map<string, Pending>();
  readonly calls: { src: string; input: unknown }[] = [];
  readonly actor: Actor<typeof upgradeMachine>;

  constructor(input: PageInput, recorder?: CoverageRecorder) {
    const deferred = (src: string) =>
      fromPromise<never, unknown>(
        ({ input: actorInput }) =>
          new Promise((resolve, reject) => {
            this.calls.push({ src, input: actorInput });
            this.pending.set(src, { input: actorInput, resolve: resolve as (v: unknown) => void, reject });
          }),
      );
    const machine = upgradeMachine.provide({
      actors: {
        loadPage: deferred('loadPage'),
        play: deferred('play'),
        sell: deferred('sell'),
        signIn: deferred('signIn'),
        signOut: deferred('signOut'),
        // The feed's events are the model's own (live.game, live.me, live.hideNameSaved): sent, not received.
        liveFeed: fromCallback(() => () => {}),
      } as never,
    });
    this.actor = createActor(machine, { input, inspect: recorder?.inspect });
    this.actor.start();
  }

  /** Settles the pending call of an invoke id, then lets the promise callbacks run. */
  async settle(invokeId: string, outcome: { output: unknown } | { error: unknown }): Promise<void> {
    const src = SRC_OF[invokeId];
    const call = this.pending.get(src);
    if (!call)
      throw new Error(
        `no pending ${src} call for ${invokeId} in state ${JSON.stringify(this.actor.getSnapshot().value)}`,
      );
    this.pending.delete(src);
    if ('output' in outcome) call.resolve(outcome.output);
    else call.reject(outcome.error);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }

  stop(): void {
    this.actor.stop();
  }
}
