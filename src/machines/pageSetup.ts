/**
 * The implementations behind the page statechart's names: types, guards (the rules), actions (context
 * updates and the two cookie writes) and actors (the API). upgradeMachine.ts holds the chart itself.
 */
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { ApiError } from '../api/client.ts';
import type { UpgradeResponse } from '../api/contract.ts';
import type { LiveGame } from '../api/live.ts';
import type { Item } from '../domain/item.ts';
import { sameItems } from '../domain/searchIndex.ts';
import { initialContext, type Notice, type NoticeKey, type PageContext, type PageInput } from './context.ts';
import type { PageEvent } from './events.ts';
import { pageActors, type LoadOutput } from './actors.ts';
import { multiplierValue, playDecision } from './game.ts';
import { MULTIPLIERS } from '../domain/constants.ts';
import { balanceMinor } from './views.ts';
import { LIVE_HIDE_NAME, LIVE_RECONNECT } from './liveFeed.ts';
import { rewriteUpgradesAddress, writeBpPref, writeFastSpinPref, writeSoundPref } from './prefs.ts';
import {
  applyMultiplier,
  balanceEditable,
  balanceShare,
  chooseAll,
  clampBalanceStake,
  hasBalance,
  hasStake,
  isLockedItem,
  isStaked,
  isStakeFull,
  ownedItem,
  pickItem,
  pickTarget,
  pruneSelection,
  replayPicks,
} from './selection.ts';

function notice(
  ctx: PageContext,
  kind: Notice['kind'],
  body: { key: NoticeKey; multiplier?: number; balance?: number } | { text: string },
): Notice {
  return { kind, seq: (ctx.notice?.seq ?? 0) + 1, ...body };
}

/** The server's translated msg when it sent one; otherwise our own 'network' text is shown by key. */
function errorNotice(ctx: PageContext, error: unknown, fallback: NoticeKey): Notice {
  if (error instanceof ApiError && error.fromServer) return notice(ctx, 'error', { text: error.message });
  return notice(ctx, 'error', { key: fallback });
}

/**
 * A loaded list as the context keeps it: the context's own array while the items are the same, so what is derived
 * from the list (its search index, views.ts) is kept across the reload after every game.
 */
function asItems(
  list: readonly { id: number; name: string; price: number; image: string; type: string; type_prize: number }[] | null,
  current: Item[],
): Item[] {
  if (!list) return [];
  return sameItems(current, list) ? current : [...list];
}

/**
 * After a game whose request got no answer, what the reloaded inventory and balance tell: the stake still owned
 * means the game never reached the server and nothing was staked; any of it gone means it was played.
 */
function unansweredGameNotice(ctx: PageContext, next: PageContext): Partial<PageContext> {
  const sent = ctx.unanswered;
  if (!sent) return {};
  const owned = new Set(next.inventory.map((i) => i.id));
  // Items and balance go in one transaction: any item gone says played; for a balance alone, any change of the
  // balance does (a sale elsewhere may blur it, and "played" is the safe answer: check the history, not play again).
  const played =
    sent.items.length > 0 ? sent.items.some((id) => !owned.has(id)) : balanceMinor(next) !== sent.balanceBefore;
  return {
    unanswered: null,
    ...(played ? { balanceStake: 0 } : {}),
    notice: notice(ctx, played ? 'error' : 'info', { key: played ? 'gamePlayed' : 'gameNotPlayed' }),
  };
}

/**
 * Whether the target a multiplier button found is as dear as a higher button would ask (a sparse list, such as
 * Dota's levels-only targets, can turn x1.2 into x5): the player is told rather than left to notice.
 */
function farBeyond(button: number, ratio: number): boolean {
  const higher = MULTIPLIERS.find((m) => m > button);
  return higher !== undefined && ratio >= higher;
}

/** Games the live strip shows. */
export const LIVE_STRIP_SIZE = 20;

/** The strip with `games` added on top (newest first); a game told twice (a reconnect) is shown once. */
function withLiveGames(strip: readonly LiveGame[], games: readonly LiveGame[]): LiveGame[] {
  const fresh = games.filter(
    (g, i) => !strip.some((s) => s.id === g.id) && games.findIndex((x) => x.id === g.id) === i,
  );
  return [...fresh.reverse(), ...strip].slice(0, LIVE_STRIP_SIZE);
}

