/**
 * The upgrades page as one statechart (XState v5). Every state and transition has a description: they
 * document the Stately inspector view and the QA path export. The rules are guards, the effects actors.
 */
import { BP_MAX_LEVELS } from '../domain/constants.ts';
import { playInput } from './game.ts';
import { pageContext, pageSetup } from './pageSetup.ts';

/** Where a finished load goes: sign-in prompt, empty inventory, or the game. */
const route = [
  {
    guard: 'signedOut',
    target: '#page.unauthenticated',
    description: 'No session: the inventory area shows the sign-in prompt.',
  },
  {
    guard: 'nothingToStake',
    target: '#page.empty',
    description: 'Signed in without items or balance: "Inventory is empty" and Open cases.',
  },
  { target: '#page.selecting', description: 'Signed in with items or balance: choose a stake and a target.' },
] as const;

/** Clicking an item on a finished game first clears the game, then counts as the click. */
const clickClearsGame = {
  target: '#page.reset',
  actions: 'queuePick',
  description: 'Clicking any item after a game first clears the previous game, then applies the click.',
} as const;

/** What a shown result accepts (not while its sale is under way). */
const finishedGame = {
  'user.return': { target: '#page.reset', description: 'Return: back to choosing.' },
  'user.signOut': {
    target: '#page.signingOut',
    actions: 'clearGame',
    description: 'Signs out from the result: the game is put away first.',
  },
  'user.pickItem': clickClearsGame,
  'user.pickTarget': clickClearsGame,
} as const;

