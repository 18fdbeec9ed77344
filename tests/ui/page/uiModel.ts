/**
 * What the rendered page can do in each snapshot of the model: the events a player (or the network) can cause
 * there, so the generated paths are executable in the UI. Async states are left only by their own answer.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { isUsable, type Item } from '../../../src/domain/item.ts';
import { toMinor } from '../../../src/domain/money.ts';
import { csSite, dotaSite } from '../../machines/fixtures.ts';
import { abstract, modelEvents } from '../../machines/pageModel.ts';
import type { PathOptions } from '../../machines/paths.ts';

const WAITING = [
  'loading',
  'reloading',
  'signingOut',
  { unauthenticated: 'submitting' },
  { playing: 'requesting' },
  { playing: 'revealing' },
  { result: 'selling' },
  'sellingItem',
] as const;

/** The events only the BP controls send (checkbox `bp-mode`, input `max-levels`): rendered on the Dota site only. */
export const BP_EVENTS = ['user.toggleBp', 'user.setMaxLevels'] as const;

/** Whether a transition (key `source|event|index`, coverage.ts) is taken by a BP control. */
export const takenByBpControl = (key: string) => (BP_EVENTS as readonly string[]).includes(key.split('|')[1]);

/** Whether the rendered page of the snapshot's site variant can produce `e` in snapshot `s`. */
export function uiCan(s: AnyMachineSnapshot, e: EventObject): boolean {
  const settles = e.type.startsWith('xstate.');
  const running = (s.context as { __running?: Record<string, boolean> }).__running ?? {};
  // A result's reload answers first: the page cannot reliably click before an in-process answer.
  if (running.reloadAfterGame && !e.type.endsWith('.reloadAfterGame')) return false;
  if (!settles && WAITING.some((w) => s.matches(w as never))) return false;
  // The error screen replaces the page: only its retry button and the header's sign-out remain.
  if (!settles && s.matches('error'))
    return e.type === 'user.retry' || (e.type === 'user.signOut' && (s.context as { user: unknown }).user !== null);
  const c = s.context as {
    user: { balance: number } | null;
    inventory: unknown[];
    notice: unknown;
    staked: number[];
    site: { bpMode: boolean };
    right: { bp: boolean };
  };
  const itemsShown = c.user !== null && c.inventory.length > 0;
  switch (e.type) {
    // The BP checkbox exists on the Dota site only; the max-levels input only while BP mode is on.
    case 'user.toggleBp':
      return c.site.bpMode;
    case 'user.setMaxLevels':
      return c.site.bpMode && c.right.bp;
    case 'user.dismissNotice':
      return c.notice !== null;
    case 'user.page':
    case 'user.toggleSort':
    case 'user.pickItem':
      return itemsShown;
    // A sell button is under each usable item of the player's.
    case 'user.sellItem':
      return itemsShown;
    case 'user.signOut':
    case 'user.toggleHideName':
      return c.user !== null;
    // The balance field and its quick buttons are on while there is a balance to stake from.
    case 'user.setBalanceStake':
    case 'user.balanceShare':
      return (c.user?.balance ?? 0) > 0;
    default:
      return true;
  }
}

/** The control a player uses for an event that is one click, by test id (shared by the jsdom and browser suites). */
export function controlOf(e: EventObject): string | null {
  const v = e as EventObject & { value?: number };
  switch (e.type) {
    case 'user.chooseAll':
      return 'choose-all';
    case 'user.clear':
      return 'clear';
    case 'user.multiplier':
      return `multiplier-${v.value}`;
    case 'user.mirror':
      return 'mirror';
    case 'user.toggleSound':
      return 'sound';
    case 'user.play':
      return 'play';
    case 'user.return':
      return 'return';
    case 'user.sell':
      return 'sell';
    case 'user.retry':
      return 'retry';
    case 'user.signOut':
      return 'sign-out';
    case 'user.dismissNotice':
      return 'notice-close';
    case 'user.toggleSort':
      return 'sort-left';
    case 'user.page':
      return 'page-next-left';
    case 'user.toggleBp':
      return 'bp-mode';
    case 'user.toggleFastSpin':
      return 'fast-spin';
    case 'user.toggleHideName':
      return 'live-hide-name';
    case 'user.balanceShare': {
      const percent = (e as EventObject & { percent?: number }).percent;
      return percent === 100 ? 'balance-max' : `balance-${percent}`;
    }
    default:
      return null;
  }
}

