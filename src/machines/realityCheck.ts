/**
 * The reality check's own small statechart, beside the page's: after every `minutes` of play since the session's
 * first game (or since the last check), it asks the player to look at the time and the result. A check that falls
 * due during a spin waits for the game to end, so it never interrupts one.
 */
import { assign, setup } from 'xstate';
import { REALITY_CHECK_DEFAULT } from '../domain/playSafe.ts';

export interface RealityCheckContext {
  /** Minutes between checks; 0: off. */
  minutes: number;
  /** Whether a game (request, spin, pause) is under way on the page. */
  playing: boolean;
  /** When the session's first game started (epoch ms); null before any. */
  startedAt: number | null;
  /** When the check last fell due and showed (epoch ms). */
  shownAt: number | null;
}

export type RealityCheckEvent =
  /** The page started a game (true) or finished one (false). */
  | { type: 'page.playing'; playing: boolean }
  /** The account's interval, as the page loaded it or the settings saved it. */
  | { type: 'page.minutes'; minutes: number }
  | { type: 'user.keepPlaying' }
  | { type: 'user.stop' };

const MINUTE_MS = 60_000;

export const realityCheckMachine = setup({
  types: {
    context: {} as RealityCheckContext,
    events: {} as RealityCheckEvent,
    input: {} as { minutes?: number },
  },
  delays: { interval: ({ context }) => context.minutes * MINUTE_MS },
  guards: {
    off: ({ context }) => context.minutes === 0,
    gameUnderWay: ({ context }) => context.playing,
    gameStarts: ({ event }) => event.type === 'page.playing' && event.playing,
    gameEnds: ({ event }) => event.type === 'page.playing' && !event.playing,
  },
  actions: {
    notePlaying: assign(({ event }) => (event.type === 'page.playing' ? { playing: event.playing } : {})),
    noteMinutes: assign(({ event }) => (event.type === 'page.minutes' ? { minutes: event.minutes } : {})),
    startSession: assign(({ context }) => ({ startedAt: context.startedAt ?? Date.now() })),
    noteShown: assign({ shownAt: () => Date.now() }),
  },
}).createMachine({
  id: 'realityCheck',
  context: ({ input }) => ({
    minutes: input.minutes ?? REALITY_CHECK_DEFAULT,
    playing: false,
    startedAt: null,
    shownAt: null,
  }),
  initial: 'waiting',
  description: 'Reminds the player of the time played and the result every N minutes of play (0: never).',
  on: {
    'page.playing': { actions: 'notePlaying', description: 'Whether a game is under way.' },
    'page.minutes': { actions: 'noteMinutes', description: 'Kept for the next interval.' },
  },
  states: {
    waiting: {
      description: 'No game yet in this session: play time starts with the first one.',
      on: {
        'page.playing': {
          guard: 'gameStarts',
          target: 'choosing',
          actions: ['notePlaying', 'startSession'],
          description: 'The first game starts the session.',
        },
      },
    },
    choosing: {
      description: 'Counts, unless the player turned the check off.',
      always: [
        { guard: 'off', target: 'off', description: 'Turned off.' },
        { target: 'counting', description: 'Counts the next interval.' },
      ],
    },
    off: {
      description: 'Turned off in the settings.',
      on: {
        'page.minutes': { target: 'choosing', actions: 'noteMinutes', description: 'Turned on again: counts anew.' },
      },
    },
    counting: {
      description: 'Waits for the interval to pass.',
      after: {
        interval: [
          { guard: 'gameUnderWay', target: 'due', description: 'Due during a game: waits for its end.' },
          { target: 'showing', description: 'Due: the dialog.' },
        ],
      },
      on: {
        'page.minutes': {
          target: 'choosing',
          reenter: true,
          actions: 'noteMinutes',
          description: 'A new interval counts from now.',
        },
      },
    },
    due: {
      description: 'Due while a game is under way: shown once it has ended.',
      on: {
        'page.playing': {
          guard: 'gameEnds',
          target: 'showing',
          actions: 'notePlaying',
          description: 'The game ended: the dialog.',
        },
      },
    },
    showing: {
      description: 'The dialog: time played, the result, keep playing or stop.',
      entry: 'noteShown',
      on: {
        'user.keepPlaying': { target: 'choosing', description: 'Keeps playing: the next interval counts from now.' },
        'user.stop': { target: 'choosing', description: 'Stops: the page goes to the limits; counting goes on.' },
      },
    },
  },
});