export const upgradeMachine = pageSetup.createMachine({
  id: 'page',
  context: pageContext,
  initial: 'loading',
  description: `The upgrades page: stake up to 15 items against one pricier target; BP levels cap ${BP_MAX_LEVELS}.`,
  invoke: { id: 'liveFeed', src: 'liveFeed' },
  on: {
    'live.game': { actions: 'showLiveGame', description: 'A settled game of the site joins the live strip.' },
    'user.toggleFastSpin': {
      actions: ['toggleFastSpin', 'saveFastSpin'],
      description: 'Fast spin on/off (1.5 s instead of 5 s), saved in a cookie.',
    },
    'user.toggleHideName': {
      guard: 'signedIn',
      actions: 'saveHideName',
      description: "Hides (or shows again) the player's name in the live feed (POST /api/profile/hide_name).",
    },
    'live.hideNameSaved': { actions: 'applyHideName', description: 'The name setting is saved.' },
    'live.hideNameFailed': {
      actions: { type: 'noticeError', params: ({ event }) => ({ error: event.error, fallback: 'network' as const }) },
      description: "The name setting was refused: the server's message.",
    },
    'user.setFilter': {
      actions: 'setFilter',
      description: 'Search, min/max price or rarity on one side; back to page 1.',
    },
    'user.toggleSort': { actions: 'toggleSort', description: "Flips one side's price sort." },
    'user.page': { actions: 'turnPage', description: 'Previous or next page of 15 cells on one side.' },
    'user.setMaxLevels': {
      actions: 'setMaxLevels',
      description: 'BP max-levels input, capped at the stored max_levels.',
    },
    'user.toggleBp': {
      actions: ['toggleBp', 'saveBp'],
      description: 'BP mode on/off (Dota); on stores max_levels 3000; saved in BP_CHECKBOX_IS_CHECKED.',
    },
    'user.toggleSound': {
      actions: ['toggleSound', 'saveSound'],
      description: 'Sound on/off, saved in dont_play_sound_Upgrades.',
    },
    'user.dismissNotice': { actions: 'dismissNotice', description: 'Closes the notification.' },
  },
  states: {
    loading: {
      description: 'Loads the inventory, the targets and the user (POST /api/upgrade/index, GET /api/auth/me).',
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        onDone: {
          target: 'routing',
          actions: { type: 'applyLoad', params: ({ event }) => event.output },
          description: 'Lists and user loaded.',
        },
        onError: {
          target: 'error',
          actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) },
          description: 'The index call failed.',
        },
      },
    },
    error: {
      description: 'The index call failed: a message and a retry button.',
      on: {
        'user.retry': { target: 'loading', description: 'Tries loading again.' },
        'user.signOut': { guard: 'signedIn', target: 'signingOut', description: 'Signs out from the error screen.' },
      },
    },
    routing: {
      description: 'Decides which screen the loaded data calls for.',
      always: route,
    },
    unauthenticated: {
      description: 'Signed out: targets visible, the inventory area shows the sign-in prompt.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The sign-in / register form waits for the player.',
          on: { 'user.signIn': { target: 'submitting', description: 'Sends the form.' } },
        },
        submitting: {
          description: 'POST /api/auth/login or /register.',
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              const e = event as {
                mode: 'login' | 'register';
                username: string;
                password: string;
                ageConfirmed?: boolean;
              };
              return {
                mode: e.mode,
                username: e.username,
                password: e.password,
                ageConfirmed: e.ageConfirmed === true,
              };
            },
            onDone: {
              target: '#page.loading',
              actions: ['dismissNotice', 'reconnectLive'],
              description: "Signed in: load the player's inventory.",
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'noticeError',
                params: ({ event }) => ({ error: event.error, fallback: 'network' as const }),
              },
              description: "Refused: the server's message as a notification.",
            },
          },
        },
      },
    },
    empty: {
      description: 'Signed in with an empty inventory: "Inventory is empty" and an Open cases button.',
      on: {
        'user.signOut': { target: 'signingOut', description: 'Signs out.' },
        'live.me': { target: 'reloading', description: 'Items arrived elsewhere (a grant): reloads.' },
      },
    },
    selecting: {
      description:
        'The player picks a stake (items and/or balance, left) and a target (right); play when both are chosen.',
      entry: ['replayQueued', 'rewriteAddress'],
      on: {
        'user.pickItem': [
          { guard: 'itemLocked', actions: 'noticeLocked', description: 'type_prize 13: "This skin cannot be used".' },
          { guard: 'itemStaked', actions: 'unstakeItem', description: 'A staked item clicked again leaves the stake.' },
          { guard: 'stakeFull', actions: 'noticeMaxStake', description: '15 items staked: the maximum-skins message.' },
          { guard: 'itemOwned', actions: 'stakeItem', description: 'Adds the item to the stake.' },
        ],
        'user.pickTarget': [
          {
            guard: 'isCurrentTarget',
            actions: 'unchooseTarget',
            description: 'The chosen target clicked again is unchosen.',
          },
          { guard: 'targetListed', actions: 'chooseTarget', description: 'Chooses the target.' },
        ],
        'user.chooseAll': {
          actions: 'chooseAll',
          description: 'Stakes the first 15 usable items of the left list as shown.',
        },
        'user.setBalanceStake': {
          guard: 'balanceEditable',
          actions: 'setBalanceStake',
          description:
            'The balance amount field: that much of the balance joins the stake (above the balance, Play says so).',
        },
        'user.balanceShare': {
          guard: 'hasBalance',
          actions: 'setBalanceShare',
          description: 'A quick button: 25 %, 50 % or all of the balance joins the stake.',
        },
        'user.clear': {
          target: 'reloading',
          actions: 'clearSelection',
          description: 'Clears stake (items and balance) and target and reloads the inventory.',
        },
        'user.multiplier': [
          {
            guard: 'hasStake',
            actions: 'applyMultiplier',
            description: 'Right min price = stake x multiplier; the cheapest target at or above it is chosen.',
          },
          { actions: 'noticeStakeFirst', description: 'No stake to multiply: asks for one.' },
        ],
        'user.mirror': { actions: 'toggleMirror', description: "Flips roll_under and mirrors the wheel's win arc." },
        'user.play': { guard: 'canPlay', target: 'playing', description: 'Plays: needs a game the house rules allow.' },
        'user.sellItem': {
          guard: 'itemSellable',
          target: 'sellingItem',
          description: "Sells an inventory item into the balance at the server's price (POST /api/inventory/sell).",
        },
        'user.signOut': { target: 'signingOut', description: 'Signs out.' },
        'live.me': {
          target: 'reloading',
          description: 'A game, sale or grant elsewhere: reloads inventory, balance and tickets (the stake is kept).',
        },
      },
    },
    playing: {
      description: "One game: request, 5 s spin to the server's roll, 0.5 s pause. Controls are locked.",
      initial: 'requesting',
      on: {
        'live.game': {
          actions: 'holdLiveGame',
          description: "Held back while the player's own wheel spins: the strip must not tell the outcome first.",
        },
        'live.me': { actions: 'markStale', description: 'A change elsewhere: reloaded once the game is over.' },
      },
      exit: 'releaseLiveGames',
      states: {
        requesting: {
          description:
            "POST /api/upgrade/upgrade_items with a single-use caseopen token (the last game's answer brought it, else GET /api/token first).",
          invoke: {
            id: 'play',
            src: 'play',
            input: ({ context }) => playInput(context),
            onDone: {
              target: 'spinning',
              actions: { type: 'storeGame', params: ({ event }) => ({ game: event.output }) },
              description: 'The server settled the game: spin to its roll.',
            },
            onError: {
              target: '#page.reloading',
              actions: { type: 'playFailed', params: ({ event }) => ({ error: event.error }) },
              description:
                "Refused: the server's msg, no spin. No answer (network): the reload tells the player whether the game was played.",
            },
          },
        },
        spinning: {
          description: "The wheel spins for 5 s and lands on the server's roll.",
          on: { 'wheel.landed': { target: 'revealing', description: 'The wheel reports it has landed.' } },
        },
        revealing: {
          description: 'The short pause between landing and the result panel.',
          after: {
            resultDelay: [
              { guard: 'gameWon', target: '#page.result.win', description: 'Won: the win panel.' },
              { target: '#page.result.loss', description: 'Lost: the loss panel.' },
            ],
          },
        },
      },
    },
    result: {
      description: "The finished game's panel; the inventory reloads behind it and the header shows the new balances.",
      entry: 'applyGameBalances',
      on: {
        'live.me': { actions: 'markStale', description: 'A change elsewhere: reloaded on return.' },
      },
      invoke: {
        id: 'reloadAfterGame',
        src: 'loadPage',
        onDone: {
          actions: { type: 'applyLoad', params: ({ event }) => event.output },
          description: 'The inventory after the game is in.',
        },
        onError: {
          actions: {
            type: 'noticeError',
            params: ({ event }) => ({ error: event.error, fallback: 'reloadFailed' as const }),
          },
          description: 'Reload failed: it is retried on return.',
        },
      },
      initial: 'win',
      states: {
        win: {
          description: 'Won: the target is in the inventory; sell it or keep it.',
          on: {
            ...finishedGame,
            'user.sell': {
              guard: 'hasWonItem',
              target: 'selling',
              description: 'Sells the won item (POST /api/inventory/sell).',
            },
          },
        },
        loss: { description: 'Lost: the stake (items and balance) is gone.', on: finishedGame },
        selling: {
          description: 'Selling the won item.',
          invoke: {
            id: 'sell',
            src: 'sell',
            input: ({ context }) => ({ id: context.game?.vinLastItemId ?? -1 }),
            onDone: {
              target: '#page.reset',
              actions: { type: 'applySale', params: ({ event }) => ({ balance: event.output }) },
              description: 'Sold: the balance grows, the game resets.',
            },
            onError: {
              target: 'win',
              actions: {
                type: 'noticeError',
                params: ({ event }) => ({ error: event.error, fallback: 'sellFailed' as const }),
              },
              description: 'The sale was refused: its message; the item stays.',
            },
          },
        },
      },
    },
    sellingItem: {
      description: 'Selling an inventory item; the server prices it. Controls are locked.',
      invoke: {
        id: 'sellItem',
        src: 'sell',
        input: ({ event }) => ({ id: (event as { id: number }).id }),
        onDone: {
          target: 'reloading',
          actions: [
            { type: 'applySale', params: ({ event }) => ({ balance: event.output }) },
            { type: 'noticeSold', params: ({ event }) => ({ balance: event.output }) },
          ],
          description: 'Sold: the balance grows; the inventory reloads without the item (and drops it from the stake).',
        },
        onError: {
          target: 'routing',
          actions: {
            type: 'noticeError',
            params: ({ event }) => ({ error: event.error, fallback: 'sellFailed' as const }),
          },
          description: 'The sale was refused or got no answer: its message; the item stays.',
        },
      },
    },
    reset: {
      description: 'Clears the finished game; reloads first if the inventory is not fresh yet.',
      entry: 'clearGame',
      always: [
        { guard: 'inventoryFresh', target: 'routing', description: 'The inventory already reflects the game.' },
        { target: 'reloading', description: 'The inventory changed since it was loaded.' },
      ],
    },
    reloading: {
      description:
        'Reloads the inventory (after clear-selected, a sale, a failed game, or a return before the reload finished); after a game without an answer, once the browser is online.',
      invoke: {
        id: 'reloadIndex',
        src: 'loadPage',
        input: ({ context }) => ({ waitOnline: context.unanswered !== null }),
        onDone: {
          target: 'routing',
          actions: { type: 'applyLoad', params: ({ event }) => event.output },
          description: 'Reloaded.',
        },
        onError: {
          target: 'error',
          actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) },
          description: 'The index call failed.',
        },
      },
    },
    signingOut: {
      description: 'POST /api/auth/logout.',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'loading', actions: 'reconnectLive', description: 'Signed out: reload as a visitor.' },
        onError: {
          target: 'routing',
          actions: {
            type: 'noticeError',
            params: ({ event }) => ({ error: event.error, fallback: 'signOutFailed' as const }),
          },
          description: 'Sign-out failed: its message.',
        },
      },
    },
  },
});