/** States the page only passes through, waiting for an answer: a suite checks where they led, not them. */
export const PASSING = ['loading', 'reloading', 'signingOut'] as const;

/** The test id that must be shown in a resting state, if the state has its own screen. */
export function screenOf(s: AnyMachineSnapshot): string | null {
  const v = JSON.stringify(s.value);
  if (v.includes('unauthenticated')) return 'sign-in';
  if (v === '"empty"') return 'inventory-empty';
  if (v === '"error"') return 'load-error';
  if (v.includes('result') && !v.includes('selling')) {
    // The CS site's own panel; the other variants show a win or a loss panel.
    if ((s.context as { site: { resultPanel: string } }).site.resultPanel === 'cs') return 'result-panel';
    return s.matches({ result: 'win' } as never) ? 'win-panel' : 'loss-panel';
  }
  return null;
}

/**
 * The two walks of the rendered page (jsdom and browser alike), as cachedPlan names and options. Together they
 * take every transition: the CS page every one but the BP controls' (it does not render them), the Dota page
 * those two (its other transitions are the CS page's, so its run is kept to the paths that end in a BP control).
 */
export const PAGE_PLANS = {
  cs: {
    name: 'page-cs',
    options: { input: { site: csSite }, events: modelEvents, abstract, allow: uiCan, skip: takenByBpControl },
  },
  dota: {
    name: 'page-dota',
    options: {
      input: { site: dotaSite },
      events: modelEvents,
      abstract,
      allow: uiCan,
      skip: (k: string) => !takenByBpControl(k),
    },
  },
} as const satisfies Record<string, { name: string; options: PathOptions }>;

/** The balance field's events: a browser player starts with no balance. */
const BALANCE_EVENTS = ['user.setBalanceStake', 'user.balanceShare'];

/**
 * Whether a transition (key `source|event|index`) is taken on an event of the live feed or its name switch, or
 * on the balance field.
 */
export const leftToOtherSpecs = (key: string) => {
  const event = key.split('|')[1];
  return event.startsWith('live.') || BALANCE_EVENTS.includes(event);
};

/** What the browser runner can cause: not the feed's events, not the balance field's. */
const browserCan = (s: AnyMachineSnapshot, e: EventObject) =>
  uiCan(s, e) && !e.type.startsWith('live.') && !BALANCE_EVENTS.includes(e.type);

/**
 * The walks for the browser: the feed's events come from the server's stream there, which the runner does not
 * drive (tests/e2e/live.spec.ts plays games in another tab and checks the strip and the reload; the jsdom walks
 * deliver the events to the page). A browser player has no balance until a sale, so the balance field's games are
 * played by tests/e2e/balance.spec.ts instead. So no path has one, and the browser's coverage leaves their
 * transitions out.
 */
export const BROWSER_PAGE_PLANS = {
  cs: {
    name: 'page-cs-browser',
    options: {
      ...PAGE_PLANS.cs.options,
      allow: browserCan,
      skip: (k: string) => takenByBpControl(k) || leftToOtherSpecs(k),
    },
  },
  dota: {
    name: 'page-dota-browser',
    options: {
      ...PAGE_PLANS.dota.options,
      allow: browserCan,
    },
  },
} as const satisfies Record<string, { name: string; options: PathOptions }>;

/**
 * The real target for the model's `user.pickTarget`: the cheapest usable catalogue item at 50x the stake or more
 * for a path that wants a loss (the catalogue's dearest when none is), else the cheapest one dearer than the
 * stake (minor units). The model's targets are all dearer than its stake, but a random starter pack can hold the
 * catalogue's dearest item (about 0.3 % of CS packs), and then no target is: null, and the runner retries the path
 * with fresh players. Shared by the jsdom and the browser runners.
 */
export function modelTarget<T extends Item>(uitems: readonly T[], stakeMinor: number, expectsLoss: boolean): T | null {
  const dearer = uitems.filter((i) => isUsable(i) && toMinor(i.price) > stakeMinor).sort((a, b) => a.price - b.price);
  if (!expectsLoss) return dearer[0] ?? null;
  return dearer.find((i) => toMinor(i.price) >= stakeMinor * 50) ?? dearer.at(-1) ?? null;
}
