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
