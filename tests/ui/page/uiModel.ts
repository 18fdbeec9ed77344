/**
 * What the rendered page can do in each snapshot of the model: the events a player (or the network) can cause
 * there, so the generated paths are executable in the UI. Async states are left only by their own answer.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';

const WAITING = ['loading', 'reloading', 'signingOut', { unauthenticated: 'submitting' }, { playing: 'requesting' }, { playing: 'revealing' }, { result: 'selling' }] as const;

/** Transitions the CS variant cannot take in its UI: the BP controls exist on the Dota site only. */
export const notRenderedOnCs = (key: string) => key.includes('user.setMaxLevels') || key.includes('user.toggleBp');

/** Whether the rendered CS page can produce `e` in snapshot `s`. */
export function uiCan(s: AnyMachineSnapshot, e: EventObject): boolean {
  const settles = e.type.startsWith('xstate.');
  const running = (s.context as { __running?: Record<string, boolean> }).__running ?? {};
  // A result's reload answers first: the page cannot reliably click before an in-process answer.
  if (running.reloadAfterGame && !e.type.endsWith('.reloadAfterGame')) return false;
  if (!settles && WAITING.some((w) => s.matches(w as never))) return false;
  // The error screen replaces the page: only its retry button (and the header) remain.
  if (!settles && s.matches('error')) return e.type === 'user.retry';
  const c = s.context as { user: unknown; inventory: unknown[]; notice: unknown; staked: number[] };
  const itemsShown = c.user !== null && c.inventory.length > 0;
  switch (e.type) {
    case 'user.setMaxLevels':
    case 'user.toggleBp':
      return false;
    case 'user.dismissNotice':
      return c.notice !== null;
    case 'user.page':
    case 'user.toggleSort':
    case 'user.pickItem':
      return itemsShown;
    case 'user.signOut':
      return c.user !== null;
    default:
      return true;
  }
}

/** The control a player uses for an event that is one click, by test id (shared by the jsdom and browser suites). */
export function controlOf(e: EventObject): string | null {
  const v = e as EventObject & { value?: number };
  switch (e.type) {
    case 'user.chooseAll': return 'choose-all';
    case 'user.clear': return 'clear';
    case 'user.multiplier': return `multiplier-${v.value}`;
    case 'user.mirror': return 'mirror';
    case 'user.toggleSound': return 'sound';
    case 'user.play': return 'play';
    case 'user.return': return 'return';
    case 'user.sell': return 'sell';
    case 'user.retry': return 'retry';
    case 'user.signOut': return 'sign-out';
    case 'user.dismissNotice': return 'notice-close';
    case 'user.toggleSort': return 'sort-left';
    case 'user.page': return 'page-next-left';
    default: return null;
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
  if (v.includes('result') && !v.includes('selling')) return 'result-panel';
  return null;
}