export const pageSetup = setup({
  types: {
    context: {} as PageContext,
    events: {} as PageEvent,
    input: {} as PageInput,
  },
  actors: pageActors,
  delays: {
    /** Pause between the wheel landing and the result panel (spec: about 0.5 s). */
    resultDelay: 500,
  },
  guards: {
    signedOut: ({ context }) => context.user === null,
    // Nothing to stake: no items and no balance (a balance alone can be staked).
    nothingToStake: ({ context }) => context.inventory.length === 0 && !hasBalance(context),
    inventoryFresh: ({ context }) => !context.inventoryStale,
    itemLocked: ({ context, event }) => {
      assertEvent(event, 'user.pickItem');
      return isLockedItem(context, event.id);
    },
    itemStaked: ({ context, event }) => {
      assertEvent(event, 'user.pickItem');
      return isStaked(context, event.id);
    },
    stakeFull: ({ context }) => isStakeFull(context),
    itemOwned: ({ context, event }) => {
      assertEvent(event, 'user.pickItem');
      return ownedItem(context, event.id) !== undefined;
    },
    isCurrentTarget: ({ context, event }) => {
      assertEvent(event, 'user.pickTarget');
      return context.target === event.id;
    },
    targetListed: ({ context, event }) => {
      assertEvent(event, 'user.pickTarget');
      return context.uitems.some((i) => i.id === event.id);
    },
    hasStake: ({ context }) => hasStake(context),
    hasBalance: ({ context }) => hasBalance(context),
    balanceEditable: ({ context }) => balanceEditable(context),
    // The server's own decision (src/domain/decide.ts) over the selection and the site's rules.
    canPlay: ({ context }) => playDecision(context).ok,
    gameWon: ({ context }) => context.game?.success === 1,
    hasWonItem: ({ context }) => context.game?.success === 1 && context.game.vinLastItemId != null,
    // The server refuses to buy a type_prize 13 item: it has no sell button.
    itemSellable: ({ context, event }) => {
      assertEvent(event, 'user.sellItem');
      return ownedItem(context, event.id) !== undefined && !isLockedItem(context, event.id);
    },
    signedIn: ({ context }) => context.user !== null,
  },
  actions: {
    applyLoad: assign(({ context }, out: LoadOutput) => {
      const next = {
        ...context,
        inventory: asItems(out.index.inventory, context.inventory),
        uitems: asItems(out.index.uitems, context.uitems),
        user: out.user,
        // Another account (signed in elsewhere meanwhile) starts with none of this one's balance staked.
        balanceStake: out.user?.id === context.user?.id ? context.balanceStake : 0,
      };
      return {
        ...next,
        ...pruneSelection(next),
        ...unansweredGameNotice(context, next),
        inventoryStale: false,
        loadError: null,
        preview: false,
      };
    }),
    // A refusal carries the server's msg; without an answer the game may or may not have been played (applyLoad).
    playFailed: assign(({ context }, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.status !== null
        ? { notice: errorNotice(context, params.error, 'network') }
        : {
            unanswered: { items: [...context.staked], balanceBefore: balanceMinor(context) },
            notice: notice(context, 'info', { key: 'connectionLost' }),
          },
    ),
    storeLoadError: assign((_, params: { error: unknown }) => ({
      loadError:
        params.error instanceof ApiError && params.error.status !== null
          ? { kind: 'server' as const, text: params.error.fromServer ? params.error.message : null }
          : { kind: 'network' as const, text: null },
    })),
    replayQueued: assign(({ context }) => {
      const out = replayPicks(context, context.queued);
      return {
        staked: out.staked,
        target: out.target,
        queued: [],
        notice: out.notice ? notice(context, 'error', { key: out.notice }) : context.notice,
      };
    }),
    // The ru site shows a clean /upgrades/ once the address's ids are picked (idempotent on later entries).
    rewriteAddress: ({ context }) => {
      if (context.site.rewritePreselectUrl) rewriteUpgradesAddress();
    },
    queuePick: assign(({ event }) => {
      assertEvent(event, ['user.pickItem', 'user.pickTarget']);
      return {
        queued: [{ side: event.type === 'user.pickItem' ? ('left' as const) : ('right' as const), id: event.id }],
      };
    }),
    stakeItem: assign(({ context, event }) => {
      assertEvent(event, 'user.pickItem');
      return { staked: pickItem(context, event.id).staked };
    }),
    unstakeItem: assign(({ context, event }) => {
      assertEvent(event, 'user.pickItem');
      return { staked: context.staked.filter((id) => id !== event.id) };
    }),
    chooseTarget: assign(({ context, event }) => {
      assertEvent(event, 'user.pickTarget');
      return { target: pickTarget(context, event.id) };
    }),
    unchooseTarget: assign({ target: null }),
    chooseAll: assign(({ context }) => ({ staked: chooseAll(context) })),
    clearSelection: assign({ staked: [], target: null, balanceStake: 0 }),
    setBalanceStake: assign(({ event }) => {
      assertEvent(event, 'user.setBalanceStake');
      return { balanceStake: clampBalanceStake(event.minor) };
    }),
    setBalanceShare: assign(({ context, event }) => {
      assertEvent(event, 'user.balanceShare');
      return { balanceStake: balanceShare(context, event.percent) };
    }),
    applyMultiplier: assign(({ context, event }) => {
      assertEvent(event, 'user.multiplier');
      const out = applyMultiplier(context, event.value);
      const ratio = multiplierValue({ ...context, target: out.target });
      return {
        right: out.right,
        target: out.target,
        multiplier: out.multiplier,
        multiplierTarget: out.target,
        notice: !out.found
          ? notice(context, 'info', { key: 'noTarget' })
          : farBeyond(event.value, ratio)
            ? notice(context, 'info', { key: 'multiplierFar', multiplier: ratio })
            : context.notice,
      };
    }),
    toggleMirror: assign(({ context }) => ({ rollUnder: !context.rollUnder })),
    noticeLocked: assign(({ context }) => ({ notice: notice(context, 'error', { key: 'locked' }) })),
    noticeMaxStake: assign(({ context }) => ({ notice: notice(context, 'error', { key: 'maxStake' }) })),
    noticeStakeFirst: assign(({ context }) => ({ notice: notice(context, 'info', { key: 'stakeFirst' }) })),
    noticeError: assign(({ context }, params: { error: unknown; fallback: NoticeKey }) => ({
      notice: errorNotice(context, params.error, params.fallback),
    })),
    dismissNotice: assign({ notice: null }),
    storeGame: assign(({ context }, params: { game: UpgradeResponse }) => ({
      game: params.game,
      gameStake: context.staked.flatMap((id) => context.inventory.filter((i) => i.id === id)),
      gameBalanceStake: context.balanceStake,
      inventoryStale: true,
      notice: null,
    })),
    applyGameBalances: assign(({ context }) => {
      const game = context.game;
      if (!game || !context.user) return {};
      return { user: { ...context.user, balance: game.balance, bonus_balance: game.bonus_balance } };
    }),
    applySale: assign(({ context }, params: { balance: number }) => ({
      user: context.user ? { ...context.user, balance: params.balance } : null,
      inventoryStale: true,
    })),
    noticeSold: assign(({ context }, params: { balance: number }) => ({
      notice: notice(context, 'info', { key: 'sold', balance: params.balance }),
    })),
    clearGame: assign({ game: null, gameStake: [], gameBalanceStake: 0, staked: [], balanceStake: 0, target: null }),
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'user.setFilter');
      const side = context[event.side];
      return { [event.side]: { ...side, filter: { ...side.filter, ...event.patch }, page: 0 } };
    }),
    toggleSort: assign(({ context, event }) => {
      assertEvent(event, 'user.toggleSort');
      const side = context[event.side];
      return { [event.side]: { ...side, sort: side.sort === 'asc' ? 'desc' : 'asc', page: 0 } };
    }),
    turnPage: assign(({ context, event }) => {
      assertEvent(event, 'user.page');
      const side = context[event.side];
      return { [event.side]: { ...side, page: Math.max(0, side.page + event.delta) } };
    }),
    setMaxLevels: assign(({ context, event }) => {
      assertEvent(event, 'user.setMaxLevels');
      const value =
        event.value == null ? null : Math.max(0, Math.min(Math.floor(event.value), context.right.levelsCap));
      return { right: { ...context.right, maxLevels: value, page: 0 } };
    }),
    toggleBp: assign(({ context }) => {
      const bp = !context.right.bp;
      // Turning BP mode on stores max_levels = 3000 (spec section 4).
      return {
        right: {
          ...context.right,
          bp,
          levelsCap: bp ? 3000 : context.right.levelsCap,
          maxLevels: bp ? null : context.right.maxLevels,
          page: 0,
        },
      };
    }),
    saveBp: ({ context }) => writeBpPref(context.right.bp),
    toggleSound: assign(({ context }) => ({ sound: !context.sound })),
    saveSound: ({ context }) => writeSoundPref(context.sound),
    toggleFastSpin: assign(({ context }) => ({ fastSpin: !context.fastSpin })),
    saveFastSpin: ({ context }) => writeFastSpinPref(context.fastSpin),
    showLiveGame: assign(({ context, event }) => {
      assertEvent(event, 'live.game');
      return { live: withLiveGames(context.live, [event.game]) };
    }),
    holdLiveGame: assign(({ context, event }) => {
      assertEvent(event, 'live.game');
      return { liveHeld: [...context.liveHeld, event.game] };
    }),
    releaseLiveGames: assign(({ context }) => ({ live: withLiveGames(context.live, context.liveHeld), liveHeld: [] })),
    markStale: assign({ inventoryStale: true }),
    // The feed runs for the page's whole life; a chart walked as a pure graph (xstate/graph, the tests' model)
    // has no running children and no snapshot of its own, so there is nothing to tell.
    reconnectLive: enqueueActions(({ enqueue, self }) => {
      if (self.getSnapshot?.()?.children?.liveFeed) enqueue.sendTo('liveFeed', LIVE_RECONNECT);
    }),
    saveHideName: enqueueActions(({ context, enqueue, self }) => {
      if (self.getSnapshot?.()?.children?.liveFeed)
        enqueue.sendTo('liveFeed', { type: LIVE_HIDE_NAME, hide: !context.user?.hide_name });
    }),
    applyHideName: assign(({ context, event }) => {
      assertEvent(event, 'live.hideNameSaved');
      return { user: context.user ? { ...context.user, hide_name: event.hide } : null };
    }),
  },
});

/** Builds the context from the input (kept beside the setup so the chart file stays about the chart). */
export const pageContext = ({ input }: { input: PageInput }): PageContext => initialContext(input);
